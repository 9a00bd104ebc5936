package dcplan

// Status-reason annotation values (SPEC 1.4), modern (short) forms.
const (
	ReasonCancelledByUser      = "cancelled by the user"
	ReasonCancelledByNewer     = "newer deployment was found running"
	ReasonUnrelatedPod         = "unrelated pod with the same name as this deployment is already running"
	ReasonDeployerPodGone      = "deployer pod no longer exists"
	ReasonDeployerCreateFailed = "unable to create deployer pod"
)

// Status-reason annotation values of the earliest Origin versions (SPEC 1.4).
const (
	LongReasonCancelledByUser  = "The deployment was cancelled by the user"
	LongReasonCancelledByNewer = "The deployment was cancelled as a newer deployment was found running"
	LongReasonUnrelatedPod     = "The deployment failed as an unrelated pod with the same name as this deployment is already running"
	LongReasonDeployerPodGone  = "The deployment failed as the deployer pod no longer exists"
)

// Event reasons of the DC controller (SPEC 1.6).
const (
	EventDeploymentCleanupFailed            = "DeploymentCleanupFailed"
	EventReplicationControllerCleanupFailed = "ReplicationControllerCleanupFailed"
	EventDeploymentCancellationFailed       = "DeploymentCancellationFailed"
	EventDeploymentCancelled                = "DeploymentCancelled"
	EventDeploymentAwaitingCancellation     = "DeploymentAwaitingCancellation"
	EventDeploymentCreationFailed           = "DeploymentCreationFailed"
	EventDeploymentCreated                  = "DeploymentCreated"
	EventReplicationControllerScaleFailed   = "ReplicationControllerScaleFailed"
	EventReplicationControllerScaled        = "ReplicationControllerScaled"
	// Seed era (SPEC 1.6, 7 row 10).
	EventDeploymentScaled      = "DeploymentScaled"
	EventDeploymentScaleFailed = "DeploymentScaleFailed"
)

// Event reasons of the deployer controller (SPEC 1.6).
const (
	EventRolloutTimeout     = "RolloutTimeout"
	EventFailedCreate       = "FailedCreate"
	EventFailed             = "Failed"
	EventFailedCancellation = "FailedCancellation"
	EventRolloutCancelled   = "RolloutCancelled"
	EventFailedRetry        = "FailedRetry"
	// Oldest seed deployer reasons (SPEC 1.6).
	EventSeedFailedCancellation = "failedCancellation"
	EventSeedCancelled          = "cancelled"
	EventSeedFailedUpdate       = "failedUpdate"
	EventSeedFailed             = "failed"
	EventSeedFailedCreate       = "failedCreate"
)

// Event components (sources) of the two controllers.
const (
	ComponentConfigController   = "deploymentconfig-controller"
	ComponentDeployerController = "deployer-controller"
)
