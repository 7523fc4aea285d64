package board

import (
	"math"
	"math/bits"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/rules"
	"bashni/scenes/anim"
	"bashni/sprites"
)

// hideAll in Board.hideTop hides a whole column.
const hideAll = 127

// flyerKind is what a flyer is.
type flyerKind uint8

const (
	flyColumn flyerKind = iota // a whole column (moving, dragged)
	flyDisc                    // one disc (a captured top lifting, sliding under)
	flyCrown                   // a crown (the promotion flourish)
)

// flyer is something drawn off its square: a moving column, a lifted disc,
// a crown. Positions are physical pixels.
type flyer struct {
	kind     flyerKind
	col      rules.Column
	piece    rules.Piece
	x, y     float64 // where a column's square centre / a disc's centre is
	lift     float64
	scale    float64
	fade     float64
	prisoner bool
	ghost    bool
	noBadge  bool
}

// drawItem is a static column or an animation sprite, sorted by the screen
// y of its base so that columns in front hide those behind.
type drawItem struct {
	y      float64
	sq     rules.Square // a static column, or
	sprite int          // an index in frame.Sprites (-1 for a static column)
}

// Draw draws the board into dst in two layers.
//
// The static layer is what stays put while pieces move: the board, its
// coordinates, the last move's, the hint's and Highlight's marks and —
// when nothing is drawn under them (rings, a selection, an animation's
// sprites, which go between the board and the columns in painter's order)
// — the columns at rest. The moving layer draws the rest over it: the marks under the
// columns, the columns (at rest and animated, back to front), the lifted
// or dragged column, the destination dots and the compositions. The
// column inspector is not part of either: the screen draws it last, over
// its panels (DrawOverlay). A screen that caches the static layer offscreen redraws only
// the moving layer when something moves.
//
// A Partial board keeps its static layer in a cache (layers.go) and, while
// only the moving layer changes, redraws just the rectangles that moved.
func (b *Board) Draw(dst *ebiten.Image) {
	if b.layered() {
		b.drawLayered(dst)
		return
	}
	b.cache.shown = false
	b.drawStatic(dst)
	b.drawMoving(dst)
}

// columnsAtRest reports whether the columns at rest belong to the static
// layer: nothing of the moving layer goes under them.
func (b *Board) columnsAtRest() bool {
	return b.frame == nil && b.selected == rules.NoSquare && b.movable == 0 && b.jumped == 0 &&
		len(b.entered) == 0 && (b.hover == rules.NoSquare || b.hover == b.selected)
}

// drawStatic draws the static layer.
func (b *Board) drawStatic(dst *ebiten.Image) {
	b.drawStaticMarks(dst)
	if b.pos != nil && b.columnsAtRest() {
		b.drawColumns(dst, nil)
	}
}

// drawStaticMarks draws the static layer but the columns: the board, its
// coordinates and the marks of the last move, the hint and Highlight.
func (b *Board) drawStaticMarks(dst *ebiten.Image) {
	b.r.DrawBoard(dst, b.g, b.coords)
	if b.pos == nil {
		return
	}
	if !b.last.IsZero() {
		b.drawRoute(dst, b.last, sprites.RouteLastMove)
		b.marker(dst, sprites.MarkerLastFrom, b.last.From())
		b.marker(dst, sprites.MarkerLastTo, b.last.To())
		for i := 0; i < b.last.CaptureCount(); i++ {
			b.marker(dst, sprites.MarkerCaptured, b.last.CapturedAt(i))
		}
	}
	if !b.hint.IsZero() {
		b.marker(dst, sprites.MarkerHintFrom, b.hint.From())
		// The line after the hint first, the far end under the near, all
		// under the hint's own arrow.
		n := b.hintLen()
		for i := n - 1; i >= 1; i-- {
			b.drawLineRoute(dst, b.hintLine[i-1], i)
		}
		b.drawRoute(dst, b.hint, sprites.RouteHint)
		if n == 1 {
			b.marker(dst, sprites.MarkerHintTo, b.hint.To())
		}
	}
	for m := b.pointed; m != 0; m &= m - 1 {
		b.marker(dst, sprites.MarkerHintTo, rules.Square(bits.TrailingZeros64(m)))
	}
}

// drawMoving draws the moving layer over the static one.
func (b *Board) drawMoving(dst *ebiten.Image) {
	b.drawOver(dst, nil, !b.columnsAtRest())
}

