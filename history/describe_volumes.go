package history

import (
	"strconv"
	"strings"

	"github.com/dcplan/dcplan"
)

// describeVolumes writes rule 6 of DescribePodTemplate: `  Volumes:` +
// tab + `<none>` without volumes; else `  Volumes:` and, for each volume in
// template order, `   <name>:` and its source as volumeSources words it
// (the first source set, in kubectl's order), or `  <unknown>` for a
// source kubectl does not know.
//
// Ports: kubectl describe describeVolumes.
func describeVolumes(w *describeWriter, volumes []templateJSON) {
	if len(volumes) == 0 {
		w.write(1, "Volumes:\t<none>\n")
		return
	}
	w.write(1, "Volumes:\n")
	for _, v := range volumes {
		w.write(1, " ", v.get("name").str(), ":\n")
		known := false
		for _, src := range volumeSources {
			if s := v.get(src.key); s.has() {
				src.describe(w, s)
				known = true
				break
			}
		}
		if !known {
			w.write(1, "<unknown>\n")
		}
	}
}

// volumeSource is how kubectl describes one kind of volume source, found
// under key in a volume.
type volumeSource struct {
	key      string
	describe func(w *describeWriter, s templateJSON)
}

// volumeSources are the volume sources kubectl describes, in the order of
// its switch.
//
// Ports: kubectl describe print*VolumeSource.
var volumeSources = []volumeSource{
	{"hostPath", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "HostPath (bare host directory volume)",
			"Path:\t", s.get("path").str(), "HostPathType:\t", s.get("type").str())
	}},
	{"emptyDir", func(w *describeWriter, s templateJSON) {
		limit := "<unset>"
		if q, ok := parseQuantity(s.get("sizeLimit").scalar()); ok && q.Sign() > 0 {
			limit = s.get("sizeLimit").scalar()
		}
		volumeFields(w, "EmptyDir (a temporary directory that shares a pod's lifetime)",
			"Medium:\t", s.get("medium").str(), "SizeLimit:\t", limit)
	}},
	{"gcePersistentDisk", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "GCEPersistentDisk (a Persistent Disk resource in Google Compute Engine)",
			"PDName:\t", s.get("pdName").str(), "FSType:\t", s.get("fsType").str(),
			"Partition:\t", intText(s.get("partition")), "ReadOnly:\t", boolText(s.get("readOnly")))
	}},
	{"awsElasticBlockStore", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "AWSElasticBlockStore (a Persistent Disk resource in AWS)",
			"VolumeID:\t", s.get("volumeID").str(), "FSType:\t", s.get("fsType").str(),
			"Partition:\t", intText(s.get("partition")), "ReadOnly:\t", boolText(s.get("readOnly")))
	}},
	{"gitRepo", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "GitRepo (a volume that is pulled from git when the pod is created)",
			"Repository:\t", s.get("repository").str(), "Revision:\t", s.get("revision").str())
	}},
	{"secret", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "Secret (a volume populated by a Secret)",
			"SecretName:\t", s.get("secretName").str(), "Optional:\t", boolText(s.get("optional")))
	}},
	{"configMap", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "ConfigMap (a volume populated by a ConfigMap)",
			"Name:\t", s.get("name").str(), "Optional:\t", boolText(s.get("optional")))
	}},
	{"nfs", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "NFS (an NFS mount that lasts the lifetime of a pod)",
			"Server:\t", s.get("server").str(), "Path:\t", s.get("path").str(), "ReadOnly:\t", boolText(s.get("readOnly")))
	}},
	{"iscsi", func(w *describeWriter, s templateJSON) {
		initiator := "<none>"
		if n := s.get("initiatorName"); n.has() {
			initiator = n.str()
		}
		volumeFields(w, "ISCSI (an ISCSI Disk resource that is attached to a kubelet's host machine and then exposed to the pod)",
			"TargetPortal:\t", s.get("targetPortal").str(), "IQN:\t", s.get("iqn").str(), "Lun:\t", intText(s.get("lun")),
			"ISCSIInterface\t", orDefault(s.get("iscsiInterface").str(), "default"), "FSType:\t", s.get("fsType").str(),
			"ReadOnly:\t", boolText(s.get("readOnly")), "Portals:\t", listText(s.get("portals")),
			"DiscoveryCHAPAuth:\t", boolText(s.get("chapAuthDiscovery")), "SessionCHAPAuth:\t", boolText(s.get("chapAuthSession")),
			"SecretRef:\t", refText(s.get("secretRef")), "InitiatorName:\t", initiator)
	}},
	{"glusterfs", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "Glusterfs (a Glusterfs mount on the host that shares a pod's lifetime)",
			"EndpointsName:\t", s.get("endpoints").str(), "Path:\t", s.get("path").str(), "ReadOnly:\t", boolText(s.get("readOnly")))
	}},
	{"persistentVolumeClaim", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)",
			"ClaimName:\t", s.get("claimName").str(), "ReadOnly:\t", boolText(s.get("readOnly")))
	}},
	{"ephemeral", describeEphemeralVolume},
	{"rbd", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "RBD (a Rados Block Device mount on the host that shares a pod's lifetime)",
			"CephMonitors:\t", listText(s.get("monitors")), "RBDImage:\t", s.get("image").str(), "FSType:\t", s.get("fsType").str(),
			"RBDPool:\t", orDefault(s.get("pool").str(), "rbd"), "RadosUser:\t", orDefault(s.get("user").str(), "admin"),
			"Keyring:\t", orDefault(s.get("keyring").str(), "/etc/ceph/keyring"), "SecretRef:\t", refText(s.get("secretRef")),
			"ReadOnly:\t", boolText(s.get("readOnly")))
	}},
	{"quobyte", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "Quobyte (a Quobyte mount on the host that shares a pod's lifetime)",
			"Registry:\t", s.get("registry").str(), "Volume:\t", s.get("volume").str(), "ReadOnly:\t", boolText(s.get("readOnly")))
	}},
	{"downwardAPI", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "DownwardAPI (a volume populated by information about the pod)", "Items:", "")
		for _, item := range s.get("items").items() {
			if ref := item.get("fieldRef"); ref.has() {
				w.write(3, ref.get("fieldPath").str(), " -> ", item.get("path").str(), "\n")
			}
			if ref := item.get("resourceFieldRef"); ref.has() {
				w.write(3, ref.get("resource").str(), " -> ", item.get("path").str(), "\n")
			}
		}
	}},
	{"azureDisk", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "AzureDisk (an Azure Data Disk mount on the host and bind mount to the pod)",
			"DiskName:\t", s.get("diskName").str(), "DiskURI:\t", s.get("diskURI").str(),
			"Kind: \t", orDefault(s.get("kind").str(), "Shared"), "FSType:\t", orDefault(s.get("fsType").str(), "ext4"),
			"CachingMode:\t", orDefault(s.get("cachingMode").str(), "ReadWrite"), "ReadOnly:\t", boolText(s.get("readOnly")))
	}},
	{"vsphereVolume", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "vSphereVolume (a Persistent Disk resource in vSphere)",
			"VolumePath:\t", s.get("volumePath").str(), "FSType:\t", s.get("fsType").str(),
			"StoragePolicyName:\t", s.get("storagePolicyName").str())
	}},
	{"cinder", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "Cinder (a Persistent Disk resource in OpenStack)",
			"VolumeID:\t", s.get("volumeID").str(), "FSType:\t", s.get("fsType").str(),
			"ReadOnly:\t", boolText(s.get("readOnly")), "SecretRef:\t", refText(s.get("secretRef")))
	}},
	{"photonPersistentDisk", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "PhotonPersistentDisk (a Persistent Disk resource in photon platform)",
			"PdID:\t", s.get("pdID").str(), "FSType:\t", s.get("fsType").str())
	}},
	{"portworxVolume", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "PortworxVolume (a Portworx Volume resource)", "VolumeID:\t", s.get("volumeID").str())
	}},
	{"scaleIO", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "ScaleIO (a persistent volume backed by a block device in ScaleIO)",
			"Gateway:\t", s.get("gateway").str(), "System:\t", s.get("system").str(),
			"Protection Domain:\t", s.get("protectionDomain").str(), "Storage Pool:\t", s.get("storagePool").str(),
			"Storage Mode:\t", orDefault(s.get("storageMode").str(), "ThinProvisioned"), "VolumeName:\t", s.get("volumeName").str(),
			"FSType:\t", orDefault(s.get("fsType").str(), "xfs"), "ReadOnly:\t", boolText(s.get("readOnly")))
	}},
	{"cephfs", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "CephFS (a CephFS mount on the host that shares a pod's lifetime)",
			"Monitors:\t", listText(s.get("monitors")), "Path:\t", s.get("path").str(), "User:\t", s.get("user").str(),
			"SecretFile:\t", s.get("secretFile").str(), "SecretRef:\t", refText(s.get("secretRef")), "ReadOnly:\t", boolText(s.get("readOnly")))
	}},
	{"storageos", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "StorageOS (a StorageOS Persistent Disk resource)",
			"VolumeName:\t", s.get("volumeName").str(), "VolumeNamespace:\t", s.get("volumeNamespace").str(),
			"FSType:\t", s.get("fsType").str(), "ReadOnly:\t", boolText(s.get("readOnly")))
	}},
	{"fc", func(w *describeWriter, s templateJSON) {
		lun := "<none>"
		if n := s.get("lun"); n.has() {
			lun = intText(n)
		}
		volumeFields(w, "FC (a Fibre Channel disk)",
			"TargetWWNs:\t", strings.Join(s.get("targetWWNs").strs(), ", "), "LUN:\t", lun,
			"FSType:\t", s.get("fsType").str(), "ReadOnly:\t", boolText(s.get("readOnly")))
	}},
	{"azureFile", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "AzureFile (an Azure File Service mount on the host and bind mount to the pod)",
			"SecretName:\t", s.get("secretName").str(), "ShareName:\t", s.get("shareName").str(), "ReadOnly:\t", boolText(s.get("readOnly")))
	}},
	{"flexVolume", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "FlexVolume (a generic volume resource that is provisioned/attached using an exec based plugin)",
			"Driver:\t", s.get("driver").str(), "FSType:\t", s.get("fsType").str(), "SecretRef:\t", refText(s.get("secretRef")),
			"ReadOnly:\t", boolText(s.get("readOnly")), "Options:\t", mapText(s.get("options").entries()))
	}},
	{"flocker", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "Flocker (a Flocker volume mounted by the Flocker agent)",
			"DatasetName:\t", s.get("datasetName").str(), "DatasetUUID:\t", s.get("datasetUUID").str())
	}},
	{"projected", describeProjectedVolume},
	{"csi", describeCSIVolume},
	{"image", func(w *describeWriter, s templateJSON) {
		volumeFields(w, "Image (a container image or OCI artifact)",
			"Reference:\t", s.get("reference").str(), "PullPolicy:\t", s.get("pullPolicy").str())
	}},
}

