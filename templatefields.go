package dcplan

// TemplateFields is a set of fields of an RC's pod template spec that its
// deployer pod copies (SPEC 4.5; the seed era copied fewer, SPEC 7 row 31).
// Planners choose the set; package wire copies the fields when it renders
// the pod, so the planners never read the template's JSON.
type TemplateFields uint8

// The fields a deployer pod can copy from its RC's pod template spec.
const (
	FieldDNSConfig TemplateFields = 1 << iota
	FieldDNSPolicy
	FieldEnableServiceLinks
	FieldImagePullSecrets
	FieldNodeSelector
	FieldTolerations
)

// Field sets of the two generations of the deployer pod.
const (
	// ModernTemplateFields is what today's deployer pod copies (SPEC 4.5).
	ModernTemplateFields = FieldDNSConfig | FieldDNSPolicy | FieldEnableServiceLinks |
		FieldImagePullSecrets | FieldNodeSelector | FieldTolerations
	// OriginTemplateFields is what the seed-era deployer pod of Origin
	// 1.3-1.5 copies (SPEC 7 row 31).
	OriginTemplateFields = FieldDNSPolicy | FieldImagePullSecrets | FieldNodeSelector
)

// templateFieldNames are the JSON keys of the fields, in bit order, which
// is also their canonical (sorted) order.
var templateFieldNames = [...]string{"dnsConfig", "dnsPolicy", "enableServiceLinks", "imagePullSecrets", "nodeSelector", "tolerations"}

// Names returns the JSON keys of the fields in f, sorted.
func (f TemplateFields) Names() []string {
	var out []string
	for i, n := range templateFieldNames {
		if f&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}
