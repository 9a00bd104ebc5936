package history_test

import (
	"testing"
)

// Reference: kubectl describe describeContainers and
// describeContainerVolumes, through DescribePodTemplate (SPEC 6m.5).
func TestDescribeContainers(t *testing.T) {
	ptRun(t, []ptCase{
		{
			name: "containers",
			why:  "6m.5: service account, init containers, Ports/Host Ports when several, seccomp, command and args split on newlines, sorted limits and requests, the three probes",
			tpl: ptTemplate(t, `{"metadata":{"labels":{"app":"shop"}},"spec":{"serviceAccountName":"shop-sa",
				"initContainers":[{"name":"migrate","image":"shop/migrate:1","command":["/bin/sh","-c"],"args":["echo one\necho two"]}],
				"containers":[{"name":"web","image":"shop/web:2",
				"ports":[{"containerPort":8080,"protocol":"TCP"},{"containerPort":8443,"hostPort":443,"protocol":"TCP"},{"containerPort":53,"protocol":"UDP"}],
				"securityContext":{"seccompProfile":{"type":"Localhost","localhostProfile":"profiles/web.json"}},
				"resources":{"limits":{"memory":"512Mi","cpu":"1"},"requests":{"memory":"256Mi","cpu":"250m"}},
				"livenessProbe":{"exec":{"command":["cat","/tmp/healthy"]},"initialDelaySeconds":5,"timeoutSeconds":2,"periodSeconds":15,"successThreshold":1,"failureThreshold":4},
				"readinessProbe":{"tcpSocket":{"port":"http"},"timeoutSeconds":1,"periodSeconds":10,"successThreshold":1,"failureThreshold":3},
				"startupProbe":{"grpc":{"port":9090,"service":"health"},"timeoutSeconds":1,"periodSeconds":10,"successThreshold":1,"failureThreshold":3}}]}}`),
			want: ptWith([]string{"Pod Template:", "  Labels:\tapp=shop", "  Service Account:\tshop-sa",
				"  Init Containers:", "   migrate:", "    Image:\tshop/migrate:1", "    Port:\t<none>", "    Host Port:\t<none>",
				"    Command:", "      /bin/sh", "      -c", "    Args:", "      echo one", "      echo two",
				"    Environment:\t<none>", "    Mounts:\t<none>",
				"  Containers:", "   web:", "    Image:\tshop/web:2",
				"    Ports:\t8080/TCP, 8443/TCP, 53/UDP", "    Host Ports:\t0/TCP, 443/TCP, 0/UDP",
				"    SeccompProfile:\tLocalhost", "      LocalhostProfile:\tprofiles/web.json",
				"    Limits:", "      cpu:\t1", "      memory:\t512Mi", "    Requests:", "      cpu:\t250m", "      memory:\t256Mi",
				"    Liveness:\texec [cat /tmp/healthy] delay=5s timeout=2s period=15s #success=1 #failure=4",
				"    Readiness:\ttcp-socket :http delay=0s timeout=1s period=10s #success=1 #failure=3",
				"    Startup:\tgrpc <pod>:9090 health delay=0s timeout=1s period=10s #success=1 #failure=3",
				"    Environment:\t<none>", "    Mounts:\t<none>"}, ptTail...),
		},
		{
			name: "named ports",
			why:  "6m.5: a port's name follows it in parentheses, on both lines (oc new-app names every port <port>-<protocol>)",
			tpl: ptTemplate(t, `{"spec":{"containers":[{"name":"web","image":"web:1",
				"ports":[{"name":"8080-tcp","containerPort":8080,"protocol":"TCP"}]},
				{"name":"dns","image":"dns:1","ports":[{"name":"dns","containerPort":53,"protocol":"UDP"},{"containerPort":54,"protocol":"UDP"}]}]}}`),
			want: ptWith([]string{"Pod Template:", "  Labels:	<none>", "  Containers:",
				"   web:", "    Image:	web:1", "    Port:	8080/TCP (8080-tcp)", "    Host Port:	0/TCP (8080-tcp)",
				"    Environment:	<none>", "    Mounts:	<none>",
				"   dns:", "    Image:	dns:1", "    Ports:	53/UDP (dns), 54/UDP", "    Host Ports:	0/UDP (dns), 0/UDP",
				"    Environment:	<none>", "    Mounts:	<none>"}, ptTail...),
		},
		{
			name: "mounts and devices",
			why:  "6m.5: mounts sorted by path with (ro)/(rw) and a quoted subPath; devices after them, their header carrying the mounts' <none>",
			tpl: ptTemplate(t, `{"spec":{"containers":[{"name":"db","image":"db:1",
				"volumeMounts":[{"name":"data","mountPath":"/var/lib/data"},{"name":"config","mountPath":"/etc/shop","readOnly":true},
				{"name":"config","mountPath":"/etc/shop/extra.conf","subPath":"extra.conf","readOnly":true}],
				"volumeDevices":[{"name":"raw","devicePath":"/dev/xvdb"}]},
				{"name":"block","image":"block:1","volumeDevices":[{"name":"raw2","devicePath":"/dev/xvdd"},{"name":"raw1","devicePath":"/dev/xvdc"}]}]}}`),
			want: ptWith([]string{"Pod Template:", "  Labels:\t<none>", "  Containers:",
				"   db:", "    Image:\tdb:1", "    Port:\t<none>", "    Host Port:\t<none>", "    Environment:\t<none>",
				"    Mounts:",
				"      /etc/shop from config (ro)",
				"      /etc/shop/extra.conf from config (ro,path=\"extra.conf\")",
				"      /var/lib/data from data (rw)",
				"    Devices:",
				"      /dev/xvdb from raw",
				"   block:", "    Image:\tblock:1", "    Port:\t<none>", "    Host Port:\t<none>", "    Environment:\t<none>",
				"    Mounts:\t<none>",
				"    Devices:\t<none>",
				"      /dev/xvdc from raw1",
				"      /dev/xvdd from raw2"}, ptTail...),
		},
	})
}