// drawOver draws the moving layer — with the marks under the columns and
// the columns when columns is set — leaving out what does not touch clip
// (nil: nothing left out; dst is then clipped to it).
func (b *Board) drawOver(dst *ebiten.Image, clip *Rect, columns bool) {
	if b.pos == nil {
		return
	}
	g := b.g
	if columns {
		// Marks on the squares, under the columns.
		if b.selected != rules.NoSquare && b.squareMeets(b.selected, clip) {
			b.marker(dst, sprites.MarkerSelected, b.selected)
		}
		for _, sq := range b.entered {
			if b.squareMeets(sq, clip) {
				b.marker(dst, sprites.MarkerSelected, sq)
			}
		}
		for m := b.jumped; m != 0; m &= m - 1 {
			if sq := rules.Square(bits.TrailingZeros64(m)); b.squareMeets(sq, clip) {
				b.marker(dst, sprites.MarkerCaptured, sq)
			}
		}
		if b.hover != rules.NoSquare && b.hover != b.selected && b.squareMeets(b.hover, clip) {
			b.marker(dst, sprites.MarkerHover, b.hover)
		}
		b.drawPreviews(dst)
		kind := sprites.MarkerMovable
		if b.capture {
			kind = sprites.MarkerMustCapture
		}
		for m := b.movable; m != 0; m &= m - 1 {
			sq := rules.Square(bits.TrailingZeros64(m))
			if b.hideTop[sq] == hideAll || !b.squareMeets(sq, clip) {
				continue
			}
			b.marker(dst, kind, sq)
		}
		b.drawColumns(dst, clip)
	}
	// The hint line's numbers go over the columns (a ply may go where a
	// column stands now, one the line takes first).
	b.drawLineSteps(dst)
	b.drawFlyers(dst)
	for m := b.dests; m != 0; m &= m - 1 {
		if sq := rules.Square(bits.TrailingZeros64(m)); b.squareMeets(sq, clip) {
			b.marker(dst, sprites.MarkerDestination, sq)
		}
	}
	if b.showAll {
		for _, sq := range g.Variant.Squares() {
			if c := b.pos.Column(sq); !c.IsEmpty() && b.hideTop[sq] == 0 {
				x, y := g.SquareCenter(sq)
				b.r.DrawComposition(dst, x, y, c)
			}
		}
	}
	b.drawFade(dst)
	b.drawCursor(dst)
}

// drawColumns draws the columns at rest and the animation's sprites back
// to front (painter's order by the screen y of their base), those that
// touch clip (nil: all).
func (b *Board) drawColumns(dst *ebiten.Image, clip *Rect) {
	r, g := b.r, b.g
	b.items = b.items[:0]
	var hidden uint64
	if b.frame != nil {
		hidden = b.frame.Hidden
	}
	for _, sq := range g.Variant.Squares() {
		c := b.pos.Column(sq)
		if c.IsEmpty() || hidden&bit(sq) != 0 || int(b.hideTop[sq]) >= c.Height() {
			continue
		}
		x, y := g.SquareCenter(sq)
		if clip != nil && !meets(b.columnBox(c, x, y, 0, 1), clip) {
			continue
		}
		b.items = append(b.items, drawItem{y: y, sq: sq, sprite: -1})
	}
	if b.frame != nil {
		for i := range b.frame.Sprites {
			if clip != nil && !meets(b.spriteBox(i), clip) {
				continue
			}
			_, y := b.boardPoint(b.frame.Sprites[i].X, b.frame.Sprites[i].Y)
			b.items = append(b.items, drawItem{y: y, sprite: i})
		}
	}
	slices.SortStableFunc(b.items, func(p, q drawItem) int {
		switch {
		case p.y < q.y-0.5:
			return -1
		case p.y > q.y+0.5:
			return 1
		}
		return 0
	})
	for _, it := range b.items {
		if it.sprite < 0 {
			x, y := g.SquareCenter(it.sq)
			r.DrawColumn(dst, x, y, b.pos.Column(it.sq), sprites.ColumnOptions{HideTop: int(b.hideTop[it.sq])})
			continue
		}
		b.drawSprite(dst, &b.frame.Sprites[it.sprite])
	}
}

// drawFlyers draws what is off its square over everything: the column
// being entered or dragged.
func (b *Board) drawFlyers(dst *ebiten.Image) {
	r := b.r
	for i := range b.flyers {
		f := &b.flyers[i]
		switch f.kind {
		case flyColumn:
			r.DrawColumn(dst, f.x, f.y, f.col, sprites.ColumnOptions{Lift: f.lift, Scale: f.scale, Fade: f.fade, Ghost: f.ghost, NoBadge: f.noBadge})
		case flyDisc:
			r.DrawDisc(dst, f.x, f.y, f.piece, sprites.DiscOptions{Scale: f.scale, Fade: f.fade, Prisoner: f.prisoner, Shadow: f.lift > 0, Lift: f.lift})
		case flyCrown:
			r.DrawCrown(dst, f.x, f.y, f.piece.Color(), f.scale, f.fade)
		}
	}
}

// boardPoint maps board coordinates of package anim (squares from White's
// side, the centre of a1 at 0.5, 0.5) to screen pixels.
func (b *Board) boardPoint(x, y float64) (float64, float64) {
	g := b.g
	n := float64(g.Size())
	if g.Flipped {
		return g.X + (n-x)*g.Square, g.Y + y*g.Square
	}
	return g.X + x*g.Square, g.Y + (n-y)*g.Square
}

