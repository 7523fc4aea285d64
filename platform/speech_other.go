//go:build !js

package platform

// Commands returns dst: only a page has a command line of its own.
func Commands(dst []string) []string { return dst }

// LabelCommandLine does nothing outside a page.
func LabelCommandLine(string) {}

// FocusCommandLine is false outside a page: the play screen opens its own
// command line.
func FocusCommandLine() bool { return false }
