package dcplan

import (
	"reflect"
	"sync"
)

// EncodedConfig is the DC an RC's openshift.io/encoded-deployment-config
// annotation holds (SPEC 3.5.6, 2.4): the DC as it was when the RC was
// made. The zero value is an RC without the annotation.
//
// A codec that decodes an RC leaves the annotation as it is, in the RC's
// Raw, and decodes it the first time Config or Problem is called (see
// DecodeEncodedLater): the planners read the encoded DC of a few RCs (the
// latest, the one being rolled out, the one rolled back to), so decoding
// every RC's would cost most RCs their bytes and time for nothing. The
// result is the same whenever it is asked for, and by whom: decoding is a
// pure function of the RC's bytes, run once, under a sync.Once, so copies
// of a Deployment, and goroutines, share it.
//
// Values are read only: the *Config that Config returns is shared by
// every copy of the Deployment, and no planner writes through it.
// Deployment.Clone copies a DC given to EncodedOf deeply, and shares one a
// codec decodes (decoded or not).
//
// Comparing: Equal (which go-cmp uses) compares what two values read as.
// reflect.DeepEqual holds for copies and clones of one Deployment, but
// tells apart two decodings of the same RC, which hold a decoder each.
type EncodedConfig struct {
	c *encodedCell
}

// encodedCell is what copies of an EncodedConfig share.
type encodedCell struct {
	once sync.Once
	// src and decode, for a value decoded when first asked for: what the
	// codec reads the DC from (package wire: the annotation's JSON string
	// literal, a part of the RC's canonical Raw, or that literal packed
	// like Raw) and its decoder.
	src    StoredJSON
	decode func(RawJSON) (*Config, string)
	// cfg is the decoded DC, nil when the annotation does not decode;
	// problem then says why.
	cfg     *Config
	problem string
}

// EncodedOf returns the EncodedConfig of an RC whose annotation is cfg
// serialised, as a DC controller writes it (SPEC 3.8). It keeps a deep
// copy of cfg.
func EncodedOf(cfg Config) EncodedConfig { return decided(new(cfg.Clone()), "") }

// EncodedOfSource is EncodedOf for an RC a codec has just written with
// cfg serialised into its annotation: src is that annotation as Source
// reports it (package wire: the annotation's JSON string literal in the
// RC's Raw). Nothing is decoded, now or later: Config is a deep copy of
// cfg. A codec writing the RC back keeps the annotation as it stands when
// Source is that annotation, without serialising cfg again to compare
// (wire.NewDeployment followed by wire.EncodeDeployment). src must hold
// cfg serialised, and must not change afterwards.
func EncodedOfSource(cfg Config, src StoredJSON) EncodedConfig {
	e := EncodedOf(cfg)
	e.c.src = src
	return e
}

// EncodedUndecodable returns the EncodedConfig of an RC whose annotation
// is present but is no DeploymentConfig, problem saying why in upstream's
// words (e.g. `couldn't get version/kind; json parse error: unexpected
// end of JSON input`). Such an RC is a state real clusters reach, and the
// planners handle it as upstream does (SPEC 13.1). An empty problem reads
// as "does not decode".
func EncodedUndecodable(problem string) EncodedConfig {
	if problem == "" {
		problem = "does not decode"
	}
	return decided(nil, problem)
}

// decided returns an EncodedConfig with nothing left to decode.
func decided(cfg *Config, problem string) EncodedConfig {
	c := &encodedCell{cfg: cfg, problem: problem}
	c.once.Do(func() {})
	return EncodedConfig{c}
}

// DecodeEncodedLater returns the EncodedConfig of an RC whose annotation
// decode reads from src, decoded the first time it is asked for: decode
// is given src's JSON and returns the DC, or nil and why the annotation
// does not decode. It is for codecs: package wire gives the annotation's
// JSON string literal as it stands in the RC's canonical Raw (so an
// annotation never asked for costs no bytes of its own), or, for an RC
// whose Raw it packs, that literal packed the same way. decode must be a
// pure function of src's JSON, which must not change afterwards.
func DecodeEncodedLater(src StoredJSON, decode func(RawJSON) (*Config, string)) EncodedConfig {
	return EncodedConfig{&encodedCell{src: src, decode: decode}}
}

// resolved returns the cell, decoded; nil for the zero value.
func (e EncodedConfig) resolved() *encodedCell {
	c := e.c
	if c == nil {
		return nil
	}
	c.once.Do(func() {
		c.cfg, c.problem = c.decode(c.src.Bytes())
		if c.cfg == nil && c.problem == "" {
			c.problem = "does not decode"
		}
	})
	return c
}

// Present reports whether the RC has the annotation, decodable or not.
// It decodes nothing.
func (e EncodedConfig) Present() bool { return e.c != nil }

// Config returns the encoded DC; nil when the annotation is absent or
// does not decode. Its Raw is that DC in canonical form (nil when it was
// built in code, as EncodedOf's argument may be). It is read only.
func (e EncodedConfig) Config() *Config {
	if c := e.resolved(); c != nil {
		return c.cfg
	}
	return nil
}

// Problem returns why the annotation, present, does not decode; "" when
// it decodes or is absent.
func (e EncodedConfig) Problem() string {
	if c := e.resolved(); c != nil {
		return c.problem
	}
	return ""
}

// Source returns what a value from DecodeEncodedLater is decoded from, or
// what EncodedOfSource was given (the annotation's JSON string literal,
// for package wire's); zero otherwise.
// It decodes nothing: a codec writing the RC back keeps its annotation as
// it is when Source is that annotation.
func (e EncodedConfig) Source() StoredJSON {
	if e.c == nil {
		return StoredJSON{}
	}
	return e.c.src
}

// Equal reports whether e and o read the same: both absent, both the same
// DC, or both undecodable for the same reason. It decodes both.
func (e EncodedConfig) Equal(o EncodedConfig) bool {
	if e.c == o.c {
		return true
	}
	if e.Present() != o.Present() {
		return false
	}
	if e.Problem() != o.Problem() {
		return false
	}
	a, b := e.Config(), o.Config()
	return a == b || a != nil && b != nil && reflect.DeepEqual(*a, *b)
}

// clone returns the EncodedConfig of a deep copy of a Deployment: a deep
// copy of e's DC, or, for one a codec decodes when asked, e itself, whose
// decoding both copies share (it is read only), decoded or not: cloning
// decodes nothing, and the copy is reflect.DeepEqual to the original.
func (e EncodedConfig) clone() EncodedConfig {
	c := e.c
	switch {
	case c == nil || c.decode != nil:
		return e
	case c.cfg != nil:
		return EncodedOfSource(*c.cfg, c.src) // src is read only: shared
	}
	return e // undecodable: nothing in it to copy
}
