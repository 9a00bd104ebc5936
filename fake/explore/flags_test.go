package explore_test

import (
	"slices"
	"testing"

	"github.com/dcplan/dcplan/fake/explore"
)

func TestParseInts(t *testing.T) {
	for _, tt := range []struct {
		in      string
		want    []int
		wantErr bool
	}{
		{"0,1,2", []int{0, 1, 2}, false},
		{" -1 , 1", []int{-1, 1}, false},
		{"3", []int{3}, false},
		{"1,,2", nil, true},
		{"one", nil, true},
		{"", nil, true},
	} {
		got, err := explore.ParseInts(tt.in)
		if (err != nil) != tt.wantErr || !slices.Equal(got, tt.want) {
			t.Errorf("ParseInts(%q) = %v, %v; want %v (error %v)", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}
