package fake

// Stats counts what a World holds.
type Stats struct {
	Configs, RCs, Pods int
	// Versions counts stored versions, tombstones included.
	Versions int
	// Bytes is the size of the stored wire blobs, interned encoded configs
	// excluded (they are shared).
	Bytes int
	// Interned is the size of the distinct interned encoded configs the
	// current RCs refer to.
	Interned int
}

// Stats walks the World and counts its objects and stored bytes.
func (w *World) Stats() Stats {
	var st Stats
	seen := map[string]bool{}
	for _, ns := range w.nsList {
		sp := w.spaces[ns]
		for _, k := range []Kind{KindConfig, KindRC, KindPod} {
			for _, o := range sp.table(k) {
				st.Versions += len(o.versions)
				for _, v := range o.versions {
					st.Bytes += v.blob.size()
				}
				cur := o.current()
				if !cur.exists() {
					continue
				}
				switch k {
				case KindConfig:
					st.Configs++
				case KindRC:
					st.RCs++
				default:
					st.Pods++
				}
				if cur.blob.cut >= 0 {
					if enc := cur.blob.enc.Value(); !seen[enc] {
						seen[enc] = true
						st.Interned += len(enc)
					}
				}
			}
		}
	}
	return st
}