// volumeFields writes a volume source's `    Type:` line and its fields,
// given as label, value pairs, one line each at four spaces.
func volumeFields(w *describeWriter, typ string, labelValues ...string) {
	w.write(2, "Type:\t", typ, "\n")
	for i := 0; i+1 < len(labelValues); i += 2 {
		w.write(2, labelValues[i], labelValues[i+1], "\n")
	}
}

// describeProjectedVolume writes a projected volume: its type line, then
// per source a secret's `SecretName:` and `Optional:`, `DownwardAPI:`
// true, a config map's `ConfigMapName:` and `Optional:`, or a service
// account token's `TokenExpirationSeconds:` (3600 when unset, the API
// server's default); other sources print nothing.
//
// Ports: kubectl describe printProjectedVolumeSource.
func describeProjectedVolume(w *describeWriter, s templateJSON) {
	volumeFields(w, "Projected (a volume that contains injected data from multiple sources)")
	for _, src := range s.get("sources").items() {
		switch {
		case src.get("secret").has():
			ref := src.get("secret")
			w.write(2, "SecretName:\t", ref.get("name").str(), "\n")
			w.write(2, "Optional:\t", boolText(ref.get("optional")), "\n")
		case src.get("downwardAPI").has():
			w.write(2, "DownwardAPI:\ttrue\n")
		case src.get("configMap").has():
			ref := src.get("configMap")
			w.write(2, "ConfigMapName:\t", ref.get("name").str(), "\n")
			w.write(2, "Optional:\t", boolText(ref.get("optional")), "\n")
		case src.get("serviceAccountToken").has():
			seconds := "3600"
			if n := src.get("serviceAccountToken").get("expirationSeconds"); n.has() {
				seconds = intText(n)
			}
			w.write(2, "TokenExpirationSeconds:\t", seconds, "\n")
		}
	}
}

