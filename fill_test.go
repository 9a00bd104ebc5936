package dcplan_test

import (
	"reflect"
	"time"
)

// filler sets every exported field reachable from a value by reflection:
// each slice one element long, each pointer to a new value, each scalar
// non-zero. The clone and equality tests use it so that a field added to
// a type is covered without editing them.
//
// Leaves (scalars and times) are numbered in walk order; the leaf whose
// number is other gets a second value instead of the first, so that two
// fillings differing in other alone differ in one field, which an Equal
// must see.
type filler struct {
	other int // the leaf that gets the second value; -1 for none
	leaf  int // leaves seen so far
	paths []string
}

// fill fills v, which must be settable. path names v for failure
// messages; the path of each leaf is appended to f.paths.
func (f *filler) fill(v reflect.Value, path string) {
	if v.Type() == reflect.TypeFor[time.Time]() {
		v.Set(reflect.ValueOf(f.pick(path, t0, t0.Add(time.Second))))
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				f.fill(v.Field(i), path+"."+v.Type().Field(i).Name)
			}
		}
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		f.fill(s.Index(0), path+"[0]")
		v.Set(s)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		f.fill(p.Elem(), "(*"+path+")")
		v.Set(p)
	case reflect.String:
		v.SetString(f.pick(path, "x", "y").(string))
	case reflect.Bool:
		v.SetBool(f.pick(path, true, false).(bool))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(f.pick(path, 1, 2).(int)))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(f.pick(path, 1, 2).(int)))
	default:
		panic("filler: no rule for " + path + " of kind " + v.Kind().String())
	}
}

// pick numbers one leaf and returns first, or second for leaf other.
func (f *filler) pick(path string, first, second any) any {
	n := f.leaf
	f.leaf++
	f.paths = append(f.paths, path)
	if n == f.other {
		return second
	}
	return first
}

// filled returns a T with every field set, leaf other (none for -1)
// holding its second value, and the paths of all its leaves in walk
// order.
func filled[T any](other int) (T, []string) {
	var x T
	f := &filler{other: other}
	f.fill(reflect.ValueOf(&x).Elem(), reflect.TypeFor[T]().Name())
	return x, f.paths
}
