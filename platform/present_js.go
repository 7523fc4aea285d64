//go:build js

package platform

import (
	"math"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"
)

// PrepareCanvas makes the WebGL 2 context of Ebitengine's canvas before
// Ebitengine asks for it, with Ebitengine's own attributes but without
// multisampling: getContext returns the context the page made first, so
// Ebitengine draws into this one.
//
// Why: the browser's default for a WebGL canvas is antialias: true, a
// multisampled drawing buffer resolved on every presented frame. The game
// never draws an edge into that buffer (Ebitengine renders into its own
// textures and only copies the finished screen there, an axis-aligned
// rectangle), so the samples buy nothing; with software WebGL they cost a
// third of each animated frame (docs/FINDINGS.md, wasm/browser's
// BenchmarkPresent).
//
// It does nothing when the page has no such canvas or no WebGL 2:
// Ebitengine's own getContext then fails the same way it would have. Wrap
// calls it; wasm/browser's present benchmark calls it alone.
func PrepareCanvas() {
	doc := js.Global().Get("document")
	if !doc.Truthy() {
		return
	}
	canvas := doc.Call("querySelector", "canvas")
	if !canvas.Truthy() {
		return
	}
	attr := js.Global().Get("Object").New()
	// As internal/graphicsdriver/opengl/graphics_js.go of Ebitengine v2.10.
	attr.Set("alpha", true)
	attr.Set("premultipliedAlpha", true)
	attr.Set("stencil", true)
	attr.Set("antialias", false)
	canvas.Call("getContext", "webgl2", attr)
}

// DrawFinalScreen copies the game's finished frame to the page's canvas.
// It is ebiten.DefaultDrawFinalScreen with BlendCopy: the frame is opaque,
// so blending it over the black the canvas was just cleared to gives the
// same pixels, and without the blend software WebGL copies a frame of
// 1280×800 a few milliseconds faster.
func DrawFinalScreen(screen ebiten.FinalScreen, offscreen *ebiten.Image, geoM ebiten.GeoM) {
	op := &ebiten.DrawImageOptions{GeoM: geoM, Blend: ebiten.BlendCopy}
	switch scale := geoM.Element(0, 0); {
	case math.Floor(scale) == scale:
		op.Filter = ebiten.FilterNearest
	case scale < 1:
		op.Filter = ebiten.FilterLinear
	default:
		op.Filter = ebiten.FilterPixelated
	}
	screen.DrawImage(offscreen, op)
}
