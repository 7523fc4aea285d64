package sprites

import (
	"github.com/hajimehoshi/ebiten/v2"

	"bashni/rules"
)

// ColumnOptions change how DrawColumn draws a column; the zero value draws
// it plainly on its square with its shadow and badge.
type ColumnOptions struct {
	// HideTop leaves out the top HideTop pieces, which an animation is
	// drawing elsewhere (a top being captured, a disc lifting off).
	HideTop int
	// Scale resizes the column about its square centre; 0 means 1.
	Scale float64
	// Fade makes the column translucent: 0 opaque, 1 invisible.
	Fade float64
	// Lift raises the column this many pixels above (cx, cy) while its
	// shadow stays on the ground, smaller and fainter: a column in the air
	// during a jump, or picked up by a drag.
	Lift float64
	// Ghost draws a faint, badge-less, shadow-less copy: where a dragged
	// column came from.
	Ghost bool
	// NoBadge and NoShadow leave those out.
	NoBadge  bool
	NoShadow bool
}

// ColumnLayout returns where the pieces of c go at the current square size,
// relative to its square centre, without its top hideTop pieces. Animations
// use it to start a flying disc exactly where it sat.
func (r *Renderer) ColumnLayout(c rules.Column, hideTop int) ColumnLayout {
	return LayoutColumn(c, hideTop, r.m)
}

// DrawColumn draws column c standing on a square whose centre is (cx, cy).
// (cx, cy) need not be a square centre: animations move columns anywhere.
// Columns rise above their square into the light square behind, so draw
// them from the top screen row down.
func (r *Renderer) DrawColumn(dst *ebiten.Image, cx, cy float64, c rules.Column, opts ColumnOptions) {
	a := r.sprites()
	l := LayoutColumn(c, opts.HideTop, r.m)
	if l.N == 0 {
		return
	}
	scale := opts.Scale
	if scale == 0 {
		scale = 1
	}
	alpha := 1 - opts.Fade
	if opts.Ghost {
		alpha *= 0.38
	}
	if alpha <= 0 {
		return
	}
	if !opts.NoShadow && !opts.Ghost {
		r.drawShadow(dst, cx, cy+l.BottomY*scale, scale, opts.Lift, alpha)
	}
	y0 := cy - opts.Lift
	owner := c.Owner()
	for i := 0; i < l.N; i++ {
		s := &l.Slots[i]
		var img *ebiten.Image
		if s.Kind == SlotDisc {
			p := c.Piece(s.Index)
			img = a.disc(p, p.Color() != owner)
		} else {
			img = a.band(s.Color, s.King, s.Color != owner, s.Thickness)
		}
		r.blit(dst, img, cx, y0+s.FaceY*scale, scale, alpha)
	}
	if !opts.NoBadge && !opts.Ghost && l.Height >= 2 {
		bx, by := l.BadgeCenter(r.m)
		r.blit(dst, a.badge(l.Height, r.fonts), cx+bx*scale, y0+by*scale, scale, alpha)
	}
}

// drawShadow draws the shadow of a column whose lowest point is at (cx, y);
// a lifted column's shadow shrinks and fades with the height.
func (r *Renderer) drawShadow(dst *ebiten.Image, cx, y, scale, lift, alpha float64) {
	m := r.m
	k := 1 / (1 + max(0, lift)/(1.5*m.Square))
	// The light comes from the upper left: the shadow falls down and right.
	sx := cx + 0.07*m.Square*scale + lift*0.25
	sy := y - m.FaceHalf*0.55*scale + lift*0.1
	r.blit(dst, r.sprites().shadowSprite(), sx, sy, scale*(0.6+0.4*k), alpha*k)
}

// DiscOptions change how DrawDisc draws a disc.
type DiscOptions struct {
	Scale    float64 // size factor about the disc centre; 0 means 1
	Fade     float64 // 0 opaque, 1 invisible
	Prisoner bool    // subdued colours, as under an enemy top
	Shadow   bool    // cast a shadow Lift pixels below
	Lift     float64 // height above the ground, for the shadow
}

// DrawDisc draws one disc with its centre (the middle of its face and rim
// together) at (x, y). A lone disc on a square has its centre on the square
// centre; inside a column, slot i of ColumnLayout has its centre at
// cy + Slots[i].FaceY + Thickness/2. Animations use it for a disc flying off
// a column or sliding under one.
func (r *Renderer) DrawDisc(dst *ebiten.Image, x, y float64, p rules.Piece, opts DiscOptions) {
	scale := opts.Scale
	if scale == 0 {
		scale = 1
	}
	alpha := 1 - opts.Fade
	if alpha <= 0 {
		return
	}
	half := float64(r.m.Thickness) / 2
	if opts.Shadow {
		r.drawShadow(dst, x, y+opts.Lift+(half+r.m.FaceHalf)*scale, scale, opts.Lift, alpha)
	}
	r.blit(dst, r.sprites().disc(p, opts.Prisoner), x, y-half*scale, scale, alpha)
}

// DrawCrown draws a crown centred at (x, y); scale 1 is its size on a disc
// face. For the flourish when a man is crowned.
func (r *Renderer) DrawCrown(dst *ebiten.Image, x, y float64, c rules.Color, scale, fade float64) {
	const sharpness = 2 // drawn at twice the face size so it stays crisp when grown
	r.blit(dst, r.sprites().crownSprite(c, sharpness), x, y, scale/sharpness, 1-fade)
}
