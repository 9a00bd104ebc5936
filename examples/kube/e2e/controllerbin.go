package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
)

// ControllerPackage is the package BuildController builds, relative to
// the examples/kube module.
const ControllerPackage = "./cmd/dcplan-controller"

// BuildController builds the dcplan-controller command in the
// examples/kube module at kubeModuleDir (with that module's go.mod and
// go.sum, as its Dockerfile does) into outDir and returns the binary's
// path. The go build cache makes a build after the first one a link.
func BuildController(ctx context.Context, kubeModuleDir, outDir string) (string, error) {
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return "", fmt.Errorf("e2e: controller build dir: %w", err)
	}
	bin, err := filepath.Abs(filepath.Join(outDir, "dcplan-controller"))
	if err != nil {
		return "", fmt.Errorf("e2e: controller build: %w", err)
	}
	if _, err := goCmd(ctx, kubeModuleDir, "build", "-o", bin, ControllerPackage); err != nil {
		return "", err
	}
	return bin, nil
}

// WriteKubeconfig writes a kubeconfig file at path whose current context
// is server (its URL, trusting its own serving certificate) with bearer
// token: what the controller binary reads with --kubeconfig.
func (s *APIServer) WriteKubeconfig(path, token string) error {
	return WriteKubeconfig(path, s.URL, filepath.Join(s.Dir, "certs", "apiserver.crt"), token)
}

// WriteKubeconfig writes a kubeconfig file at path for the server at url
// (trusting the certificate file caFile, when not "") with bearer token.
func WriteKubeconfig(path, url, caFile, token string) error {
	cfg := clientcmdapi.NewConfig()
	cfg.Clusters["e2e"] = &clientcmdapi.Cluster{Server: url, CertificateAuthority: caFile}
	cfg.AuthInfos["e2e"] = &clientcmdapi.AuthInfo{Token: token}
	cfg.Contexts["e2e"] = &clientcmdapi.Context{Cluster: "e2e", AuthInfo: "e2e"}
	cfg.CurrentContext = "e2e"
	if err := clientcmd.WriteToFile(*cfg, path); err != nil {
		return fmt.Errorf("e2e: kubeconfig: %w", err)
	}
	return nil
}
