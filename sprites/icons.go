package sprites

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// IconKind names a user-interface icon. Icons are drawn as vector paths on a
// 24-unit grid (strokes 2 units wide, round ends), rendered white once per
// pixel size and tinted when drawn.
type IconKind uint8

const (
	IconUndo IconKind = iota
	IconRedo
	IconFlip // flip the board
	IconHint // a light bulb
	IconMenu
	IconSettings // a gear
	IconSoundOn
	IconSoundOff
	IconBack
	IconPlay
	IconClose
	IconCopy
	IconCheck
	IconSpinner // one frame of the "thinking" spinner; DrawSpinner animates it
	iconCount
)

// iconKey is a cached icon: its kind and pixel size.
type iconKey struct {
	kind IconKind
	px   int
}

// iconCache keeps white icons by kind and size. Icons do not depend on the
// theme (they are tinted when drawn), so they survive theme changes.
type iconCache struct {
	imgs map[iconKey]*ebiten.Image
}

func (c *iconCache) get(k iconKey) *ebiten.Image {
	if c.imgs == nil {
		c.imgs = map[iconKey]*ebiten.Image{}
	}
	img, ok := c.imgs[k]
	if !ok {
		img = renderIcon(k.kind, float64(k.px))
		c.imgs[k] = img
	}
	return img
}

func (c *iconCache) release() {
	for k, img := range c.imgs {
		img.Deallocate()
		delete(c.imgs, k)
	}
}

// DrawIcon draws an icon size pixels square, centred at (cx, cy), in colour
// clr.
func (r *Renderer) DrawIcon(dst *ebiten.Image, kind IconKind, cx, cy, size float64, clr color.NRGBA) {
	if kind >= iconCount || size < 1 {
		return
	}
	img := r.icons.get(iconKey{kind, int(math.Round(size))})
	r.op = ebiten.DrawImageOptions{}
	anchor(&r.op.GeoM, img)
	r.op.GeoM.Translate(math.Round(cx), math.Round(cy))
	scaleBy(&r.op.ColorScale, clr)
	dst.DrawImage(img, &r.op)
}

// DrawSpinner draws the "thinking" spinner at phase (0–1 is one turn),
// size pixels square, centred at (cx, cy).
func (r *Renderer) DrawSpinner(dst *ebiten.Image, cx, cy, size, phase float64, clr color.NRGBA) {
	if size < 1 {
		return
	}
	img := r.icons.get(iconKey{IconSpinner, int(math.Round(size))})
	var cs ebiten.ColorScale
	scaleBy(&cs, clr)
	// Turn in steps of one dot so the dots do not smear.
	const dots = 10
	step := math.Floor((phase - math.Floor(phase)) * dots)
	r.blitRotated(dst, img, cx, cy, step*2*math.Pi/dots, 1, cs)
}

