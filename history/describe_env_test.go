package history_test

import (
	"testing"
)

// Reference: kubectl describe describeContainerEnvFrom and
// describeContainerEnvVars, through DescribePodTemplate (SPEC 6m.5).
func TestDescribeEnv(t *testing.T) {
	ptRun(t, []ptCase{
		{
			name: "environment",
			why:  "6m.5: envFrom before env; plain values split on newlines; fieldRef, resourceFieldRef (node allocatable for an unset cpu or memory limit), secretKeyRef and configMapKeyRef as kubectl words them",
			tpl: ptTemplate(t, `{"spec":{"containers":[{"name":"api","image":"shop/api:3",
				"resources":{"limits":{"memory":"1Gi"},"requests":{"cpu":"500m"}},
				"envFrom":[{"configMapRef":{"name":"shop-config"}},{"prefix":"DB_","secretRef":{"name":"db-creds","optional":true}}],
				"env":[{"name":"PLAIN","value":"hello"},{"name":"EMPTY"},{"name":"MULTI","value":"line one\nline two"},
				{"name":"POD_NAME","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.name"}}},
				{"name":"NS","valueFrom":{"fieldRef":{"fieldPath":"metadata.namespace"}}},
				{"name":"CPU_LIMIT","valueFrom":{"resourceFieldRef":{"resource":"limits.cpu","divisor":"0"}}},
				{"name":"MEM_LIMIT_MI","valueFrom":{"resourceFieldRef":{"resource":"limits.memory","divisor":"1Mi"}}},
				{"name":"CPU_REQUEST_M","valueFrom":{"resourceFieldRef":{"containerName":"api","resource":"requests.cpu","divisor":"1m"}}},
				{"name":"MEM_REQUEST","valueFrom":{"resourceFieldRef":{"resource":"requests.memory"}}},
				{"name":"ODD","valueFrom":{"resourceFieldRef":{"resource":"limits.gpu"}}},
				{"name":"PASSWORD","valueFrom":{"secretKeyRef":{"name":"db-creds","key":"password"}}},
				{"name":"THEME","valueFrom":{"configMapKeyRef":{"name":"shop-config","key":"theme","optional":true}}},
				{"name":"UNKNOWN","valueFrom":{}}]}]}}`),
			want: ptWith([]string{"Pod Template:", "  Labels:\t<none>", "  Containers:", "   api:", "    Image:\tshop/api:3",
				"    Port:\t<none>", "    Host Port:\t<none>",
				"    Limits:", "      memory:\t1Gi", "    Requests:", "      cpu:\t500m",
				"    Environment Variables from:",
				"      shop-config\tConfigMap\tOptional: false",
				"      db-creds\tSecret with prefix 'DB_'\tOptional: true",
				"    Environment:",
				"      PLAIN:\thello",
				"      EMPTY:\t",
				"      MULTI:\tline one",
				"      \tline two",
				"      POD_NAME:\t (v1:metadata.name)",
				"      NS:\t (v1:metadata.namespace)",
				"      CPU_LIMIT:\tnode allocatable (limits.cpu)",
				"      MEM_LIMIT_MI:\t1024 (limits.memory)",
				"      CPU_REQUEST_M:\t500 (requests.cpu)",
				"      MEM_REQUEST:\t0 (requests.memory)",
				"      ODD:\t (limits.gpu)",
				"      PASSWORD:\t<set to the key 'password' in secret 'db-creds'>\tOptional: false",
				"      THEME:\t<set to the key 'theme' of config map 'shop-config'>\tOptional: true",
				"    Mounts:\t<none>"}, ptTail...),
		},
		{
			name: "unset memory limit",
			why:  "6m.5: describeContainerEnvVars prints `node allocatable` for a limits.cpu or limits.memory resourceFieldRef whose value is 0: a container without a memory limit, with or without a divisor",
			tpl: ptTemplate(t, `{"spec":{"containers":[{"name":"app","image":"shop/app:1","resources":{"requests":{"memory":"64Mi"}},
				"env":[{"name":"MEM_LIMIT","valueFrom":{"resourceFieldRef":{"resource":"limits.memory"}}},
				{"name":"MEM_LIMIT_MI","valueFrom":{"resourceFieldRef":{"resource":"limits.memory","divisor":"1Mi"}}},
				{"name":"MEM_REQUEST_MI","valueFrom":{"resourceFieldRef":{"resource":"requests.memory","divisor":"1Mi"}}}]}]}}`),
			want: ptWith([]string{"Pod Template:", "  Labels:\t<none>", "  Containers:", "   app:", "    Image:\tshop/app:1",
				"    Port:\t<none>", "    Host Port:\t<none>",
				"    Requests:", "      memory:\t64Mi",
				"    Environment:",
				"      MEM_LIMIT:\tnode allocatable (limits.memory)",
				"      MEM_LIMIT_MI:\tnode allocatable (limits.memory)",
				"      MEM_REQUEST_MI:\t64 (requests.memory)",
				"    Mounts:\t<none>"}, ptTail...),
		},
	})
}
