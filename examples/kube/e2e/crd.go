package e2e

import (
	"context"
	"fmt"
	"os"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextensions "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/yaml"
)

// InstallCRD creates the CustomResourceDefinition in the YAML file path
// and waits up to timeout until it is Established and discovery lists its
// resource.
func InstallCRD(ctx context.Context, cfg *rest.Config, path string, timeout time.Duration) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("e2e: crd: %w", err)
	}
	var crd apiextensionsv1.CustomResourceDefinition
	if err := yaml.UnmarshalStrict(data, &crd); err != nil {
		return fmt.Errorf("e2e: crd %s: %w", path, err)
	}
	cs, err := apiextensions.NewForConfig(cfg)
	if err != nil {
		return fmt.Errorf("e2e: crd client: %w", err)
	}
	crds := cs.ApiextensionsV1().CustomResourceDefinitions()
	if _, err := crds.Create(ctx, &crd, metav1.CreateOptions{}); err != nil {
		return fmt.Errorf("e2e: create crd %s: %w", crd.Name, err)
	}
	dc, err := discovery.NewDiscoveryClientForConfig(cfg)
	if err != nil {
		return fmt.Errorf("e2e: discovery client: %w", err)
	}
	gv := crd.Spec.Group + "/" + crd.Spec.Versions[0].Name
	return Poll(ctx, timeout, "crd "+crd.Name+" served", func() (bool, error) {
		got, err := crds.Get(ctx, crd.Name, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		established := false
		for _, c := range got.Status.Conditions {
			if c.Type == apiextensionsv1.Established && c.Status == apiextensionsv1.ConditionTrue {
				established = true
			}
		}
		if !established {
			return false, nil
		}
		list, err := dc.ServerResourcesForGroupVersion(gv)
		if err != nil {
			return false, nil // not served yet
		}
		for _, r := range list.APIResources {
			if r.Name == crd.Spec.Names.Plural {
				return true, nil
			}
		}
		return false, nil
	})
}
