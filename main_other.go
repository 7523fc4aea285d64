//go:build !js

package main

import (
	"github.com/hajimehoshi/ebiten/v2"

	"bashni/scenes"
)

// inBrowser is false: on the desktop a bad flag ends the program with a
// message (see main_js.go for the page).
const inBrowser = false

// platformGame is the App on the desktop, ended cleanly by a signal
// (signal.go).
func platformGame(app *scenes.App) ebiten.Game { return quitOnSignal(app) }
