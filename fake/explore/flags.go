package explore

import (
	"strconv"
	"strings"
)

// ParseInts reads a bound given on a command line, such as the replica
// counts or history limits of Options: comma-separated integers ("0,1,2",
// "-1,1"), spaces around each allowed.
func ParseInts(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}