// drawSprite draws one sprite of an animation frame.
func (b *Board) drawSprite(dst *ebiten.Image, s *anim.Sprite) {
	r := b.r
	x, y := b.boardPoint(s.X, s.Y)
	lift := s.Lift * b.g.Square
	fade := 1 - s.Alpha
	if s.Disc {
		r.DrawDisc(dst, x, y-lift, s.Piece, sprites.DiscOptions{Scale: s.Scale, Fade: fade, Shadow: lift > 0, Lift: lift})
		return
	}
	c := s.Column
	crowning := s.Crown < 1 && c.Top().IsKing()
	if crowning {
		c &^= 2 // the top is shown as a man until the crown lands
	}
	opts := sprites.ColumnOptions{Lift: lift, Scale: s.Scale, Fade: fade}
	if s.Flip > 0 && s.Flip < 1 {
		b.drawSquashed(dst, x, y, c, opts, math.Abs(math.Cos(math.Pi*s.Flip)))
	} else {
		r.DrawColumn(dst, x, y, c, opts)
	}
	if crowning {
		l := r.ColumnLayout(c, 0)
		sc := s.Scale
		if sc == 0 {
			sc = 1
		}
		u := s.Crown
		cy := y - lift + l.TopY*sc - (1-u)*b.g.Square*0.45
		r.DrawCrown(dst, x, cy, c.Owner(), sc*(1+1.2*(1-u)), 1-u)
	}
}

// drawSquashed draws a column narrowed horizontally by sx (a flip seen
// edge-on): the renderer scales uniformly only, so the column is drawn into
// scratch space and squashed from there.
func (b *Board) drawSquashed(dst *ebiten.Image, x, y float64, c rules.Column, opts sprites.ColumnOptions, sx float64) {
	sq := b.g.Square
	w, h := int(math.Ceil(2*sq)), int(math.Ceil(3.2*sq))
	if b.squash == nil || b.squash.Bounds().Dx() != w || b.squash.Bounds().Dy() != h {
		if b.squash != nil {
			b.squash.Deallocate()
		}
		b.squash = ebiten.NewImage(w, h)
	}
	b.squash.Clear()
	ax, ay := float64(w)/2, float64(h)-0.8*sq
	b.r.DrawColumn(b.squash, ax, ay, c, opts)
	var op ebiten.DrawImageOptions
	op.GeoM.Translate(-ax, -ay)
	op.GeoM.Scale(math.Max(sx, 0.04), 1)
	op.GeoM.Translate(x, y)
	op.Filter = ebiten.FilterLinear
	dst.DrawImage(b.squash, &op)
}

func (b *Board) marker(dst *ebiten.Image, k sprites.MarkerKind, sq rules.Square) {
	x, y := b.g.SquareCenter(sq)
	b.r.DrawMarker(dst, k, x, y, b.phase)
}

// hintLen is the number of plies of the hint's line drawn, the hint
// included (0: no hint).
func (b *Board) hintLen() int {
	if b.hint.IsZero() {
		return 0
	}
	n := 1
	for _, m := range b.hintLine {
		if m.IsZero() {
			break
		}
		n++
	}
	return n
}

// drawLineRoute draws ply i (≥ 1) of the hint's line: the hinting side's
// plies are the even ones.
func (b *Board) drawLineRoute(dst *ebiten.Image, m rules.Move, i int) {
	b.routePoints(m)
	b.r.DrawLineRoute(dst, b.routeBuf, i, i%2 == 0)
}

// drawLineSteps numbers the plies of a hint's line (two or more) on the
// squares they go to, over the columns (SetHintNumbers' numbers, or 1 the
// hint, 2 the reply, …). A ply
// that goes where an earlier one went has its number moved aside, so that
// both read.
func (b *Board) drawLineSteps(dst *ebiten.Image) {
	n := b.hintLen()
	if n < 2 {
		return
	}
	var seen [64]uint8
	s := b.g.Square
	d := sprites.LineStepSize(s)
	for i := 0; i < n; i++ {
		m := b.hint
		if i > 0 {
			m = b.hintLine[i-1]
		}
		to := m.To()
		x, y := b.g.SquareCenter(to)
		k := float64(seen[to&63])
		seen[to&63]++
		// Stacked marks go along the square's top edge, then over it.
		x += k * d * 0.8
		if x+d/2 > b.g.Outer().X+b.g.Outer().W {
			x -= 2 * k * d * 0.8
		}
		num := i + 1
		if b.hintNums[i] > 0 {
			num = b.hintNums[i]
		}
		b.r.DrawLineStep(dst, num, i, i%2 == 0, x, y-k*d*0.25)
	}
}

func (b *Board) routePoints(m rules.Move) {
	b.routeBuf = b.routeBuf[:0]
	for i := 0; i < m.PathLen(); i++ {
		x, y := b.g.SquareCenter(m.PathAt(i))
		b.routeBuf = append(b.routeBuf, sprites.Point{X: x, Y: y})
	}
}

func (b *Board) drawRoute(dst *ebiten.Image, m rules.Move, kind sprites.RouteKind) {
	b.routeBuf = b.routeBuf[:0]
	for i := 0; i < m.PathLen(); i++ {
		x, y := b.g.SquareCenter(m.PathAt(i))
		b.routeBuf = append(b.routeBuf, sprites.Point{X: x, Y: y})
	}
	b.r.DrawRoute(dst, b.routeBuf, kind)
}
