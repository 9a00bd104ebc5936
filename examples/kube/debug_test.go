package kube_test

import (
	"fmt"
	"sync"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

var debugMu sync.Mutex

func debugPass(component, key string, p wire.Pass) {
	debugMu.Lock()
	defer debugMu.Unlock()
	fmt.Printf("== %s %s requeues=%d sent=%d msg=%q\n%s", component, key, p.Snapshot.Requeues, p.Sent, p.Plan.Message, dcplan.Describe(p.Plan))
	for _, r := range p.Requests[:p.Sent] {
		fmt.Printf("  %s %s %s\n", r.Verb, r.Resource, r.Name)
	}
	fmt.Println()
}
