package wire

import (
	"fmt"
	"slices"

	"github.com/dcplan/dcplan/internal/jsontree"
)

// A keyOrder lists the JSON keys of one Kubernetes API struct in the order
// its Go type declares them, which is the order encoding/json writes them.
// Upstream serialises the DC into the encoded-deployment-config annotation
// with encoding/json, so reproducing that annotation byte for byte needs
// these tables; the rest of the library only ever compares canonical
// (sorted) JSON.
//
// A key's entry may carry the keyOrder of its value (an object, or the
// elements of an array). Values with no keyOrder are Go maps (labels,
// selectors, resource lists), written with sorted keys, as encoding/json
// writes maps.
//
// Limitations: the tables list every key of k8s.io/api v0.37.2 core/v1
// (ReplicationController, Pod, PodTemplateSpec and every struct they
// reach, volume sources and ephemeral volume claim templates included)
// and of github.com/openshift/api apps/v1 DeploymentConfig at the version
// examples/kube/go.mod requires; that module's
// TestCodecWritesMaximalObjectsInEncodingJSONKeyOrder fails when one is
// missing. Keys of later API versions are not listed: they are written
// after the known ones, sorted, where upstream would interleave them in
// declaration order. And the codec writes only the keys the object has:
// where encoding/json would add zero values of non-omitempty fields (such
// as "triggers":null or "test":false) to a DC that lacks them, the codec
// does not, so that a decode/encode round trip never changes an object (nor
// its template hash). DCs read from an API server carry all those fields,
// and for them the annotation matches upstream byte for byte. Last,
// managedFields[].fieldsV1 is opaque bytes to encoding/json (FieldsV1
// keeps the server's raw JSON, in structured-merge-diff's order, which
// sorts list keys such as container ports by value), while the codec
// holds it as any object, keys sorted as bytes: a write of an object read
// with managed fields may order fieldsV1's keys differently from
// upstream's. The server reads both as the same field set.
type keyOrder struct {
	keys []string
	sub  map[string]*keyOrder
	rank map[string]int
	// slots finds a key's rank without hashing the whole key (see
	// find); subs are the keyOrders of the values by rank.
	slots [256]int16
	subs  []*keyOrder
}

// slotOf places a key in keyOrder.slots by its length and its first and
// last bytes.
func slotOf(key []byte) int {
	if len(key) == 0 {
		return 0
	}
	return (len(key)*7 + int(key[0])*3 + int(key[len(key)-1])) & 255
}

// find returns the rank of the key name (the bytes of an object's key,
// as read), or false when o does not list it: one table lookup and one
// comparison, or the map for the keys that share a slot.
func (o *keyOrder) find(name []byte) (int, bool) {
	switch r := o.slots[slotOf(name)]; {
	case r > 0 && o.keys[r-1] == string(name):
		return int(r - 1), true
	case r < 0:
		r, ok := o.rank[string(name)]
		return r, ok
	}
	return 0, false
}

// rankOf is the place of key among o's keys; every key o does not list
// comes after them (and sorts by name among its kind). A nil keyOrder (a
// Go map) ranks every key alike.
func (o *keyOrder) rankOf(key string) int {
	if o == nil {
		return 0
	}
	if r, ok := o.rank[key]; ok {
		return r
	}
	return len(o.keys)
}

// rankOfName is rankOf for the key name as read. Like find, it holds
// name as bytes, so that no string is made of it however the compiler
// inlines (a build with coverage inlines less).
func (o *keyOrder) rankOfName(name []byte) int {
	if o == nil {
		return 0
	}
	if r, ok := o.find(name); ok {
		return r
	}
	return len(o.keys)
}

// subAt is the keyOrder of the value of the key of rank r (see rankOf);
// nil for none (or a nil o).
func (o *keyOrder) subAt(r int) *keyOrder {
	if o == nil || r >= len(o.subs) {
		return nil
	}
	return o.subs[r]
}

// subOf is the keyOrder of key's value; nil for none (or a nil o).
func (o *keyOrder) subOf(key string) *keyOrder {
	if o == nil {
		return nil
	}
	return o.sub[key]
}

// order builds a keyOrder from its arguments: key names, each optionally
// followed by the *keyOrder of its value.
func order(args ...any) *keyOrder {
	o := &keyOrder{sub: map[string]*keyOrder{}, rank: map[string]int{}}
	for _, a := range args {
		switch a := a.(type) {
		case string:
			o.rank[a] = len(o.keys)
			o.keys = append(o.keys, a)
		case *keyOrder:
			o.sub[o.keys[len(o.keys)-1]] = a
		default:
			panic(fmt.Sprintf("dcplan: order: unexpected %T", a))
		}
	}
	for r, k := range o.keys {
		o.subs = append(o.subs, o.sub[k])
		switch slot := &o.slots[slotOf([]byte(k))]; {
		case *slot == 0:
			*slot = int16(r + 1)
		default:
			*slot = -1 // shared: the map decides
		}
	}
	return o
}

