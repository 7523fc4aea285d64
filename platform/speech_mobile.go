//go:build android || ios

package platform

// Speak does nothing in the mobile apps: they have no speech tool of their
// own to run (the system's screen reader reads the app's view instead).
func Speak(string) {}

// SetSpeechLanguage does nothing in the mobile apps.
func SetSpeechLanguage(string) {}

// Speaking is false in the mobile apps.
func Speaking() (bool, string) { return false, "the app does not speak by itself" }

// SpeaksFocus is false on phones: the app does not speak by itself.
const SpeaksFocus = false

// SpeakingNow: the app does not speak by itself.
func SpeakingNow() (on, known bool) { return false, true }
