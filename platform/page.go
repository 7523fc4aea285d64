package platform

import "github.com/hajimehoshi/ebiten/v2"

// Game is the game as the platform runs it: an Ebitengine game laid out in
// physical pixels, presented by DrawFinalScreen, whose state can be read
// once a tick.
type Game interface {
	ebiten.Game
	ebiten.LayoutFer
	ebiten.FinalScreenDrawer
	Snapshot(s *State)
}
