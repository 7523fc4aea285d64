//go:build js

// Command present is the smallest Ebitengine page that animates: it
// changes a 2×2-pixel square every frame and draws nothing else, so the
// page's frame rate is the cost of presenting a frame, whatever a game
// draws. BenchmarkPresent (present_test.go) measures it with the canvas
// set up the ways the location's fragment names:
//
//	#default    Ebitengine's own WebGL context and final copy
//	#still      nothing changes after the first frame (nothing is presented)
//	#noaa       the context made first without multisampling (platform.PrepareCanvas)
//	#noaa-copy  that, and the final copy without blending (platform.DrawFinalScreen):
//	            what the game does
//	#noaa-none  that, and no final copy at all: the canvas is only cleared
package main

import (
	"image/color"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"bashni/platform"
)

type square struct {
	still bool
	ticks int
	drawn bool
}

func (g *square) Update() error { g.ticks++; return nil }

func (g *square) Draw(screen *ebiten.Image) {
	if !g.drawn {
		screen.Fill(color.RGBA{0x30, 0x60, 0x30, 0xff})
		g.drawn = true
	} else if g.still {
		return
	}
	vector.FillRect(screen, 100, 100, 2, 2, color.RGBA{uint8(g.ticks * 7), 0, 0, 0xff}, false)
}

func (g *square) Layout(w, h int) (int, int) { panic("LayoutF is used") }

func (g *square) LayoutF(w, h float64) (float64, float64) {
	s := ebiten.Monitor().DeviceScaleFactor()
	return w * s, h * s
}

// copied presents the frame as the game does.
type copied struct{ *square }

func (copied) DrawFinalScreen(screen ebiten.FinalScreen, offscreen *ebiten.Image, geoM ebiten.GeoM) {
	platform.DrawFinalScreen(screen, offscreen, geoM)
}

// uncopied presents nothing but the cleared canvas.
type uncopied struct{ *square }

func (uncopied) DrawFinalScreen(ebiten.FinalScreen, *ebiten.Image, ebiten.GeoM) {}

func main() {
	mode := js.Global().Get("location").Get("hash").String()
	if len(mode) > 0 {
		mode = mode[1:]
	}
	if mode == "noaa" || mode == "noaa-copy" || mode == "noaa-none" {
		platform.PrepareCanvas()
	}
	ebiten.SetScreenClearedEveryFrame(false)
	g := &square{still: mode == "still"}
	var game ebiten.Game = g
	switch mode {
	case "noaa-copy":
		game = copied{g}
	case "noaa-none":
		game = uncopied{g}
	}
	if err := ebiten.RunGame(game); err != nil {
		panic(err)
	}
}
