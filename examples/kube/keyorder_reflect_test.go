package kube_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Values fillMaximal gives the types encoding/json writes as scalars.
var (
	maximalTime     = metav1.NewTime(time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC))
	maximalQuantity = resource.MustParse("1")
	maximalIntOrStr = intstr.FromString("25%")
	maximalFields   = *metav1.NewFieldsV1(`{"f:metadata":{}}`)
)

// fillMaximal sets v and everything under it to a non-zero value: strings
// "x", numbers 1, bools true, maps and slices of one entry, pointers to
// filled values, and the values above for times, quantities, int-or-strings
// and managed fields.
func fillMaximal(v reflect.Value) {
	switch v.Addr().Interface().(type) {
	case *metav1.Time:
		v.Set(reflect.ValueOf(maximalTime))
		return
	case *resource.Quantity:
		v.Set(reflect.ValueOf(maximalQuantity))
		return
	case *intstr.IntOrString:
		v.Set(reflect.ValueOf(maximalIntOrStr))
		return
	case *metav1.FieldsV1:
		v.Set(reflect.ValueOf(maximalFields))
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(1)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fillMaximal(v.Elem())
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fillMaximal(v.Index(0))
	case reflect.Map:
		key, elem := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fillMaximal(key)
		fillMaximal(elem)
		v.Set(reflect.MakeMap(v.Type()))
		v.SetMapIndex(key, elem)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fillMaximal(v.Field(i))
			}
		}
	default:
		panic(fmt.Sprintf("fillMaximal: %v", v.Type()))
	}
}

// marker is the key encodeMarked adds to the objects of Go structs: it
// sorts before every key of the API types, so a key missing from a
// wire table, written after the known ones and sorted among the unknown,
// comes after it where encoding/json's order has it before.
const marker = "0"

var jsonMarshaler = reflect.TypeFor[json.Marshaler]()

// encodeMarked appends v as encoding/json writes it (for the maximal
// values fillMaximal makes, where no omitempty field is empty), and with
// mark true adds "0":0 as the last key of each object that is a Go struct
// (not of maps, nor of values that marshal themselves).
func encodeMarked(b *bytes.Buffer, v reflect.Value, mark bool) {
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			b.WriteString("null")
			return
		}
		v = v.Elem()
	}
	if !v.CanAddr() { // a map's value, or the root: marshalers may want a pointer
		c := reflect.New(v.Type()).Elem()
		c.Set(v)
		v = c
	}
	if v.Addr().Type().Implements(jsonMarshaler) {
		mustWriteJSON(b, v.Addr().Interface())
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		b.WriteByte('{')
		encodeFields(b, v, mark)
		if mark {
			b.WriteString(`"` + marker + `":0`)
		}
		b.Truncate(len(bytes.TrimSuffix(b.Bytes(), []byte(","))))
		b.WriteByte('}')
	case reflect.Map:
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			mustWriteJSON(b, k.String())
			b.WriteByte(':')
			encodeMarked(b, v.MapIndex(k), mark)
		}
		b.WriteByte('}')
	case reflect.Slice, reflect.Array:
		b.WriteByte('[')
		for i := range v.Len() {
			if i > 0 {
				b.WriteByte(',')
			}
			encodeMarked(b, v.Index(i), mark)
		}
		b.WriteByte(']')
	default:
		mustWriteJSON(b, v.Interface())
	}
}

// encodeFields appends the members of struct v, each followed by a comma,
// in declaration order, inlining embedded structs without a JSON name.
func encodeFields(b *bytes.Buffer, v reflect.Value, mark bool) {
	for i := range v.NumField() {
		f := v.Type().Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "-" || !f.IsExported() && !f.Anonymous:
			continue
		case f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct:
			encodeFields(b, v.Field(i), mark)
			continue
		case name == "":
			name = f.Name
		}
		mustWriteJSON(b, name)
		b.WriteByte(':')
		encodeMarked(b, v.Field(i), mark)
		b.WriteByte(',')
	}
}

// mustWriteJSON appends encoding/json's encoding of v.
func mustWriteJSON(b *bytes.Buffer, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	b.Write(data)
}
