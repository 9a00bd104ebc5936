package jsontree

// Clone returns a deep copy of the tree v: its objects and arrays are new,
// its strings, numbers, bools and nulls shared (they are immutable).
func Clone(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[k] = Clone(e)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = Clone(e)
		}
		return out
	}
	return v
}
