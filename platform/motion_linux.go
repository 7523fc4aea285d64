//go:build linux && !android

package platform

// systemMotion reads GNOME's (and GTK desktops') animations switch with
// gsettings; without gsettings (another desktop, no desktop) it is not
// known.
func systemMotion() (reduce, known bool) {
	out, ok := output("gsettings", "get", "org.gnome.desktop.interface", "enable-animations")
	if !ok || out == "" {
		return false, false
	}
	return out == "false", true
}
