//go:build linux && !android

package platform

import (
	"os"
	"path/filepath"
	"strings"
)

// ScreenReaderRunning reports whether Orca runs: GNOME's screen-reader
// switch (gsettings), or an orca process (started by hand or by another
// desktop).
func ScreenReaderRunning() bool {
	if out, ok := output("gsettings", "get", "org.gnome.desktop.a11y.applications", "screen-reader-enabled"); ok && out == "true" {
		return true
	}
	comms, _ := filepath.Glob("/proc/[0-9]*/comm")
	for _, c := range comms {
		if b, err := os.ReadFile(c); err == nil && strings.TrimSpace(string(b)) == "orca" {
			return true
		}
	}
	return false
}
