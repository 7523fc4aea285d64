//go:build darwin && !ios

package platform

// systemMotion reads macOS's Accessibility › Display › Reduce motion with
// defaults (absent until first changed: then off).
func systemMotion() (reduce, known bool) {
	out, ok := output("defaults", "read", "com.apple.universalaccess", "reduceMotion")
	return ok && out == "1", ok
}
