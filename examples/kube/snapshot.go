package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/dynamic"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/wire"
)

// Snapshot reads DC dc of namespace ns, the RCs and the pods of that
// namespace, and builds the planners' Snapshot from them with the dcplan
// codec (wire.DecodeSnapshot keeps the RCs that name the DC and the pods
// of those RCs). An adapter driven by informers would build the same List
// from its caches instead of calling the API server.
func Snapshot(ctx context.Context, client dynamic.Interface, ns, dc string, now time.Time, st dcplan.Settings) (dcplan.Snapshot, error) {
	cfg, err := client.Resource(dcResource).Namespace(ns).Get(ctx, dc, metav1.GetOptions{})
	if err != nil {
		return dcplan.Snapshot{}, apiError("dc "+ns+"/"+dc, err)
	}
	items := []any{cfg.Object}
	for _, r := range []struct {
		what string
		list func() (*unstructured.UnstructuredList, error)
	}{
		{"rcs", func() (*unstructured.UnstructuredList, error) {
			return client.Resource(rcResource).Namespace(ns).List(ctx, metav1.ListOptions{})
		}},
		{"pods", func() (*unstructured.UnstructuredList, error) {
			return client.Resource(podResource).Namespace(ns).List(ctx, metav1.ListOptions{})
		}},
	} {
		list, err := r.list()
		if err != nil {
			return dcplan.Snapshot{}, apiError("list "+r.what+" in "+ns, err)
		}
		for i := range list.Items {
			items = append(items, list.Items[i].Object)
		}
	}
	data, err := json.Marshal(map[string]any{"apiVersion": "v1", "kind": "List", "items": items})
	if err != nil {
		return dcplan.Snapshot{}, fmt.Errorf("kube: snapshot of dc %s/%s: %w", ns, dc, err)
	}
	return wire.DecodeSnapshot(data, dc, now, st)
}
