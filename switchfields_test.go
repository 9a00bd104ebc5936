package dcplan

import (
	"fmt"
	"reflect"
	"testing"
)

// TestSwitchFieldsCoverSwitches holds switchFields to the Switches struct:
// every field, in declaration order, each entry reaching its own field.
func TestSwitchFieldsCoverSwitches(t *testing.T) {
	typ := reflect.TypeFor[Switches]()
	if len(switchFields) != typ.NumField() {
		t.Fatalf("switchFields has %d entries, Switches %d fields", len(switchFields), typ.NumField())
	}
	for i, f := range switchFields {
		sf := typ.Field(i)
		if f.name != sf.Name {
			t.Errorf("switchFields[%d] is %s, field %d of Switches is %s", i, f.name, i, sf.Name)
			continue
		}
		var sw Switches
		if f.flag != nil {
			*f.flag(&sw) = true
		} else if !f.set(&sw, reflect.New(sf.Type).Elem().Interface().(fmt.Stringer).String()) {
			t.Errorf("%s: set does not know its zero value", f.name)
		}
		v := reflect.ValueOf(sw)
		for j := range v.NumField() {
			if j != i && !v.Field(j).IsZero() {
				t.Errorf("switchFields[%d] (%s) writes field %s", i, f.name, typ.Field(j).Name)
			}
		}
		if f.flag != nil && !v.Field(i).Bool() {
			t.Errorf("switchFields[%d] (%s) does not write its field", i, f.name)
		}
	}
}
