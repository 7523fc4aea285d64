//go:build js

package startup

import (
	"github.com/hajimehoshi/ebiten/v2"

	"bashni/platform"
)

// quitOnSignal is the game itself in a page: a page gets no signals.
func quitOnSignal(g platform.Game) ebiten.Game { return g }