// renderIcon draws an icon in white, anchored at its centre. Straight
// strokes go in lines; curved strokes are drawn as filled bands (see
// paths.go) in solid, with round caps as circles; holes use holed.
func renderIcon(kind IconKind, size float64) *ebiten.Image {
	h := size / 2
	img := newSprite(-h-1, -h-1, h+1, h+1)
	k := size / 24
	// Icon paths are written on a 0–24 grid; g maps them to the image.
	g := func(x, y float64) (float32, float32) { return f32((x - 12) * k), f32((y - 12) * k) }
	gx := func(x, y float64) (float64, float64) { return (x - 12) * k, (y - 12) * k }
	var lines, solid, holed vector.Path
	sw := 2 * k
	// arc adds a curved stroke of the grid's width round (cx, cy).
	arc := func(cx, cy, r, a0, a1 float64, caps bool) {
		x, y := gx(cx, cy)
		addArcBand(&solid, x, y, r*k, r*k, sw, a0, a1)
		if caps {
			for _, a := range []float64{a0, a1} {
				addCircle(&solid, x+r*k*math.Cos(a), y+r*k*math.Sin(a), sw/2)
			}
		}
	}
	switch kind {
	case IconUndo, IconRedo:
		// A hook: an arrow pointing back along the top, curling down.
		mirror := 1.0
		if kind == IconRedo {
			mirror = -1
		}
		m := func(x, y float64) (float32, float32) { return g(12+(x-12)*mirror, y) }
		lines.MoveTo(m(9, 14))
		lines.LineTo(m(4, 9))
		lines.LineTo(m(9, 4))
		lines.MoveTo(m(4, 9))
		lines.LineTo(m(14.5, 9))
		lines.MoveTo(m(14.5, 20))
		lines.LineTo(m(11, 20))
		if mirror > 0 {
			arc(14.5, 14.5, 5.5, -math.Pi/2, math.Pi/2, false)
		} else {
			arc(9.5, 14.5, 5.5, math.Pi/2, 3*math.Pi/2, false)
		}
	case IconFlip:
		lines.MoveTo(g(8, 20))
		lines.LineTo(g(8, 4))
		lines.MoveTo(g(4, 8))
		lines.LineTo(g(8, 4))
		lines.LineTo(g(12, 8))
		lines.MoveTo(g(16, 4))
		lines.LineTo(g(16, 20))
		lines.MoveTo(g(12, 16))
		lines.LineTo(g(16, 20))
		lines.LineTo(g(20, 16))
	case IconHint:
		// Bulb: a circle narrowing into a neck, the screw base below, and a
		// glint inside.
		const r = 6.2
		a0, a1 := math.Pi*0.72, math.Pi*2.28
		arc(12, 9.5, r, a0, a1, true)
		lx, ly := 12+r*math.Cos(a0), 9.5+r*math.Sin(a0)
		rx, ry := 12+r*math.Cos(a1), 9.5+r*math.Sin(a1)
		lines.MoveTo(g(lx, ly))
		lines.LineTo(g(9.2, 15.5))
		lines.LineTo(g(14.8, 15.5))
		lines.LineTo(g(rx, ry))
		lines.MoveTo(g(9.5, 18.5))
		lines.LineTo(g(14.5, 18.5))
		lines.MoveTo(g(10.5, 21.5))
		lines.LineTo(g(13.5, 21.5))
		x, y := gx(12, 9.5)
		addArcBand(&solid, x, y, 3*k, 3*k, sw*0.75, math.Pi*1.05, math.Pi*1.5)
	case IconMenu:
		for _, y := range []float64{6, 12, 18} {
			lines.MoveTo(g(4, y))
			lines.LineTo(g(20, y))
		}
	case IconSettings:
		// A gear: eight teeth round a ring, the hole cut out with even-odd.
		const teeth = 8
		ro, ri := 10.5, 7.6
		for i := 0; i < teeth*4; i++ {
			ang := (float64(i) - 1.5) * 2 * math.Pi / (teeth * 4)
			rad := ri
			if i%4 == 1 || i%4 == 2 {
				rad = ro
			}
			x, y := g(12+rad*math.Cos(ang), 12+rad*math.Sin(ang))
			if i == 0 {
				holed.MoveTo(x, y)
			} else {
				holed.LineTo(x, y)
			}
		}
		holed.Close()
		addCircle(&holed, 0, 0, 3.4*k)
	case IconSoundOn, IconSoundOff:
		solid.MoveTo(g(3, 9))
		solid.LineTo(g(7, 9))
		solid.LineTo(g(12, 4.5))
		solid.LineTo(g(12, 19.5))
		solid.LineTo(g(7, 15))
		solid.LineTo(g(3, 15))
		solid.Close()
		lines.AddPath(&solid, nil) // stroked too, for rounded corners
		if kind == IconSoundOn {
			arc(12, 12, 4, -0.8, 0.8, true)
			arc(12, 12, 8, -0.85, 0.85, true)
		} else {
			lines.MoveTo(g(16, 9))
			lines.LineTo(g(22, 15))
			lines.MoveTo(g(22, 9))
			lines.LineTo(g(16, 15))
		}
	case IconBack:
		lines.MoveTo(g(19, 12))
		lines.LineTo(g(5, 12))
		lines.MoveTo(g(12, 19))
		lines.LineTo(g(5, 12))
		lines.LineTo(g(12, 5))
	case IconPlay:
		solid.MoveTo(g(7, 4.5))
		solid.LineTo(g(19.5, 12))
		solid.LineTo(g(7, 19.5))
		solid.Close()
		lines.AddPath(&solid, nil) // stroked too, for rounded corners
	case IconClose:
		lines.MoveTo(g(6, 6))
		lines.LineTo(g(18, 18))
		lines.MoveTo(g(18, 6))
		lines.LineTo(g(6, 18))
	case IconCopy:
		x, y := gx(9, 9)
		addRoundRectRing(&holed, x, y, 12*k, 12*k, 2*k, sw)
		lines.MoveTo(g(4, 15))
		lines.LineTo(g(4, 6))
		lines.LineTo(g(6, 4))
		lines.LineTo(g(15, 4))
	case IconCheck:
		lines.MoveTo(g(4.5, 12.5))
		lines.LineTo(g(9.5, 17.5))
		lines.LineTo(g(19.5, 6.5))
	case IconSpinner:
		// Ten dots round a circle, fading behind the leading one.
		const dots = 10
		for i := 0; i < dots; i++ {
			ang := 2 * math.Pi * float64(i) / dots
			x, y := gx(12+8.5*math.Cos(ang), 12+8.5*math.Sin(ang))
			var d vector.Path
			addCircle(&d, x, y, (1.5+1.1*float64(i)/dots)*k)
			fill(img, &d, color.Alpha{A: uint8(40 + 215*i/(dots-1))})
		}
	}
	fill(img, &solid, color.White)
	fillEvenOdd(img, &holed, color.White)
	strokeLines(img, &lines, sw, color.White)
	return img
}
