// Package ages renders durations the two ways oc and kubectl print an
// object's age: docker/go-units' words ("About an hour", GoUnits), which
// oc's describers and `oc rollout cancel` use, and apimachinery's short
// form ("5m30s", Short), which kubectl's events table uses. It decides
// nothing; the planners that print ages call it.
package ages
