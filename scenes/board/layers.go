package board

import (
	"image"
	"image/color"
	"math"
	"math/bits"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/rules"
	"bashni/sprites"
)

// Cheap animated frames.
//
// A board whose screen sets Partial keeps its static layer — the board, its
// coordinates and the marks of the last move, the hint and Highlight, on
// an opaque backdrop — in an offscreen image redrawn only when one of them
// changes (staticKey). While only the moving layer changes (the pulse of
// the must-capture rings, a move's animation) the board asks its host for a
// part redraw instead of a whole one: the screen keeps its last frame
// (ebiten.SetScreenClearedEveryFrame(false)) and the board repaints only
// the rectangles where something moved, last frame and this one, each
// clipped: the static layer's pixels, then everything of the moving layer
// that touches the rectangle, in the same order as a whole redraw. So a
// part frame leaves the screen exactly as a whole redraw would, at the cost
// of a few small copies and the columns near what moves.

// Part is something that can redraw its own part of the screen alone.
type Part interface {
	// DrawPart redraws the part into dst, which holds the last frame.
	DrawPart(dst *ebiten.Image)
}

// PartialHost is a Host that can redraw a Part of the screen without the
// rest (scenes.App). A host without it redraws everything.
type PartialHost interface {
	Host
	InvalidatePart(p Part)
}

// staticKey is everything the cached static layer shows.
type staticKey struct {
	g        sprites.Geometry
	coords   bool
	blank    bool // no position
	last     rules.Move
	hint     rules.Move
	line     hintLine
	nums     hintNums
	pointed  uint64
	theme    sprites.Theme
	backdrop color.NRGBA
}

// layers is a board's cache of its static layer and what it redrew last.
type layers struct {
	img   *ebiten.Image
	key   staticKey
	valid bool
	ox    int // the screen position of img's top-left pixel
	oy    int
	// shown: the screen holds a whole frame of this board, so a part
	// redraw may build on it.
	shown bool
	// moved: the rectangles of what moved in the frame on screen.
	moved []Rect
	// hidden: the static columns the frame on screen leaves out or cuts
	// (an animation's Hidden squares and hideTop), to redraw a square
	// whose column comes back.
	hidden [64]int8
	// movedFits: the moving things on screen stay on the static layer.
	movedFits bool
	cur       []Rect
	subs      map[image.Rectangle]*ebiten.Image
	subsOf    *ebiten.Image
}

// invalidateMoving asks for a redraw after a change of the moving layer
// only: a part redraw where the host can do one.
func (b *Board) invalidateMoving() {
	if ph, ok := b.host.(PartialHost); ok && b.layered() && b.cache.shown && b.cache.movedFits && b.fitsLayer() {
		ph.InvalidatePart(b)
		return
	}
	b.invalidate()
}

func (b *Board) currentKey() staticKey {
	return staticKey{g: b.g, coords: b.coords, blank: b.pos == nil, last: b.last, hint: b.hint, line: b.hintLine, nums: b.hintNums,
		pointed: b.pointed, theme: *b.r.Theme(), backdrop: b.Backdrop}
}

// staticLayer returns the cached static layer, redrawn if it changed.
func (b *Board) staticLayer() *ebiten.Image {
	c := &b.cache
	k := b.currentKey()
	if c.valid && c.key == k {
		return c.img
	}
	o := b.g.Outer()
	x0, y0 := int(math.Floor(o.X)), int(math.Floor(o.Y))
	w, h := int(math.Ceil(o.X+o.W))-x0, int(math.Ceil(o.Y+o.H))-y0
	if c.img == nil || c.img.Bounds().Dx() != w || c.img.Bounds().Dy() != h {
		if c.img != nil {
			c.img.Deallocate()
		}
		c.img = ebiten.NewImage(max(1, w), max(1, h))
		for _, s := range c.subs {
			s.Deallocate()
		}
		clear(c.subs)
	}
	c.img.Fill(b.Backdrop)
	// Draw with the geometry moved so that the layer's origin is (x0, y0).
	g := b.g
	b.g.X -= float64(x0)
	b.g.Y -= float64(y0)
	b.drawStaticMarks(c.img)
	b.g = g
	c.ox, c.oy, c.key, c.valid = x0, y0, k, true
	return c.img
}

