// Package jsontree reads and writes generic JSON trees: the values
// encoding/json builds for an `any` target with UseNumber (map[string]any,
// []any, string, json.Number, bool and nil). Numbers stay json.Number, so
// they are carried exactly as written.
//
// Parse reads a document into a tree as encoding/json would, only faster
// (its own scanner, checked against encoding/json by FuzzScan); the
// documents the scanner refuses go to encoding/json, whose error is
// returned (a json.Decoder's: a document cut short reads "unexpected
// EOF", and data after the value "invalid character after top-level
// value", where json.Unmarshal words both otherwise). AppendCanonical writes a tree in canonical form: compact, the
// members of every object in key order, strings escaped as
// encoding/json.Marshal escapes them, so that it gives exactly
// json.Marshal's bytes for any tree Parse builds (a hand-made tree's
// json.Number that is no JSON number is written as it stands, where
// json.Marshal fails). The wire codec and the fake API server share it.
//
// ScanTape reads a document onto a Tape instead: one flat slice of nodes,
// no map, slice or boxed value per JSON value, the strings parts of the
// document. The codec's decoders read it, looking up the members they
// need; FuzzTape checks it against Scan.
package jsontree
