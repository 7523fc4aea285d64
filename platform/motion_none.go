//go:build !js && !windows && !(linux && !android) && !(darwin && !ios)

package platform

// systemMotion is not known here (a phone, a BSD): Settings' switch alone
// decides.
func systemMotion() (reduce, known bool) { return false, false }
