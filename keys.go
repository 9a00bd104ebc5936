package dcplan

// Annotation keys (SPEC 1.1), exact.
const (
	AnnotationPhase               = "openshift.io/deployment.phase"
	AnnotationStatusReason        = "openshift.io/deployment.status-reason"
	AnnotationCancelled           = "openshift.io/deployment.cancelled"
	AnnotationDeployerPodName     = "openshift.io/deployer-pod.name"
	AnnotationConfigName          = "openshift.io/deployment-config.name"
	AnnotationEncodedConfig       = "openshift.io/encoded-deployment-config"
	AnnotationLatestVersion       = "openshift.io/deployment-config.latest-version"
	AnnotationDeploymentName      = "openshift.io/deployment.name"
	AnnotationDesiredReplicas     = "kubectl.kubernetes.io/desired-replicas"
	AnnotationReplicas            = "openshift.io/deployment.replicas"
	AnnotationIgnoreDeployerPod   = "deploy.openshift.io/deployer-pod.ignore"
	AnnotationDeployerCreatedAt   = "openshift.io/deployer-pod.created-at"
	AnnotationDeployerStartedAt   = "openshift.io/deployer-pod.started-at"
	AnnotationDeployerCompletedAt = "openshift.io/deployer-pod.completed-at"
)

// AnnotationRetriedAt is dcplan's own annotation, no upstream key: the
// time a retry (cancel.Retry) reset the RC to New, written by Modern's
// retry only, so that the deployer gives the retried rollout its full
// New-phase timeout from the retry rather than from the RC's creation
// (SPEC 4.3.new.3.retry, the RetryTimeoutFromCreation switch). Rendered
// as the deployer pod timestamps are.
const AnnotationRetriedAt = "dcplan.io/retried-at"

// AnnotationRetriedPod is dcplan's own annotation, no upstream key: the
// uid of the deployer pod a retry (cancel.Retry) deleted when it reset
// the RC to New, written by Modern's retry only, so that the deployer
// waits while its cache still shows that pod rather than failing the
// retried rollout for it (SPEC 4.2.expect.retry, the IgnoreExpectations
// switch). A uid is the server's, unique to one pod, so a pod made again
// under the deployer pod's name never matches it.
const AnnotationRetriedPod = "dcplan.io/retried-pod"

// Label keys (SPEC 1.2), exact.
const (
	LabelConfigName       = "openshift.io/deployment-config.name"
	LabelDeployerPodFor   = "openshift.io/deployer-pod-for.name"
	LabelDeploymentConfig = "deploymentconfig"
	LabelDeployment       = "deployment"
)

// CancelledValue is the value writers give the cancelled annotation; the
// reader accepts it in any case (SPEC 1.1).
const CancelledValue = "true"
