package dcplan

import (
	"bytes"
	"slices"
)

// Clone returns a deep copy of s: no slice of the copy aliases s.
func (s Snapshot) Clone() Snapshot {
	out := s
	out.Config = s.Config.Clone()
	out.Deployments = cloneEach(s.Deployments, Deployment.Clone)
	out.Pods = cloneEach(s.Pods, Pod.Clone)
	out.Settings = s.Settings.Clone()
	out.Outcome = s.Outcome.Clone()
	out.Unobserved = slices.Clone(s.Unobserved)
	out.Undeleted = slices.Clone(s.Undeleted)
	return out
}

// Clone returns a deep copy of st.
func (st Settings) Clone() Settings {
	st.Environment = cloneEach(st.Environment, EnvVar.Clone)
	return st
}

// Clone returns a deep copy of e.
func (e EnvVar) Clone() EnvVar {
	e.ValueFrom = cloneBytes(e.ValueFrom)
	return e
}

// Clone returns a deep copy of c.
func (c Config) Clone() Config {
	c.Labels = slices.Clone(c.Labels)
	c.Selector = slices.Clone(c.Selector)
	c.Strategy = c.Strategy.Clone()
	c.Triggers = cloneEach(c.Triggers, Trigger.Clone)
	c.Template = c.Template.Clone()
	c.Status = c.Status.Clone()
	c.Raw = cloneBytes(c.Raw)
	return c
}

// Clone returns a deep copy of st.
func (st Strategy) Clone() Strategy {
	st.CustomCommand = slices.Clone(st.CustomCommand)
	st.CustomEnv = cloneEach(st.CustomEnv, EnvVar.Clone)
	st.Resources = cloneBytes(st.Resources)
	st.Labels = slices.Clone(st.Labels)
	st.Annotations = slices.Clone(st.Annotations)
	st.Raw = cloneBytes(st.Raw)
	return st
}

// Clone returns a deep copy of t.
func (t Trigger) Clone() Trigger {
	t.ContainerNames = slices.Clone(t.ContainerNames)
	return t
}

// Clone returns a deep copy of t.
func (t Template) Clone() Template {
	t.Containers = slices.Clone(t.Containers)
	t.Labels = slices.Clone(t.Labels)
	t.Raw = cloneBytes(t.Raw)
	return t
}

// Clone returns a deep copy of st.
func (st ConfigStatus) Clone() ConfigStatus {
	st.Details.Causes = slices.Clone(st.Details.Causes)
	st.Conditions = slices.Clone(st.Conditions)
	return st
}

// Clone returns a deep copy of d, its encoded DC included.
func (d Deployment) Clone() Deployment {
	d.Template = d.Template.Clone()
	d.Raw = cloneBytes(d.Raw)
	if d.Encoded != nil {
		d.Encoded = new(d.Encoded.Clone())
	}
	return d
}

// Clone returns a deep copy of p.
func (p Pod) Clone() Pod {
	p.Owners = slices.Clone(p.Owners)
	p.Containers = slices.Clone(p.Containers)
	p.Raw = cloneBytes(p.Raw)
	return p
}

func cloneEach[T any](in []T, f func(T) T) []T {
	if in == nil {
		return nil
	}
	out := make([]T, len(in))
	for i, v := range in {
		out[i] = f(v)
	}
	return out
}

func cloneBytes(b []byte) []byte {
	if b == nil {
		return nil
	}
	return bytes.Clone(b)
}

// Clone returns a deep copy of o.
func (o Outcome) Clone() Outcome {
	o.Failures = slices.Clone(o.Failures)
	if o.Live != nil {
		o.Live = new(o.Live.Clone())
	}
	return o
}