// describeCSIVolume writes a CSI volume: type, driver, fsType and
// readOnly, then `    VolumeAttributes:` + tab and the sorted `k=v`
// attributes as kubectl writes them, each write at four spaces: the first
// after the tab (`<none>` with no indent when there are none), later ones
// after four spaces, four more and a tab, each cut to 140 bytes + `...`.
//
// Ports: kubectl describe printCSIVolumeSource and
// printCSIPersistentVolumeAttributesMultilineIndent.
func describeCSIVolume(w *describeWriter, s templateJSON) {
	volumeFields(w, "CSI (a Container Storage Interface (CSI) volume source)",
		"Driver:\t", s.get("driver").str(), "FSType:\t", s.get("fsType").str(), "ReadOnly:\t", boolText(s.get("readOnly")))
	w.write(2, "VolumeAttributes:\t")
	attrs := s.get("volumeAttributes").entries()
	if len(attrs) == 0 {
		w.write(0, "<none>\n")
		return
	}
	for i, kv := range attrs {
		if i > 0 {
			w.write(2)
			w.write(2, "\t")
		}
		if line := kv.Key + "=" + kv.Value; len(line) > maxAnnotationLen {
			w.write(2, line[:maxAnnotationLen], "...\n")
		} else {
			w.write(2, line, "\n")
		}
	}
}

