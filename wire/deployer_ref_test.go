package wire

import (
	"bytes"
	"strings"
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/internal/jsontree"
	"pgregory.net/rapid"
)

// TestEncodePodAsTheTree checks EncodePod, which writes the deployer pod
// straight to bytes, against encodePodTree, the reference below that
// builds the pod as a generic tree and renders it in Kubernetes order:
// the same bytes, or the same error field, for generated pods and
// templates, awkward JSON included (SPEC 4.5).
func TestEncodePodAsTheTree(t *testing.T) {
	rawValues := []dcplan.RawJSON{
		nil, dcplan.RawJSON(`{}`), dcplan.RawJSON(`null`), dcplan.RawJSON(` {"requests":{"memory":"1Gi"},"limits":{"cpu":"1"}} `),
		dcplan.RawJSON(`{"claims":[{"request":"r","name":"c"}],"zzz":1}`), dcplan.RawJSON(`[1]`), dcplan.RawJSON(`"text"`),
		dcplan.RawJSON(`{`), dcplan.RawJSON(`{"secretKeyRef":{"optional":true,"name":"s","key":"k"}}`),
		dcplan.RawJSON("{\"a\":\"\xff\"}"), dcplan.RawJSON(`1e3`),
	}
	specValues := []string{`null`, `""`, `[]`, `{}`, `0`, `false`, `"Default"`, `{"b":"1","a":"2"}`,
		`[{"effect":"NoSchedule","key":"k","operator":"Exists"}]`, `[{"name":"pull"}]`, `{"options":[{"value":"1","name":"ndots"}],"nameservers":["1.1.1.1"]}`, `{"z":"<&> é"}`}
	rapid.Check(t, func(t *rapid.T) {
		p := dcplan.DeployerPod{
			Namespace: genText(t, "namespace"), Name: genText(t, "name"), RC: genText(t, "rc"), RCUID: genText(t, "uid"),
			Unowned: rapid.Bool().Draw(t, "unowned"), SeedSpec: rapid.Bool().Draw(t, "seed"),
			Image: genText(t, "image"), Command: genStrings(t, "command"), Env: genEnv(t, "env"),
			Resources:             rapid.SampledFrom(rawValues).Draw(t, "resources"),
			ActiveDeadlineSeconds: rapid.SampledFrom([]int64{0, 1, 21600, -5}).Draw(t, "deadline"),
			ServiceAccount:        genText(t, "serviceAccount"),
			Labels:                genKVs(t, "labels"), Annotations: genKVs(t, "annotations"),
			CopyFields: dcplan.TemplateFields(rapid.IntRange(0, 63).Draw(t, "copy")),
		}
		for i := range p.Env {
			p.Env[i].ValueFrom = rapid.SampledFrom(rawValues).Draw(t, "valueFrom")
		}
		if rapid.Bool().Draw(t, "unsortedLabels") && len(p.Labels) > 0 {
			p.Labels = append(p.Labels, dcplan.KeyValue{Key: p.Labels[0].Key, Value: "again"}, dcplan.KeyValue{Key: "0first", Value: "v"})
		}
		spec := map[string]any{"containers": []any{map[string]any{"name": "app", "image": "quay.io/app:1"}}}
		for _, name := range dcplan.TemplateFields(1<<6 - 1).Names() {
			if rapid.Bool().Draw(t, "has "+name) {
				v, err := jsontree.Parse([]byte(rapid.SampledFrom(specValues).Draw(t, name)))
				if err != nil {
					t.Fatal(err)
				}
				spec[name] = v
			}
		}
		tpl := dcplan.Template{Raw: canonical(map[string]any{"metadata": map[string]any{"labels": map[string]any{"app": "x"}}, "spec": spec})}
		switch rapid.IntRange(0, 6).Draw(t, "templateForm") {
		case 0:
			tpl = dcplan.Template{}
		case 1:
			tpl.Raw = dcplan.RawJSON(`{"spec":"no object"}`)
		case 2:
			tpl.Raw = dcplan.RawJSON(`[]`)
		case 3: // not canonical: space around it
			var ind bytes.Buffer
			ind.WriteString("  ")
			ind.Write(tpl.Raw)
			tpl.Raw = ind.Bytes()
		case 4: // not canonical: <, > and & as they stand
			tpl.Raw = dcplan.RawJSON(strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&").Replace(string(tpl.Raw)))
		}
		encodesAsTheTree(t, p, tpl)
	})
}

// FuzzEncodePod holds EncodePod to encodePodTree on arbitrary bytes where
// a deployer pod takes JSON it did not decode itself: the strategy's
// resources, an environment variable's valueFrom and the RC's template
// (SPEC 4.5). Neither may panic; both give the same bytes or the same
// error.
func FuzzEncodePod(f *testing.F) {
	f.Add([]byte(`{"limits":{"cpu":"1"}}`), []byte(`{"secretKeyRef":{"name":"s","key":"k"}}`),
		[]byte(`{"spec":{"nodeSelector":{"a":"<&>"},"tolerations":[{"key":"k"}]}}`), "web-1-deploy", uint8(0))
	f.Add([]byte(`null`), []byte(`"x"`), []byte(` {"spec":{"dnsPolicy":""}} `), "", uint8(0xff))
	f.Add([]byte(`{"limits":{"cpu":"\ufffd"}}`), []byte(`{"a":"\ufffd"}`), []byte(`{"spec":{"dnsPolicy":"\ufffd"}}`), "web", uint8(0xfc))
	f.Add([]byte(`[1]`), []byte(`{`), []byte("{\"spec\":{\"dnsConfig\":{\"a\":\"\xff\"}}}"), "a\u2028", uint8(3))
	f.Fuzz(func(t *testing.T, resources, valueFrom, template []byte, name string, flags uint8) {
		p := dcplan.DeployerPod{
			Namespace: "shop", Name: name, RC: "web-1", RCUID: "uid", Image: "img",
			Unowned: flags&1 != 0, SeedSpec: flags&2 != 0,
			Env:        []dcplan.EnvVar{{Name: "A", Value: "1"}, {Name: "B", ValueFrom: valueFrom}},
			Resources:  resources,
			Labels:     []dcplan.KeyValue{{Key: "app", Value: name}},
			CopyFields: dcplan.TemplateFields(flags >> 2),
		}
		tpl := dcplan.Template{Raw: template}
		encodesAsTheTree(t, p, tpl)
	})
}

// encodesAsTheTree fails t unless EncodePod and encodePodTree give p's
// pod from tpl the same bytes, or the same error.
func encodesAsTheTree(t interface{ Fatalf(string, ...any) }, p dcplan.DeployerPod, tpl dcplan.Template) {
	got, gotErr := EncodePod(p, tpl)
	want, wantErr := encodePodTree(p, tpl)
	if (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() {
		t.Fatalf("EncodePod() error = %v, the tree's %v", gotErr, wantErr)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("EncodePod():\n%s\nthe tree:\n%s", got, want)
	}
}

// encodePodTree is EncodePod as the codec wrote it before the pod was
// written straight to bytes: the reference TestEncodePodAsTheTree holds
// EncodePod to.
func encodePodTree(p dcplan.DeployerPod, template dcplan.Template) ([]byte, error) {
	fail := func(field string) error {
		return &dcplan.FieldError{Kind: kindPod, Name: p.Name, Field: field, Problem: "invalid JSON", Err: dcplan.ErrMalformed}
	}
	resources := map[string]any{}
	if len(p.Resources) > 0 {
		v, err := jsontree.Parse(p.Resources)
		if err != nil {
			return nil, fail("spec.containers[0].resources")
		}
		if v != nil {
			resources, _ = v.(map[string]any)
			if resources == nil {
				return nil, fail("spec.containers[0].resources")
			}
		}
	}
	container := map[string]any{
		"name":            deployerContainerName,
		"resources":       resources,
		"imagePullPolicy": deployerPullPolicy,
	}
	putString(container, "image", p.Image)
	if !p.SeedSpec {
		container["terminationMessagePolicy"] = deployerTerminationPolicy
	}
	putStrings(container, "command", p.Command)
	for i, e := range elems(container, "env", len(p.Env)) {
		ev := p.Env[i]
		e["name"] = ev.Name
		putString(e, "value", ev.Value)
		if len(ev.ValueFrom) > 0 {
			v, err := jsontree.Parse(ev.ValueFrom)
			if err != nil {
				return nil, fail(at("spec.containers[0].env", i) + ".valueFrom")
			}
			if v != nil {
				e["valueFrom"] = v
			}
		}
	}
	spec := map[string]any{
		"containers":    []any{container},
		"restartPolicy": deployerRestartPolicy,
	}
	if !p.SeedSpec {
		spec["terminationGracePeriodSeconds"] = num(dcplan.DeployerGracePeriodSeconds)
		spec["shareProcessNamespace"] = false
	}
	putString(spec, "serviceAccountName", p.ServiceAccount)
	putOptInt(spec, "activeDeadlineSeconds", p.ActiveDeadlineSeconds, true)
	if tree := templateTree(template); tree != nil {
		tspec, _ := tree["spec"].(map[string]any)
		for _, k := range p.CopyFields.Names() {
			// dnsConfig is a pointer: a non-nil empty one stays ({}).
			_, object := tspec[k].(map[string]any)
			if v := tspec[k]; !emptyJSON(v) || k == "dnsConfig" && object {
				spec[k] = v
			}
		}
	}
	meta := map[string]any{"name": p.Name}
	if !p.Unowned {
		meta["ownerReferences"] = []any{map[string]any{
			"apiVersion": apiVersionCore,
			"kind":       kindRC,
			"name":       p.RC,
			"uid":        p.RCUID,
		}}
	}
	putString(meta, "namespace", p.Namespace)
	putKeyValues(meta, "labels", p.Labels)
	putKeyValues(meta, "annotations", p.Annotations)
	m := map[string]any{
		"kind":       kindPod,
		"apiVersion": apiVersionCore,
		"metadata":   meta,
		"spec":       spec,
		"status":     map[string]any{},
	}
	return renderOrdered(m, orderPod), nil
}

// emptyJSON reports whether encoding/json would drop v under omitempty.
func emptyJSON(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return v == ""
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}
