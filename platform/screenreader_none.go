//go:build !js && !windows && !(linux && !android) && !(darwin && !ios)

package platform

// ScreenReaderRunning is false where the game cannot ask (the BSDs, the
// mobile apps); BASHNI_SPEAK=1 turns speech on on the BSDs.
func ScreenReaderRunning() bool { return false }
