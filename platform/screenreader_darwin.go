//go:build darwin && !ios

package platform

// ScreenReaderRunning reports VoiceOver's switch (defaults; absent until
// first turned on).
func ScreenReaderRunning() bool {
	out, ok := output("defaults", "read", "com.apple.universalaccess", "voiceOverOnOffKey")
	return ok && out == "1"
}