// renderOrdered returns the tree v (an object) rendered compactly with
// object keys in o's order, as a write renders an object as read: its
// canonical form, read and rendered by the writer (see written.render),
// so that one walk knows the Kubernetes order.
func renderOrdered(v any, o *keyOrder) []byte {
	canon := jsontree.Scratch()
	*canon = jsontree.AppendCanonical((*canon)[:0], v)
	w := mustRead(*canon)
	out := w.render(o, nil)
	w.release()
	jsontree.PutScratch(canon)
	return out
}

// Key orders of the API types that appear in DCs, RCs and pods
// (k8s.io/api core/v1, meta/v1 and github.com/openshift/api apps/v1).
var (
	orderOwnerRef     = order("apiVersion", "kind", "name", "uid", "controller", "blockOwnerDeletion")
	orderManagedField = order("manager", "operation", "apiVersion", "time", "fieldsType", "fieldsV1", "subresource")
	orderObjectMeta   = order("name", "generateName", "namespace", "selfLink", "uid", "resourceVersion",
		"generation", "creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds",
		"labels", "annotations", "ownerReferences", orderOwnerRef, "finalizers", "managedFields", orderManagedField)
	orderObjectRef   = order("kind", "namespace", "name", "uid", "apiVersion", "resourceVersion", "fieldPath")
	orderLocalRef    = order("name")
	orderKeySelector = order("name", "key", "optional")

	orderLabelSelectorReq = order("key", "operator", "values")
	orderLabelSelector    = order("matchLabels", "matchExpressions", orderLabelSelectorReq)

	orderFieldSelector    = order("apiVersion", "fieldPath")
	orderResourceSelector = order("containerName", "resource", "divisor")
	orderFileKeySelector  = order("volumeName", "path", "key", "optional")
	orderEnvVarSource     = order("fieldRef", orderFieldSelector, "resourceFieldRef", orderResourceSelector,
		"configMapKeyRef", orderKeySelector, "secretKeyRef", orderKeySelector, "fileKeyRef", orderFileKeySelector)
	orderEnvVar = order("name", "value", "valueFrom", orderEnvVarSource)
	// orderEnvSourceRef is a ConfigMapEnvSource's or SecretEnvSource's: no key.
	orderEnvSourceRef  = order("name", "optional")
	orderEnvFromSource = order("prefix", "configMapRef", orderEnvSourceRef, "secretRef", orderEnvSourceRef)

	orderContainerPort = order("name", "hostPort", "containerPort", "protocol", "hostIP")
	orderResourceClaim = order("name", "request")
	orderResources     = order("limits", "requests", "claims", orderResourceClaim)
	orderResizePolicy  = order("resourceName", "restartPolicy")
	orderVolumeMount   = order("name", "readOnly", "recursiveReadOnly", "mountPath", "subPath", "mountPropagation",
		"subPathExpr", "bindMountOptions")
	orderVolumeDevice    = order("name", "devicePath")
	orderExecAction      = order("command")
	orderHTTPHeader      = order("name", "value")
	orderHTTPGetAction   = order("path", "port", "host", "scheme", "httpHeaders", orderHTTPHeader, "protocol")
	orderTCPSocketAction = order("port", "host")
	orderGRPCAction      = order("port", "service", "mode")
	orderSleepAction     = order("seconds")
	orderProbe           = order("exec", orderExecAction, "httpGet", orderHTTPGetAction, "tcpSocket", orderTCPSocketAction,
		"grpc", orderGRPCAction, "initialDelaySeconds", "timeoutSeconds", "periodSeconds", "successThreshold",
		"failureThreshold", "terminationGracePeriodSeconds")
	orderLifecycleHandler = order("exec", orderExecAction, "httpGet", orderHTTPGetAction, "tcpSocket", orderTCPSocketAction,
		"sleep", orderSleepAction)
	orderLifecycle = order("postStart", orderLifecycleHandler, "preStop", orderLifecycleHandler, "stopSignal")

	orderSELinux      = order("user", "role", "type", "level")
	orderWindows      = order("gmsaCredentialSpecName", "gmsaCredentialSpec", "runAsUserName", "hostProcess")
	orderSeccomp      = order("type", "localhostProfile")
	orderCapabilities = order("add", "drop")
	orderSecurityCtx  = order("capabilities", orderCapabilities, "privileged", "seLinuxOptions", orderSELinux,
		"windowsOptions", orderWindows, "runAsUser", "runAsGroup", "runAsNonRoot", "readOnlyRootFilesystem",
		"allowPrivilegeEscalation", "procMount", "seccompProfile", orderSeccomp, "appArmorProfile", orderSeccomp)
	orderSysctl        = order("name", "value")
	orderPodSecurityCx = order("seLinuxOptions", orderSELinux, "windowsOptions", orderWindows, "runAsUser",
		"runAsGroup", "runAsNonRoot", "supplementalGroups", "supplementalGroupsPolicy", "fsGroup", "sysctls", orderSysctl,
		"fsGroupChangePolicy", "seccompProfile", orderSeccomp, "appArmorProfile", orderSeccomp, "seLinuxChangePolicy")

	// orderRestartRule is a ContainerRestartRule's (restartPolicyRules).
	orderRestartRule = order("action", "exitCodes", order("operator", "values"))

	// containerKeys are the keys of a Container, and of the
	// EphemeralContainerCommon an EphemeralContainer inlines.
	containerKeys = []any{"name", "image", "command", "args", "workingDir", "ports", orderContainerPort,
		"envFrom", orderEnvFromSource, "env", orderEnvVar, "resources", orderResources, "resizePolicy", orderResizePolicy,
		"restartPolicy", "restartPolicyRules", orderRestartRule, "volumeMounts", orderVolumeMount,
		"volumeDevices", orderVolumeDevice, "livenessProbe", orderProbe, "readinessProbe", orderProbe,
		"startupProbe", orderProbe, "lifecycle", orderLifecycle, "terminationMessagePath", "terminationMessagePolicy",
		"imagePullPolicy", "securityContext", orderSecurityCtx, "stdin", "stdinOnce", "tty"}
	orderContainer = order(containerKeys...)
	// orderEphemeralContainer is an EphemeralContainer's: a Container's
	// keys, then targetContainerName.
	orderEphemeralContainer = order(slices.Concat(containerKeys, []any{"targetContainerName"})...)

	orderToleration       = order("key", "operator", "value", "effect", "tolerationSeconds")
	orderDNSConfig        = order("nameservers", "searches", "options", order("name", "value"))
	orderNodeSelectorReq  = order("key", "operator", "values")
	orderNodeSelectorTerm = order("matchExpressions", orderNodeSelectorReq, "matchFields", orderNodeSelectorReq)
	orderPodAffinityTerm  = order("labelSelector", orderLabelSelector, "namespaces", "topologyKey",
		"namespaceSelector", orderLabelSelector, "matchLabelKeys", "mismatchLabelKeys")
	orderPodAffinity = order(
		"requiredDuringSchedulingIgnoredDuringExecution", orderPodAffinityTerm,
		"preferredDuringSchedulingIgnoredDuringExecution", order("weight", "podAffinityTerm", orderPodAffinityTerm))
	orderAffinity = order(
		"nodeAffinity", order(
			"requiredDuringSchedulingIgnoredDuringExecution", order("nodeSelectorTerms", orderNodeSelectorTerm),
			"preferredDuringSchedulingIgnoredDuringExecution", order("weight", "preference", orderNodeSelectorTerm)),
		"podAffinity", orderPodAffinity, "podAntiAffinity", orderPodAffinity)
	orderTopologySpread = order("maxSkew", "topologyKey", "whenUnsatisfiable", "labelSelector", orderLabelSelector,
		"minDomains", "nodeAffinityPolicy", "nodeTaintsPolicy", "matchLabelKeys")

	orderPodSpec = order("volumes", orderVolume, "initContainers", orderContainer, "containers", orderContainer,
		"ephemeralContainers", orderEphemeralContainer, "restartPolicy", "terminationGracePeriodSeconds", "activeDeadlineSeconds",
		"dnsPolicy", "nodeSelector", "serviceAccountName", "serviceAccount", "automountServiceAccountToken",
		"nodeName", "hostNetwork", "hostPID", "hostIPC", "shareProcessNamespace", "securityContext", orderPodSecurityCx,
		"imagePullSecrets", orderLocalRef, "hostname", "subdomain", "affinity", orderAffinity, "schedulerName",
		"tolerations", orderToleration, "hostAliases", order("ip", "hostnames"), "priorityClassName", "priority",
		"dnsConfig", orderDNSConfig, "readinessGates", order("conditionType"), "runtimeClassName",
		"enableServiceLinks", "preemptionPolicy", "overhead", "topologySpreadConstraints", orderTopologySpread,
		"setHostnameAsFQDN", "os", order("name"), "hostUsers", "schedulingGates", order("name"),
		"resourceClaims", order("name", "resourceClaimName", "resourceClaimTemplateName"), "resources", orderResources,
		"hostnameOverride", "schedulingGroup", order("podGroupName"), "evictionResponders", order("name", "priority"))
	orderPodTemplate = order("metadata", orderObjectMeta, "spec", orderPodSpec)

	// DeploymentConfig (github.com/openshift/api apps/v1).
	orderLifecycleHook = order("failurePolicy",
		"execNewPod", order("command", "env", orderEnvVar, "containerName", "volumes"),
		"tagImages", order("containerName", "to", orderObjectRef))
	orderStrategy = order("type",
		"customParams", order("image", "environment", orderEnvVar, "command"),
		"recreateParams", order("timeoutSeconds", "pre", orderLifecycleHook, "mid", orderLifecycleHook, "post", orderLifecycleHook),
		"rollingParams", order("updatePeriodSeconds", "intervalSeconds", "timeoutSeconds", "maxUnavailable",
			"maxSurge", "pre", orderLifecycleHook, "post", orderLifecycleHook),
		"resources", orderResources, "labels", "annotations", "activeDeadlineSeconds")
	orderTrigger = order("type",
		"imageChangeParams", order("automatic", "containerNames", "from", orderObjectRef, "lastTriggeredImage"))
	orderDCSpec = order("strategy", orderStrategy, "minReadySeconds", "triggers", orderTrigger, "replicas",
		"revisionHistoryLimit", "test", "paused", "selector", "template", orderPodTemplate)
	orderDCCondition = order("type", "status", "lastUpdateTime", "lastTransitionTime", "reason", "message")
	orderDCStatus    = order("latestVersion", "observedGeneration", "replicas", "updatedReplicas",
		"availableReplicas", "unavailableReplicas",
		"details", order("message", "causes", order("type", "imageTrigger", order("from", orderObjectRef))),
		"conditions", orderDCCondition, "readyReplicas")
	orderDC = order("kind", "apiVersion", "metadata", orderObjectMeta, "spec", orderDCSpec, "status", orderDCStatus)

	// ReplicationController (core/v1).
	orderRCSpec   = order("replicas", "minReadySeconds", "selector", "template", orderPodTemplate)
	orderRCStatus = order("replicas", "fullyLabeledReplicas", "readyReplicas", "availableReplicas",
		"observedGeneration", "conditions", order("type", "status", "lastTransitionTime", "reason", "message"))
	orderRC = order("kind", "apiVersion", "metadata", orderObjectMeta, "spec", orderRCSpec, "status", orderRCStatus)

	// Pod (core/v1).
	orderContainerState = order(
		"waiting", order("reason", "message"),
		"running", order("startedAt"),
		"terminated", order("exitCode", "signal", "reason", "message", "startedAt", "finishedAt", "containerID"))
	orderContainerStatus = order("name", "state", orderContainerState, "lastState", orderContainerState, "ready",
		"restartCount", "image", "imageID", "containerID", "started", "allocatedResources", "resources", orderResources,
		"volumeMounts", order("name", "mountPath", "readOnly", "recursiveReadOnly",
			"volumeStatus", order("image", order("imageRef"))),
		"user", order("linux", order("uid", "gid", "supplementalGroups")),
		"allocatedResourcesStatus", order("name", "resources", order("resourceID", "health", "message")),
		"stopSignal")
	orderPodStatus = order("observedGeneration", "phase",
		"conditions", order("type", "observedGeneration", "status", "lastProbeTime", "lastTransitionTime", "reason", "message"),
		"message", "reason", "nominatedNodeName", "hostIP", "hostIPs", order("ip"), "podIP", "podIPs", order("ip"),
		"startTime", "initContainerStatuses", orderContainerStatus, "containerStatuses", orderContainerStatus,
		"qosClass", "ephemeralContainerStatuses", orderContainerStatus, "resize",
		"resourceClaimStatuses", order("name", "resourceClaimName"),
		"extendedResourceClaimStatus", order(
			"requestMappings", order("containerName", "resourceName", "requestName"), "resourceClaimName"),
		"allocatedResources", "resources", orderResources,
		"nodeAllocatableResourceClaimStatuses", order("resourceClaimName", "containers",
			"mapping", order("name", "quantity"), "overhead", order("name", "perPod", "perContainer")),
		"volumeHealth", order("name", "healthConditions", order("status", "reason", "message"), "lastTransitionTime"))
	orderPod = order("kind", "apiVersion", "metadata", orderObjectMeta, "spec", orderPodSpec, "status", orderPodStatus)
)
