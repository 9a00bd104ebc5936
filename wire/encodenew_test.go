package wire

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"github.com/dcplan/dcplan"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestEncodeNewDeploymentAgrees holds EncodeNewDeployment, which writes
// the RC a rollout creates (SPEC 3.8) as it stands later, to its
// definition: for generated configs and edits, the same Deployment and the
// same bytes as EncodeDeployment of NewDeployment's result after the
// edit. Edits range from none over a few typed fields (what the fake's
// Populate changes) to a whole generated Deployment overlaid on
// NewDeployment's RC, and a replaced Raw (encoded as EncodeDeployment
// encodes it).
func TestEncodeNewDeploymentAgrees(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := genConfigValue().Draw(t, "config")
		if rapid.Bool().Draw(t, "template") && len(cfg.Template.Containers) == 0 {
			cfg.Template = TemplateFor(dcplan.Container{Name: "c", Image: " img "})
		}
		cfg = drawDecoded(t, cfg)
		var edit func(d *dcplan.Deployment)
		switch rapid.IntRange(0, 3).Draw(t, "edit") {
		case 1: // a finished rollout, as Populate stores it
			replicas := dcplan.Replicas(rapid.Int32Range(0, 3).Draw(t, "replicas"))
			edit = finished(replicas, genText(t, "uid"), genText(t, "rv"), genTimeValue(t, "created"))
		case 2: // every typed field another Deployment's
			other := genDeploymentValue().Draw(t, "other")
			edit = func(d *dcplan.Deployment) {
				raw := d.Raw
				*d = other
				d.Raw = raw
			}
		case 3: // another RC altogether
			other := genDeploymentValue().Draw(t, "other")
			raw, err := EncodeDeployment(other)
			if err != nil {
				t.Fatal(err)
			}
			edit = func(d *dcplan.Deployment) { d.Raw = dcplan.RawJSON(raw) }
		}

		checkEncodeNew(t, cfg, edit)
	})
}

// finished returns the edit of an RC whose rollout completed and which
// then scaled to replicas, as the fake's Populate stores its RCs: phase
// Complete, the desired-replicas annotation moved into the replicas one,
// spec and status at replicas, and the store's identity.
func finished(replicas dcplan.Replicas, uid, rv string, created time.Time) func(*dcplan.Deployment) {
	return func(d *dcplan.Deployment) {
		d.Phase = dcplan.PhaseComplete
		d.HasSyncedReplicas, d.SyncedReplicas = true, replicas
		d.HasDesiredReplicas = false
		d.Replicas, d.StatusReplicas, d.ReadyReplicas, d.AvailableReplicas = replicas, replicas, replicas, replicas
		d.UID, d.ResourceVersion, d.CreationTime = uid, rv, created
	}
}

// checkEncodeNew fails t unless EncodeNewDeployment(cfg, edit) gives
// NewDeployment's error, or the Deployment NewDeployment gives after
// edit and the bytes EncodeDeployment writes for it.
func checkEncodeNew(t interface {
	Fatal(...any)
	Fatalf(string, ...any)
}, cfg dcplan.Config, edit func(*dcplan.Deployment)) {
	want, werr := NewDeployment(cfg)
	got, b, err := EncodeNewDeployment(cfg, edit)
	if (werr == nil) != (err == nil) || werr != nil && !errors.Is(err, dcplan.ErrInvalidSnapshot) {
		t.Fatalf("EncodeNewDeployment() error %v, NewDeployment() error %v", err, werr)
	}
	if werr != nil {
		return
	}
	if edit != nil {
		edit(&want)
	}
	wantBytes, err := EncodeDeployment(want)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, wantBytes) {
		t.Fatalf("EncodeNewDeployment() wrote\n%s\nEncodeDeployment(NewDeployment() edited) writes\n%s", b, wantBytes)
	}
	if !cmp.Equal(want, got, rawAsText) {
		t.Fatalf("EncodeNewDeployment() Deployment mismatch (-want +got):\n%s", cmp.Diff(want, got, rawAsText))
	}
}

// TestEncodeNewDeploymentNoTemplate: a config without a template is
// NewDeployment's error, and nothing is written.
func TestEncodeNewDeploymentNoTemplate(t *testing.T) {
	_, b, err := EncodeNewDeployment(dcplan.Config{Name: "app"}, nil)
	var fe *dcplan.FieldError
	if !errors.As(err, &fe) || !errors.Is(err, dcplan.ErrInvalidSnapshot) || fe.Field != "spec.template" || b != nil {
		t.Fatalf("EncodeNewDeployment(no template) = %q, %v; want no bytes and a spec.template FieldError", b, err)
	}
}

// FuzzEncodeNewDeployment holds EncodeNewDeployment to NewDeployment and
// EncodeDeployment for DCs decoded from any JSON (templates, labels and
// names as a DC can carry them, invalid UTF-8 included), edited as the
// fake's Populate edits them: the same bytes, the same Deployment, and
// NewDeployment's error where it has one. It never panics.
func FuzzEncodeNewDeployment(f *testing.F) {
	f.Add(fixture(f, "dc-frontend.json"), int32(1))
	f.Add([]byte(`{"metadata":{"name":"a\xffb","labels":{"<x>":"&"}},"spec":{"replicas":2,"template":{"metadata":{"labels":{"app":"a"}},"spec":{"containers":[{"name":"c","image":" i\u2028 "}]}}},"status":{"latestVersion":3,"details":{"message":"m"}}}`), int32(0))
	f.Add([]byte(`{"spec":{"template":{"spec":{"containers":[]}}}}`), int32(3))
	f.Fuzz(func(t *testing.T, data []byte, replicas int32) {
		cfg, err := DecodeConfig(data)
		if err != nil {
			return
		}
		checkEncodeNew(t, cfg, finished(dcplan.Replicas(replicas), "uid-2", "2", time.Time{}))
	})
}