// describeEphemeralVolume writes an ephemeral volume: its type line, then
// the volume claim template through a PrefixWriter nested two levels in
// (so every write starts at four spaces): `StorageClass:` (the beta
// storage-class annotation when present, else spec.storageClassName),
// `Volume:`, the labels and annotations (each write at four spaces, as
// the nesting makes them), `Capacity:` and `Access Modes:` (empty, or `0`
// and empty once a volume is named: a template has no status), then
// `VolumeMode:` and `DataSource:` when set.
//
// Ports: kubectl describe printEphemeralVolumeSource and
// printPersistentVolumeClaim (not a full PVC).
func describeEphemeralVolume(w *describeWriter, s templateJSON) {
	volumeFields(w, "EphemeralVolume (an inline specification for a volume that gets created and deleted with the pod)")
	claim := s.get("volumeClaimTemplate")
	if !claim.has() {
		return
	}
	meta, spec := claim.get("metadata"), claim.get("spec")
	class := spec.get("storageClassName").str()
	if beta := meta.get("annotations").get("volume.beta.kubernetes.io/storage-class"); beta.kind != jsonAbsent {
		class = beta.str()
	}
	w.write(2, "StorageClass:\t", class, "\n")
	w.write(2, "Volume:\t", spec.get("volumeName").str(), "\n")
	w.write(2, "Labels:\t")
	labels := meta.get("labels").entries()
	if len(labels) == 0 {
		w.write(2, "<none>\n")
	}
	for i, kv := range labels {
		if i > 0 {
			w.write(2)
			w.write(2, "\t")
		}
		w.write(2, kv.Key, "=", kv.Value, "\n")
	}
	describeAnnotations(w, 2, "Annotations", meta.get("annotations").entries())
	capacity := ""
	if spec.get("volumeName").str() != "" {
		capacity = "0"
	}
	w.write(2, "Capacity:\t", capacity, "\n")
	w.write(2, "Access Modes:\t\n")
	if mode := spec.get("volumeMode"); mode.has() {
		w.write(2, "VolumeMode:\t", mode.str(), "\n")
	}
	if src := spec.get("dataSource"); src.has() {
		w.write(2, "DataSource:\n")
		if group := src.get("apiGroup"); group.has() {
			w.write(3, "APIGroup:\t", group.str(), "\n")
		}
		w.write(3, "Kind:\t", src.get("kind").str(), "\n")
		w.write(3, "Name:\t", src.get("name").str(), "\n")
	}
}

// intText renders an integer field as %v/%d does.
func intText(n templateJSON) string { return strconv.FormatInt(n.integer(), 10) }

// boolText renders a bool field (or a *bool, nil read as false) as %v does.
func boolText(n templateJSON) string { return strconv.FormatBool(n.boolean()) }

// orDefault returns s, or def when s is empty: a string field the API
// server defaults.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// listText renders a []string as %v does: `[a b]`.
func listText(n templateJSON) string { return "[" + strings.Join(n.strs(), " ") + "]" }

// refText renders a *LocalObjectReference as %v does: the type has a
// generated String method, which prints `&LocalObjectReference{Name:<name>,}`,
// and `nil` for a nil pointer (SPEC 6m.5.4: kubectl's DescribePodTemplate).
func refText(n templateJSON) string {
	if !n.has() {
		return "nil"
	}
	return "&LocalObjectReference{Name:" + n.get("name").str() + ",}"
}

// mapText renders a map[string]string as %v does: `map[k:v k2:v2]`,
// sorted by key.
func mapText(kvs []dcplan.KeyValue) string {
	parts := make([]string, len(kvs))
	for i, kv := range kvs {
		parts[i] = kv.Key + ":" + kv.Value
	}
	return "map[" + strings.Join(parts, " ") + "]"
}
