package explore_test

import (
	"testing"

	"github.com/dcplan/dcplan"
	"github.com/dcplan/dcplan/fake"
	"github.com/dcplan/dcplan/fake/explore"
	"github.com/dcplan/dcplan/wire"
)

// config is the explored DC at latestVersion latest.
func config(t *testing.T, latest dcplan.Version, image string) dcplan.Config {
	t.Helper()
	cfg := fake.NewConfig(explore.Namespace, explore.Name, 1)
	cfg.UID = "uid-" + explore.Name
	cfg.Template = fake.TemplateOf(image)
	cfg.Status.LatestVersion = latest
	return cfg
}

// rcJSON is the RC of cfg's version v in phase ph with n replicas; edit
// may change it before encoding.
func rcJSON(t *testing.T, cfg dcplan.Config, v dcplan.Version, ph dcplan.Phase, n dcplan.Replicas, edit func(*dcplan.Deployment)) []byte {
	t.Helper()
	cfg.Status.LatestVersion = v
	d, err := wire.NewDeployment(cfg)
	if err != nil {
		t.Fatal(err)
	}
	d.Phase, d.Replicas = ph, n
	if edit != nil {
		edit(&d)
	}
	b, err := wire.EncodeDeployment(d)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func dcJSON(t *testing.T, cfg dcplan.Config) []byte {
	t.Helper()
	b, err := wire.EncodeConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// world builds Objects from a DC and RCs.
func world(t *testing.T, cfg dcplan.Config, rcs map[string][]byte) explore.Objects {
	o := explore.Objects{wire.ResourceConfigs + "/" + cfg.Name: dcJSON(t, cfg)}
	for n, b := range rcs {
		o[wire.ResourceRCs+"/"+n] = b
	}
	return o
}

// mustExplore is explore.Explore for options the test knows valid.
func mustExplore(t testing.TB, o explore.Options) explore.Result {
	t.Helper()
	res, err := explore.Explore(o)
	if err != nil {
		t.Fatal(err)
	}
	return res
}
