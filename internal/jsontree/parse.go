package jsontree

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// Parse reads exactly one JSON value from data (surrounding JSON
// whitespace allowed) into a tree. Scan reads it; a document Scan refuses
// goes to encoding/json, whose error Parse returns.
func Parse(data []byte) (any, error) {
	if v, ok := Scan(data); ok {
		return v, nil
	}
	return ParseStd(data)
}

// ParseStd is Parse by encoding/json alone: the reference Scan agrees
// with, and the source of the error texts, a json.Decoder's (a document
// cut short is "unexpected EOF", where json.Unmarshal says "unexpected
// end of JSON input"; so is one with no value at all, empty or only
// whitespace, for which a json.Decoder returns io.EOF), but for data
// after the value: "invalid character after top-level value", without
// the character json.Unmarshal names.
func ParseStd(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		if errors.Is(err, io.EOF) { // no value: a stream's clean end, a document's cut short
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	for _, c := range data[dec.InputOffset():] {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return nil, errors.New("invalid character after top-level value")
		}
	}
	return v, nil
}
