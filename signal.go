//go:build !js

package main

import (
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/scenes"
)

// quitOnSignal returns the desktop game: the App, ended by SIGINT or
// SIGTERM (Ctrl+C in a terminal, a logout, a service manager) the way
// closing its window ends it, so that RunGame returns and the game in
// progress gets its exit save. A second signal ends the process at once.
func quitOnSignal(app *scenes.App) ebiten.Game {
	g := &signalledGame{App: app}
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-signals
		signal.Stop(signals)
		g.quit.Store(true)
	}()
	return g
}

// signalledGame is the App with its Update ending the game once a signal
// came. (It embeds the App itself, not an ebiten.Game, so LayoutF and the
// App's other optional methods stay visible to Ebitengine.)
type signalledGame struct {
	*scenes.App
	quit atomic.Bool
}

func (g *signalledGame) Update() error {
	if g.quit.Load() {
		return ebiten.Termination
	}
	return g.App.Update()
}
