package jsontree

import (
	"bytes"
	"encoding/json"
	"errors"
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
// end of JSON input"), but for data after the value: "invalid character
// after top-level value", without the character json.Unmarshal names.
func ParseStd(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	for _, c := range data[dec.InputOffset():] {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return nil, errors.New("invalid character after top-level value")
		}
	}
	return v, nil
}
