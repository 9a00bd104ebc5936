package wire

// Key orders of a pod's volumes (k8s.io/api core/v1 Volume and its
// VolumeSource, inlined), every volume source and what it holds; see
// keyOrder.
var (
	orderKeyToPath    = order("key", "path", "mode", "user")
	orderDownwardFile = order("path", "fieldRef", orderFieldSelector, "resourceFieldRef", orderResourceSelector,
		"mode", "user")

	// Sources of a projected volume.
	orderSecretProject   = order("name", "items", orderKeyToPath, "optional")
	orderDownwardProject = order("items", orderDownwardFile)
	orderTokenProject    = order("audience", "expirationSeconds", "path", "user")
	orderBundleProject   = order("name", "signerName", "labelSelector", orderLabelSelector, "optional", "path", "user")
	// orderCertProject is a PodCertificateProjection's.
	orderCertProject = order("signerName", "keyType", "maxExpirationSeconds", "credentialBundlePath", "keyPath",
		"certificateChainPath", "userAnnotations", "user")
	orderProjection = order("secret", orderSecretProject, "downwardAPI", orderDownwardProject,
		"configMap", orderSecretProject, "serviceAccountToken", orderTokenProject,
		"clusterTrustBundle", orderBundleProject, "podCertificate", orderCertProject)

	// orderClaimSpec is the PersistentVolumeClaimSpec of an ephemeral
	// volume's claim template (whose metadata is an ObjectMeta).
	orderClaimSpec = order("accessModes", "selector", orderLabelSelector,
		"resources", order("limits", "requests"), "volumeName", "storageClassName", "volumeMode",
		"dataSource", order("apiGroup", "kind", "name"),
		"dataSourceRef", order("apiGroup", "kind", "name", "namespace"), "volumeAttributesClassName")
	// orderEphemeralSource is an EphemeralVolumeSource's.
	orderEphemeralSource = order("volumeClaimTemplate", order("metadata", orderObjectMeta, "spec", orderClaimSpec))

	orderVolume = order("name",
		"hostPath", order("path", "type"),
		"emptyDir", order("medium", "sizeLimit", "mode"),
		"gcePersistentDisk", order("pdName", "fsType", "partition", "readOnly"),
		"awsElasticBlockStore", order("volumeID", "fsType", "partition", "readOnly"),
		"gitRepo", order("repository", "revision", "directory"),
		"secret", order("secretName", "items", orderKeyToPath, "defaultMode", "optional", "defaultUser"),
		"nfs", order("server", "path", "readOnly"),
		"iscsi", order("targetPortal", "iqn", "lun", "iscsiInterface", "fsType", "readOnly", "portals",
			"chapAuthDiscovery", "chapAuthSession", "secretRef", orderLocalRef, "initiatorName"),
		"glusterfs", order("endpoints", "path", "readOnly"),
		"persistentVolumeClaim", order("claimName", "readOnly"),
		"rbd", order("monitors", "image", "fsType", "pool", "user", "keyring", "secretRef", orderLocalRef, "readOnly"),
		"flexVolume", order("driver", "fsType", "secretRef", orderLocalRef, "readOnly", "options"),
		"cinder", order("volumeID", "fsType", "readOnly", "secretRef", orderLocalRef),
		"cephfs", order("monitors", "path", "user", "secretFile", "secretRef", orderLocalRef, "readOnly"),
		"flocker", order("datasetName", "datasetUUID"),
		"downwardAPI", order("items", orderDownwardFile, "defaultMode", "defaultUser"),
		"fc", order("targetWWNs", "lun", "fsType", "readOnly", "wwids"),
		"azureFile", order("secretName", "shareName", "readOnly"),
		"configMap", order("name", "items", orderKeyToPath, "defaultMode", "optional", "defaultUser"),
		"vsphereVolume", order("volumePath", "fsType", "storagePolicyName", "storagePolicyID"),
		"quobyte", order("registry", "volume", "readOnly", "user", "group", "tenant"),
		"azureDisk", order("diskName", "diskURI", "cachingMode", "fsType", "readOnly", "kind"),
		"photonPersistentDisk", order("pdID", "fsType"),
		"projected", order("sources", orderProjection, "defaultMode", "defaultUser"),
		"portworxVolume", order("volumeID", "fsType", "readOnly"),
		"scaleIO", order("gateway", "system", "secretRef", orderLocalRef, "sslEnabled", "protectionDomain",
			"storagePool", "storageMode", "volumeName", "fsType", "readOnly"),
		"storageos", order("volumeName", "volumeNamespace", "fsType", "readOnly", "secretRef", orderLocalRef),
		"csi", order("driver", "readOnly", "fsType", "volumeAttributes", "nodePublishSecretRef", orderLocalRef),
		"ephemeral", orderEphemeralSource,
		"image", order("reference", "pullPolicy"))
)
