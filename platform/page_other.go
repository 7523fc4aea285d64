//go:build !js

package platform

// InBrowser is false: on the desktop and a phone a bad flag ends the
// program with a message (see page_js.go for the page).
const InBrowser = false

// SoftwareGL is false outside a page: the spinners turn.
func SoftwareGL() bool { return false }

// Wrap is the game itself outside a page.
func Wrap(g Game) Game { return g }
