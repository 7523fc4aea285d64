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
	r.op.ColorScale.ScaleWithColor(clr)
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
	cs.ScaleWithColor(clr)
	// Turn in steps of one dot so the dots do not smear.
	const dots = 10
	step := math.Floor((phase - math.Floor(phase)) * dots)
	r.blitRotated(dst, img, cx, cy, step*2*math.Pi/dots, 1, cs)
}

// renderIcon draws an icon in white, anchored at its centre.
func renderIcon(kind IconKind, size float64) *ebiten.Image {
	h := size / 2
	img := newSprite(-h-1, -h-1, h+1, h+1)
	k := size / 24
	// Icon paths are written on a 0–24 grid; g maps them to the image.
	g := func(x, y float64) (float32, float32) { return f32((x - 12) * k), f32((y - 12) * k) }
	var p, solid vector.Path
	white := color.White
	sw := 2 * k
	switch kind {
	case IconUndo, IconRedo:
		// A hook: an arrow pointing back along the top, curling down.
		mirror := 1.0
		if kind == IconRedo {
			mirror = -1
		}
		m := func(x, y float64) (float32, float32) { return g(12+(x-12)*mirror, y) }
		p.MoveTo(m(9, 14))
		p.LineTo(m(4, 9))
		p.LineTo(m(9, 4))
		p.MoveTo(m(4, 9))
		p.LineTo(m(14.5, 9))
		// Half circle from (14.5, 9) down to (14.5, 20), bulging right.
		cx, cy := m(14.5, 14.5)
		dir := vector.Clockwise
		start, end := -math.Pi/2, math.Pi/2
		if mirror < 0 {
			dir = vector.CounterClockwise
			start, end = -math.Pi/2, -3*math.Pi/2
		}
		p.Arc(cx, cy, f32(5.5*k), f32(start), f32(end), dir)
		p.LineTo(m(11, 20))
	case IconFlip:
		p.MoveTo(g(8, 20))
		p.LineTo(g(8, 4))
		p.MoveTo(g(4, 8))
		p.LineTo(g(8, 4))
		p.LineTo(g(12, 8))
		p.MoveTo(g(16, 4))
		p.LineTo(g(16, 20))
		p.MoveTo(g(12, 16))
		p.LineTo(g(16, 20))
		p.LineTo(g(20, 16))
	case IconHint:
		// Bulb: a circle narrowing into a neck, with the screw base below.
		cx, cy := g(12, 9.5)
		p.MoveTo(g(9.2, 15.5))
		p.LineTo(g(9.2, 14.6))
		p.Arc(cx, cy, f32(6.2*k), f32(math.Pi*0.72), f32(math.Pi*0.28), vector.Clockwise)
		p.LineTo(g(14.8, 15.5))
		p.Close()
		p.MoveTo(g(9.5, 18.5))
		p.LineTo(g(14.5, 18.5))
		p.MoveTo(g(10.5, 21.5))
		p.LineTo(g(13.5, 21.5))
		// A glint inside.
		p.MoveTo(g(12, 6.5))
		p.Arc(cx, cy, f32(3*k), -math.Pi/2, -math.Pi*0.95, vector.CounterClockwise)
	case IconMenu:
		for _, y := range []float64{6, 12, 18} {
			p.MoveTo(g(4, y))
			p.LineTo(g(20, y))
		}
	case IconSettings:
		// A gear: eight teeth round a ring, hole cut out with even-odd.
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
				solid.MoveTo(x, y)
			} else {
				solid.LineTo(x, y)
			}
		}
		solid.Close()
		cx, cy := g(12, 12)
		solid.MoveTo(cx+f32(3.4*k), cy)
		solid.Arc(cx, cy, f32(3.4*k), 0, 2*math.Pi, vector.Clockwise)
		solid.Close()
	case IconSoundOn, IconSoundOff:
		solid.MoveTo(g(3, 9))
		solid.LineTo(g(7, 9))
		solid.LineTo(g(12, 4.5))
		solid.LineTo(g(12, 19.5))
		solid.LineTo(g(7, 15))
		solid.LineTo(g(3, 15))
		solid.Close()
		if kind == IconSoundOn {
			cx, cy := g(12, 12)
			p.MoveTo(g(12+4*math.Cos(-0.8), 12+4*math.Sin(-0.8)))
			p.Arc(cx, cy, f32(4*k), -0.8, 0.8, vector.Clockwise)
			p.MoveTo(g(12+8*math.Cos(-0.85), 12+8*math.Sin(-0.85)))
			p.Arc(cx, cy, f32(8*k), -0.85, 0.85, vector.Clockwise)
		} else {
			p.MoveTo(g(16, 9))
			p.LineTo(g(22, 15))
			p.MoveTo(g(22, 9))
			p.LineTo(g(16, 15))
		}
	case IconBack:
		p.MoveTo(g(19, 12))
		p.LineTo(g(5, 12))
		p.MoveTo(g(12, 19))
		p.LineTo(g(5, 12))
		p.LineTo(g(12, 5))
	case IconPlay:
		solid.MoveTo(g(7, 4.5))
		solid.LineTo(g(19.5, 12))
		solid.LineTo(g(7, 19.5))
		solid.Close()
		p.AddPath(&solid, nil) // stroked too, for rounded corners
	case IconClose:
		p.MoveTo(g(6, 6))
		p.LineTo(g(18, 18))
		p.MoveTo(g(18, 6))
		p.LineTo(g(6, 18))
	case IconCopy:
		x, y := g(9, 9)
		addRoundRect(&p, float64(x), float64(y), 12*k, 12*k, 2*k)
		p.MoveTo(g(5, 15))
		p.LineTo(g(4.5, 15))
		p.LineTo(g(4, 14.5))
		p.LineTo(g(4, 5))
		p.LineTo(g(5, 4))
		p.LineTo(g(14.5, 4))
		p.LineTo(g(15, 4.5))
		p.LineTo(g(15, 5))
	case IconCheck:
		p.MoveTo(g(4.5, 12.5))
		p.LineTo(g(9.5, 17.5))
		p.LineTo(g(19.5, 6.5))
	case IconSpinner:
		// Ten dots round a circle, fading behind the leading one.
		const dots = 10
		for i := 0; i < dots; i++ {
			ang := 2 * math.Pi * float64(i) / dots
			x, y := g(12+8.5*math.Cos(ang), 12+8.5*math.Sin(ang))
			var d vector.Path
			addCircle(&d, float64(x), float64(y), (1.5+1.1*float64(i)/dots)*k)
			fill(img, &d, color.Alpha{A: uint8(40 + 215*i/(dots-1))})
		}
	}
	fillEvenOdd(img, &solid, white)
	stroke(img, &p, sw, white)
	return img
}