// drawLayered is Draw for a Partial board: the cached static layer, then
// everything else.
func (b *Board) drawLayered(dst *ebiten.Image) {
	img := b.staticLayer()
	var op ebiten.DrawImageOptions
	op.GeoM.Translate(float64(b.cache.ox), float64(b.cache.oy))
	dst.DrawImage(img, &op)
	b.drawOver(dst, nil, true)
	b.pulse.forget()
	b.cache.shown = true
	b.cache.moved = b.movingRects(b.cache.moved[:0])
	b.cache.movedFits = b.fitsLayer()
	b.cache.hidden = b.hiddenNow()
}

// layered reports whether the board draws through its cached static layer.
func (b *Board) layered() bool { return b.Partial && b.Backdrop.A == 255 }

// DrawPart redraws what moved since the last frame: the rectangles of the
// moving things then and now, and the squares whose static column came or
// went. dst holds the last frame.
func (b *Board) DrawPart(dst *ebiten.Image) {
	c := &b.cache
	if !c.shown || !c.valid || c.key != b.currentKey() {
		// The static layer changed under a part redraw (the host should
		// have redrawn everything): redraw the whole board.
		c.cur = append(c.cur[:0], b.cacheRect())
	} else {
		c.cur = b.movingRects(c.cur[:0])
		c.cur = append(c.cur, c.moved...)
		now := b.hiddenNow()
		for _, sq := range b.g.Variant.Squares() {
			if now[sq] != c.hidden[sq] {
				x, y := b.g.SquareCenter(sq)
				c.cur = append(c.cur, b.columnBox(b.pos.Column(sq), x, y, 0, 1))
			}
		}
	}
	c.cur = mergeRects(c.cur)
	img := b.staticLayer()
	bounds := b.cacheRect()
	if step, ok := b.pulseStep(); ok && c.shown && c.valid && c.key == b.currentKey() && b.drawPulse(dst, img, step, c.cur, bounds) {
		c.moved = b.movingRects(c.moved[:0])
		c.movedFits = b.fitsLayer()
		c.hidden = b.hiddenNow()
		return
	}
	b.pulse.forget()
	for _, r := range c.cur {
		r = clipRect(r, bounds)
		if r.W <= 0 || r.H <= 0 {
			continue
		}
		sub := b.sub(dst, r)
		var op ebiten.DrawImageOptions
		op.GeoM.Translate(float64(c.ox), float64(c.oy))
		sub.DrawImage(img, &op)
		b.drawOver(sub, &r, true)
	}
	c.moved = b.movingRects(c.moved[:0])
	c.movedFits = b.fitsLayer()
	c.hidden = b.hiddenNow()
}

// sub is dst clipped to r. The clips of the rectangles that come back
// every frame (the rings) are kept, so a pulse frame allocates nothing.
func (b *Board) sub(dst *ebiten.Image, r Rect) *ebiten.Image {
	ir := image.Rect(int(r.X), int(r.Y), int(r.X+r.W), int(r.Y+r.H))
	c := &b.cache
	if s, ok := c.subs[ir]; ok && c.subsOf == dst {
		return s
	}
	if c.subsOf != dst || len(c.subs) > 64 {
		clear(c.subs)
		c.subsOf = dst
	}
	if c.subs == nil {
		c.subs = map[image.Rectangle]*ebiten.Image{}
	}
	s := dst.SubImage(ir).(*ebiten.Image)
	c.subs[ir] = s
	return s
}

// cacheRect is where the static layer goes on the screen.
func (b *Board) cacheRect() Rect {
	c := &b.cache
	if c.img == nil {
		return b.g.Outer()
	}
	return Rect{X: float64(c.ox), Y: float64(c.oy), W: float64(c.img.Bounds().Dx()), H: float64(c.img.Bounds().Dy())}
}

// fitsLayer reports whether everything moving stays on the static layer's
// rectangle: a part redraw repaints nothing outside it.
func (b *Board) fitsLayer() bool {
	bounds := b.g.Outer()
	b.cache.cur = b.movingRects(b.cache.cur[:0])
	for _, r := range b.cache.cur {
		if r.X < bounds.X || r.Y < bounds.Y || r.X+r.W > bounds.X+bounds.W || r.Y+r.H > bounds.Y+bounds.H {
			return false
		}
	}
	return true
}

// hiddenNow is how much of each static column the moving layer leaves out.
func (b *Board) hiddenNow() [64]int8 {
	h := b.hideTop
	if b.frame != nil {
		for m := b.frame.Hidden; m != 0; m &= m - 1 {
			h[bits.TrailingZeros64(m)] = hideAll
		}
	}
	return h
}

