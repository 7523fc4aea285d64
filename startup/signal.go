//go:build !js

package startup

import (
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/platform"
)

// quitOnSignal returns the desktop game: g, ended by SIGINT or SIGTERM
// (Ctrl+C in a terminal, a logout, a service manager) the way closing its
// window ends it, so that RunGame returns and the game in progress gets its
// exit save. A second signal ends the process at once.
func quitOnSignal(g platform.Game) ebiten.Game {
	sg := &signalledGame{Game: g}
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-signals
		signal.Stop(signals)
		sg.quit.Store(true)
	}()
	return sg
}

// signalledGame is the game with its Update ending it once a signal came.
// (It embeds the platform's Game, not an ebiten.Game, so LayoutF stays
// visible to Ebitengine.)
type signalledGame struct {
	platform.Game
	quit atomic.Bool
}

func (g *signalledGame) Update() error {
	if g.quit.Load() {
		return ebiten.Termination
	}
	return g.Game.Update()
}
