package history_test

import (
	"testing"
)

// Reference: kubectl describe.DescribeProbe, through DescribePodTemplate
// (SPEC 6m.5).
func TestDescribeProbe(t *testing.T) {
	ptRun(t, []ptCase{
		{
			name: "probe defaults",
			why:  "6m.5: fields the API server defaults (protocol TCP, probe timeout 1/period 10/#success 1/#failure 3, scheme HTTP) read as defaulted when absent; a host joins the port",
			tpl: ptTemplate(t, `{"spec":{"containers":[{"name":"web","image":"web:1","ports":[{"containerPort":8080}],
				"livenessProbe":{"httpGet":{"path":"/live","port":8080,"host":"::1"}},
				"readinessProbe":{"httpGet":{"path":"ready","port":"https","host":"10.0.0.1","scheme":"HTTPS"},"initialDelaySeconds":3}}]}}`),
			want: ptWith([]string{"Pod Template:", "  Labels:\t<none>", "  Containers:", "   web:", "    Image:\tweb:1",
				"    Port:\t8080/TCP", "    Host Port:\t0/TCP",
				"    Liveness:\thttp-get http://[::1]:8080/live delay=0s timeout=1s period=10s #success=1 #failure=3",
				"    Readiness:\thttp-get https://10.0.0.1:https/ready delay=3s timeout=1s period=10s #success=1 #failure=3",
				"    Environment:\t<none>", "    Mounts:\t<none>"}, ptTail...),
		},
		{
			name: "http-get without path or host",
			why:  "6m.5: the API server defaults httpGet.path to / (SetDefaults_HTTPGetAction), so an absent path reads as /; no host leaves net.JoinHostPort's empty host before the port",
			tpl: ptTemplate(t, `{"spec":{"containers":[{"name":"web","image":"web:1",
				"livenessProbe":{"httpGet":{"port":8080}}}]}}`),
			want: ptWith([]string{"Pod Template:", "  Labels:\t<none>", "  Containers:", "   web:", "    Image:\tweb:1",
				"    Port:\t<none>", "    Host Port:\t<none>",
				"    Liveness:\thttp-get http://:8080/ delay=0s timeout=1s period=10s #success=1 #failure=3",
				"    Environment:\t<none>", "    Mounts:\t<none>"}, ptTail...),
		},
	})
}
