package ui

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"bashni/sprites"
)

// Icons are drawn in white with vector strokes into a cached image per kind
// and size, then tinted when drawn.

type iconKind uint8

const (
	iconForward iconKind = iota
	iconFirst
	iconLast
	iconPrev
	iconRecord
	iconPause
)

type iconKey struct {
	kind iconKind
	size int
}

var iconCache = map[iconKey]*ebiten.Image{}

func iconFunc(k iconKind) IconFunc {
	return func(dst *ebiten.Image, p *Painter, cx, cy, size float64, c color.NRGBA) {
		key := iconKey{k, int(math.Round(size))}
		img, ok := iconCache[key]
		if !ok {
			img = renderIcon(k, key.size)
			iconCache[key] = img
		}
		p.op = ebiten.DrawImageOptions{}
		p.op.GeoM.Translate(math.Round(cx-float64(key.size)/2), math.Round(cy-float64(key.size)/2))
		p.op.ColorScale.ScaleWithColor(c)
		dst.DrawImage(img, &p.op)
	}
}

// The icons: those of package sprites where it has them, the rest drawn
// here in the same style.
var (
	IconUndo     = spriteIcon(sprites.IconUndo)
	IconRedo     = spriteIcon(sprites.IconRedo)
	IconFlip     = spriteIcon(sprites.IconFlip)
	IconHint     = spriteIcon(sprites.IconHint)
	IconMenu     = spriteIcon(sprites.IconMenu)
	IconSettings = spriteIcon(sprites.IconSettings)
	IconSoundOn  = spriteIcon(sprites.IconSoundOn)
	IconSoundOff = spriteIcon(sprites.IconSoundOff)
	IconBack     = spriteIcon(sprites.IconBack)
	IconPlay     = spriteIcon(sprites.IconPlay)
	IconClose    = spriteIcon(sprites.IconClose)
	IconCheck    = spriteIcon(sprites.IconCheck)
	IconForward  = iconFunc(iconForward)
	IconPrev     = iconFunc(iconPrev)
	IconRecord   = iconFunc(iconRecord) // a sheet with lines: a game record
	IconFirst    = iconFunc(iconFirst)
	IconLast     = iconFunc(iconLast)
	IconPause    = iconFunc(iconPause) // two bars: pause a replay
)

func spriteIcon(k sprites.IconKind) IconFunc {
	return func(dst *ebiten.Image, p *Painter, cx, cy, size float64, c color.NRGBA) {
		p.R.DrawIcon(dst, k, cx, cy, size, c)
	}
}

func renderIcon(k iconKind, size int) *ebiten.Image {
	img := ebiten.NewImageWithOptions(image.Rect(0, 0, size, size), nil)
	s := float64(size)
	u := func(v float64) float32 { return float32(v * s) }
	var p vector.Path
	w := math.Max(1.5, s/12)
	strokeIt := func() {
		so := &vector.StrokeOptions{Width: float32(w), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}
		op := &vector.DrawPathOptions{AntiAlias: true}
		vector.StrokePath(img, &p, so, op)
		p.Reset()
	}
	switch k {
	case iconForward, iconPrev:
		x0, x1 := 0.38, 0.64
		if k == iconPrev {
			x0, x1 = 0.62, 0.36
		}
		p.MoveTo(u(x0), u(0.2))
		p.LineTo(u(x1), u(0.5))
		p.LineTo(u(x0), u(0.8))
		strokeIt()
	case iconRecord:
		// A sheet with a folded corner and three lines of moves.
		p.MoveTo(u(0.26), u(0.14))
		p.LineTo(u(0.58), u(0.14))
		p.LineTo(u(0.74), u(0.30))
		p.LineTo(u(0.74), u(0.86))
		p.LineTo(u(0.26), u(0.86))
		p.Close()
		p.MoveTo(u(0.58), u(0.14))
		p.LineTo(u(0.58), u(0.30))
		p.LineTo(u(0.74), u(0.30))
		for _, y := range []float64{0.46, 0.58, 0.70} {
			p.MoveTo(u(0.36), u(y))
			p.LineTo(u(0.64), u(y))
		}
		strokeIt()
	case iconFirst, iconLast:
		x0, x1, bar := 0.66, 0.4, 0.28
		if k == iconLast {
			x0, x1, bar = 0.34, 0.6, 0.72
		}
		p.MoveTo(u(x0), u(0.22))
		p.LineTo(u(x1), u(0.5))
		p.LineTo(u(x0), u(0.78))
		p.MoveTo(u(bar), u(0.22))
		p.LineTo(u(bar), u(0.78))
		strokeIt()
	case iconPause:
		for _, x := range []float64{0.38, 0.62} {
			p.MoveTo(u(x), u(0.24))
			p.LineTo(u(x), u(0.76))
		}
		strokeIt()
	}
	return img
}
