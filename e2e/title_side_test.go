package e2e

import "testing"

// TestTitleSidewaysShot renders the title on a phone on its side (844×390),
// where the heading once began above the screen: docs/title-844x390.png
// with BASHNI_SCREENSHOTS=$PWD/docs.
func TestTitleSidewaysShot(t *testing.T) {
	dir := screenshotDir(t)
	g := start(t, 844, 390, "-seed", "11", "-mute")
	g.ticks(300)
	g.shot(dir, "title")
	g.close()
}
