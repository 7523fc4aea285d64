package board

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// The must-capture pulse from kept frames.
//
// The pulse has pulseSteps steps a second (Tick), and while nothing but the
// pulse changes, the rectangles a pulse frame repaints (DrawPart: the rings
// and the columns they meet, over the static layer) look the same at every
// step of every second. So the first second draws each step as DrawPart
// did, into a cell of one kept image, and the seconds after it copy the
// cell to the screen: one draw call a frame, from one source, where a
// drawn step issues a copy of the static layer and a draw per sprite per
// rectangle, each from its own texture (with software WebGL each draw call
// has a fixed cost that the page's present does not pay: docs/PAGESIZE.md).
// A whole redraw, or any change the board asks a redraw for, forgets the
// drawn steps.

// pulseSteps is the number of pulse steps a second (Tick's now%60).
const pulseSteps = 60

// pulseCache is the kept frames of the pulse.
type pulseCache struct {
	img *ebiten.Image
	// rects are the screen rectangles (whole pixels) a cell holds, at in
	// cell 0; a cell is cell in size, cols cells a row, after a margin.
	rects  []Rect
	at     []image.Point
	cell   image.Point
	cols   int
	margin int
	filled uint64 // bit i: step i is drawn
	subs   map[image.Rectangle]*ebiten.Image
	tmp    []Rect
	vs     []ebiten.Vertex
	is     []uint16
	op     ebiten.DrawTrianglesOptions
}

// pulseAtlasMax bounds the kept image's side; rings spread wider than it
// allows are drawn step by step as before.
const pulseAtlasMax = 4096

// forget drops the drawn steps (their pixels are stale).
func (p *pulseCache) forget() { p.filled = 0 }

// invalidate asks the host for a whole redraw and forgets the pulse's
// kept steps: whatever changed may show in them.
func (b *Board) invalidate() {
	b.pulse.forget()
	b.host.Invalidate()
}

// pulseStep is the pulse's step now, and whether only the pulse moves: the
// frame can come from the kept steps.
func (b *Board) pulseStep() (int, bool) {
	if b.frame != nil || len(b.flyers) > 0 || len(b.preview.routes) > 0 || !b.capture || b.movable == 0 {
		return 0, false
	}
	s := int(math.Round(b.phase * pulseSteps))
	if s < 0 || s >= pulseSteps || float64(s)/pulseSteps != b.phase {
		return 0, false
	}
	return s, true
}

// drawPulse repaints rects (merged, in screen pixels) of dst from the
// kept step, drawing the step into its cell first if it is not kept. It
// reports false, having drawn nothing, when the rectangles do not fit
// the kept image.
func (b *Board) drawPulse(dst, static *ebiten.Image, step int, rects []Rect, bounds Rect) bool {
	p := &b.pulse
	p.tmp = p.tmp[:0]
	for _, r := range rects {
		if r = clipRect(r, bounds); r.W > 0 && r.H > 0 {
			p.tmp = append(p.tmp, r)
		}
	}
	if len(p.tmp) == 0 {
		return true
	}
	if !b.pulseLayout(p.tmp) {
		return false
	}
	cx, cy := b.cellOrigin(step)
	if p.filled&(1<<step) == 0 {
		c := &b.cache
		g := b.g
		for i, r := range p.rects {
			ir := image.Rect(cx+p.at[i].X, cy+p.at[i].Y, cx+p.at[i].X+int(r.W), cy+p.at[i].Y+int(r.H))
			sub := p.subs[ir]
			if sub == nil {
				sub = p.img.SubImage(ir).(*ebiten.Image)
				p.subs[ir] = sub
			}
			// Draw as DrawPart would at r, moved by a whole number of
			// pixels to the cell (the margin keeps every coordinate
			// positive, so rounding to pixels moves alike).
			kx, ky := r.X-float64(ir.Min.X), r.Y-float64(ir.Min.Y)
			var op ebiten.DrawImageOptions
			op.GeoM.Translate(float64(c.ox)-kx, float64(c.oy)-ky)
			op.Blend = ebiten.BlendCopy
			sub.DrawImage(static, &op)
			b.g.X, b.g.Y = g.X-kx, g.Y-ky
			clip := Rect{X: float64(ir.Min.X), Y: float64(ir.Min.Y), W: r.W, H: r.H}
			b.drawOver(sub, &clip, true)
			b.g = g
		}
		p.filled |= 1 << step
	}
	p.vs, p.is = p.vs[:0], p.is[:0]
	for i, r := range p.rects {
		sx, sy := float32(cx+p.at[i].X), float32(cy+p.at[i].Y)
		x, y, w, h := float32(r.X), float32(r.Y), float32(r.W), float32(r.H)
		n := uint16(len(p.vs))
		p.vs = append(p.vs,
			ebiten.Vertex{DstX: x, DstY: y, SrcX: sx, SrcY: sy, ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1},
			ebiten.Vertex{DstX: x + w, DstY: y, SrcX: sx + w, SrcY: sy, ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1},
			ebiten.Vertex{DstX: x, DstY: y + h, SrcX: sx, SrcY: sy + h, ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1},
			ebiten.Vertex{DstX: x + w, DstY: y + h, SrcX: sx + w, SrcY: sy + h, ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1})
		p.is = append(p.is, n, n+1, n+2, n+1, n+3, n+2)
	}
	p.op = ebiten.DrawTrianglesOptions{Blend: ebiten.BlendCopy}
	dst.DrawTriangles(p.vs, p.is, p.img, &p.op)
	return true
}

// pulseLayout makes the kept image hold cells for rects, forgetting the
// drawn steps when the rectangles changed. It reports false when they do
// not fit.
func (b *Board) pulseLayout(rects []Rect) bool {
	p := &b.pulse
	if p.img != nil && len(rects) == len(p.rects) {
		same := true
		for i := range rects {
			same = same && rects[i] == p.rects[i]
		}
		if same {
			return true
		}
	}
	p.forget()
	p.rects = append(p.rects[:0], rects...)
	p.at = p.at[:0]
	// One pixel between rectangles and cells keeps them apart.
	w, h := 0, 0
	for _, r := range rects {
		p.at = append(p.at, image.Pt(w, 0))
		w += int(r.W) + 1
		h = max(h, int(r.H)+1)
	}
	// Things drawn near a rectangle's edge start up to a column's width
	// outside it: the margin keeps them at positive coordinates.
	p.margin = int(math.Ceil(2 * b.g.Square))
	p.cell = image.Pt(w, h)
	p.cols = max(1, min(pulseSteps, (pulseAtlasMax-p.margin)/w))
	rows := (pulseSteps + p.cols - 1) / p.cols
	iw, ih := p.margin+p.cols*w, p.margin+rows*h
	if iw > pulseAtlasMax || ih > pulseAtlasMax {
		p.rects = p.rects[:0]
		return false
	}
	if p.img == nil || p.img.Bounds().Dx() != iw || p.img.Bounds().Dy() != ih {
		if p.img != nil {
			p.img.Deallocate()
		}
		p.img = ebiten.NewImage(iw, ih)
		clear(p.subs)
	}
	if p.subs == nil {
		p.subs = map[image.Rectangle]*ebiten.Image{}
	}
	if len(p.subs) > 4*pulseSteps {
		clear(p.subs)
	}
	return true
}

// cellOrigin is the top-left pixel of step's cell in the kept image.
func (b *Board) cellOrigin(step int) (int, int) {
	p := &b.pulse
	return p.margin + step%p.cols*p.cell.X, p.margin + step/p.cols*p.cell.Y
}
