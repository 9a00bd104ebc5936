package wire

import (
	"bytes"
	"cmp"
	"slices"

	"github.com/dcplan/dcplan"
)

// packRCs stores the Raw of the RCs of each DC in ds packed against one
// of them (dcplan.Packer), so that a decoded List holds about one RC's
// JSON per DC and a few hundred bytes for each further RC, instead of
// every RC's JSON whole: the RCs of one DC are its rollouts, nearly all
// alike (BenchmarkSnapshotBytesPerRC: 3 109 -> 1 404 bytes per RC of a
// DC with 1 000).
//
// The RCs of a DC are those of one namespace that name one DC (the
// config-name annotation, else the config label, else the controller
// reference's UID), taken in version order (then name, then document
// order). The first is held plain and becomes the reference; each next
// one is packed against the current reference, and becomes the reference
// itself, held plain, when packing would not bring it under a quarter of
// its size (its DC has changed too much since). So an RC unpacks from one
// reference, never from a chain, and which RCs are held plain depends
// only on the RCs, not on the order of the document.
//
// A packed RC's Template.Raw and encoded-DC literal, slices of its plain
// Raw until then, are copied out (the literal packed too), so that
// nothing keeps the plain bytes alive. Values read the same either way:
// no output depends on how an RC's Raw is held.
func packRCs(ds []dcplan.Deployment) {
	if len(ds) < 2 {
		return
	}
	// The key of each RC, computed once: the sort compares them often.
	keys := make([]string, len(ds))
	order := make([]int, 0, len(ds))
	for i := range ds {
		if keys[i] = shareKey(&ds[i]); keys[i] != "" && !ds[i].Raw.IsZero() {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		x, y := &ds[a], &ds[b]
		return cmp.Or(cmp.Compare(x.Namespace, y.Namespace), cmp.Compare(keys[a], keys[b]),
			cmp.Compare(x.Version, y.Version), cmp.Compare(x.Name, y.Name))
	})
	var p dcplan.Packer
	for k, i := range order {
		d := &ds[i]
		if prev := order[max(k-1, 0)]; k == 0 || d.Namespace != ds[prev].Namespace || keys[i] != keys[prev] {
			p.Reset(d.Raw.Bytes())
			continue
		}
		raw := d.Raw.Bytes()
		packed := p.Pack(raw)
		if !packed.Packed() || packed.Size()*4 > len(raw) {
			p.Reset(raw)
			continue
		}
		d.Raw = packed
		d.Template.Raw = bytes.Clone(d.Template.Raw)
		if src := d.Encoded.Source(); !src.IsZero() {
			lit := p.Pack(src.Bytes())
			if !lit.Packed() {
				lit = dcplan.StoreJSON(bytes.Clone(src.Bytes()))
			}
			d.Encoded = dcplan.DecodeEncodedLater(lit, decodeEncodedLiteral)
		}
	}
}

// shareKey names the DC whose RCs d is packed with: its config-name
// annotation, else its config label, else its controller's UID; "" for
// an RC that names no DC.
func shareKey(d *dcplan.Deployment) string {
	switch {
	case d.ConfigName != "":
		return d.ConfigName
	case d.ConfigLabel != "":
		return d.ConfigLabel
	case d.HasController && d.Controller.UID != "":
		return "uid:" + d.Controller.UID
	}
	return ""
}