// movingRects appends the rectangles of what the moving layer draws that
// may change from one frame to the next: the must-capture rings and the
// animation's sprites. The rest of the moving layer changes only with a
// whole redraw.
func (b *Board) movingRects(dst []Rect) []Rect {
	if b.pos == nil {
		return dst
	}
	if b.capture {
		for m := b.movable; m != 0; m &= m - 1 {
			x, y := b.g.SquareCenter(rules.Square(bits.TrailingZeros64(m)))
			s := b.g.Square
			dst = append(dst, Rect{X: x - 0.85*s, Y: y - 0.75*s, W: 1.7 * s, H: 1.6 * s})
		}
	}
	if b.frame != nil {
		for i := range b.frame.Sprites {
			dst = append(dst, b.spriteBox(i))
		}
	}
	return dst
}

// spriteBox is a generous rectangle round what drawSprite draws.
func (b *Board) spriteBox(i int) Rect {
	sp := &b.frame.Sprites[i]
	s := b.g.Square
	x, y := b.boardPoint(sp.X, sp.Y)
	lift := sp.Lift * s
	sc := sp.Scale
	if sc == 0 {
		sc = 1
	}
	if sp.Disc {
		return Rect{X: x - 0.7*s*sc, Y: y - lift - 0.6*s*sc, W: 1.4*s*sc + 0.3*lift, H: 1.3*s*sc + lift}
	}
	r := b.columnBox(sp.Column, x, y, lift, sc)
	if sp.Crown < 1 {
		// The crown flies in from above, up to 2.2 times its size.
		cs := s * sc * (1 + 1.2*(1-sp.Crown))
		top := y - lift - 0.45*s - 0.6*s*sc - cs
		r = unionRect(r, Rect{X: x - cs, Y: top, W: 2 * cs, H: y - top})
	}
	return r
}

// columnBox is a generous rectangle round column c drawn on (x, y): its
// discs, badge and shadow.
func (b *Board) columnBox(c rules.Column, x, y, lift, scale float64) Rect {
	s := b.g.Square
	l := b.r.ColumnLayout(c, 0)
	top := y - lift + (l.TopY-0.45*s)*scale
	bottom := y + (l.BottomY+0.3*s)*scale
	return Rect{X: x - 0.8*s*scale, Y: top, W: 1.6*s*scale + 0.3*lift, H: bottom - top}
}

// meets reports whether r touches the clip (nil: everything).
func meets(r Rect, clip *Rect) bool {
	if clip == nil {
		return true
	}
	return r.X < clip.X+clip.W && clip.X < r.X+r.W && r.Y < clip.Y+clip.H && clip.Y < r.Y+r.H
}

// squareMeets reports whether the square sq, grown by a third of a square
// (the rings reach beyond it), touches the clip.
func (b *Board) squareMeets(sq rules.Square, clip *Rect) bool {
	if clip == nil {
		return true
	}
	r := b.g.SquareRect(sq)
	m := 0.35 * b.g.Square
	return meets(Rect{X: r.X - m, Y: r.Y - m, W: r.W + 2*m, H: r.H + 2*m}, clip)
}

func unionRect(a, b Rect) Rect {
	x0, y0 := math.Min(a.X, b.X), math.Min(a.Y, b.Y)
	x1, y1 := math.Max(a.X+a.W, b.X+b.W), math.Max(a.Y+a.H, b.Y+b.H)
	return Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// clipRect is r inside bounds, grown to whole pixels.
func clipRect(r, bounds Rect) Rect {
	x0, y0 := math.Max(math.Floor(r.X), bounds.X), math.Max(math.Floor(r.Y), bounds.Y)
	x1, y1 := math.Min(math.Ceil(r.X+r.W), bounds.X+bounds.W), math.Min(math.Ceil(r.Y+r.H), bounds.Y+bounds.H)
	return Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// mergeRects joins overlapping rectangles, so no pixel is drawn twice.
func mergeRects(rs []Rect) []Rect {
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(rs); i++ {
			for j := i + 1; j < len(rs); j++ {
				if meets(rs[i], &rs[j]) {
					rs[i] = unionRect(rs[i], rs[j])
					rs = append(rs[:j], rs[j+1:]...)
					merged = true
					j--
				}
			}
		}
	}
	return rs
}
