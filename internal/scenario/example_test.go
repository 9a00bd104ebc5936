package scenario_test

import (
	"fmt"

	"github.com/dcplan/dcplan/internal/scenario"
)

// ExampleParseState reads a state with defaults: the RC is owned by the DC,
// carries it as its encoded config, and takes its version from its name.
func ExampleParseState() {
	s, err := scenario.ParseState([]string{
		"now 2026-11-30T10:00:00Z",
		"dc web ns=shop replicas=3 latest=2 image=img:1",
		"rc web-2 phase=Running replicas=3 created=now-5m",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	d := s.Deployments[0]
	fmt.Println(d.Namespace, d.Version, d.Phase, d.Controller.Name, d.Encoded != nil, d.Template.Containers[0].Image)
	fmt.Println(s.Now.Sub(d.CreationTime))
	// Output:
	// shop 2 Running web true img:1
	// 5m0s
}

// ExampleFormatState prints a snapshot canonically: defaults omitted, keys in
// a fixed order, absolute times.
func ExampleFormatState() {
	s, _ := scenario.ParseState([]string{
		"rc web-1 phase=Complete",
		"dc web limit=2 latest=1",
		"now 2026-11-30T10:00:00Z",
		"pod web-1-deploy phase=Succeeded exit=0 created=now-1h",
	})
	fmt.Print(scenario.FormatState(s))
	// Output:
	// now 2026-11-30T10:00:00Z
	// dc web limit=2 latest=1
	// rc web-1 phase=Complete
	// pod web-1-deploy created=2026-11-30T09:00:00Z phase=Succeeded exit=0
}

// ExampleTokenize splits a command line.
func ExampleTokenize() {
	args, _ := scenario.Tokenize(`cancel rc=web-3 reason="cancelled by the user" force`)
	for _, a := range args {
		fmt.Printf("%q %q %v\n", a.Key, a.Val, a.HasVal)
	}
	// Output:
	// "cancel" "" false
	// "rc" "web-3" true
	// "reason" "cancelled by the user" true
	// "force" "" false
}
