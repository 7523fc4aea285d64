//go:build !js

package platform

import "github.com/hajimehoshi/ebiten/v2"

// DrawFinalScreen copies the game's finished frame to the window: outside a
// page, Ebitengine's own way (see present_js.go for the page's).
func DrawFinalScreen(screen ebiten.FinalScreen, offscreen *ebiten.Image, geoM ebiten.GeoM) {
	ebiten.DefaultDrawFinalScreen(screen, offscreen, geoM)
}
