package board

import (
	"github.com/hajimehoshi/ebiten/v2"

	"bashni/rules"
	"bashni/sprites"
)

// Capture route previews: while a column that must capture is selected,
// the board shows the whole of every route still open from where it
// stands — a line through the landings with an arrow to the final one —
// and rings on the final landings as well as on the next ones, as
// lidraughts does. A tap on a final landing that only one route reaches
// plays that whole route (the move entry jumps ahead to it); where several
// routes end on the same square, the player goes on hop by hop.

// previewKey is what the composed previews show.
type previewKey struct {
	g    sprites.Geometry
	path [16]rules.Square
	n    int
	pos  *rules.Position
}

// previews keeps the routes to preview and their composed image.
type previews struct {
	routes []rules.Move
	key    previewKey
	img    *ebiten.Image
	pts    []sprites.Point
}

// setPreviews finds the routes to preview from the move entry (in
// refreshMarks) and adds their final landings to the destinations.
func (b *Board) setPreviews() {
	b.preview.routes = b.preview.routes[:0]
	if !b.capture || b.selected == rules.NoSquare || !b.ShowDestinations {
		return
	}
	b.preview.routes = b.entry.Candidates(b.preview.routes)
	for _, m := range b.preview.routes {
		b.dests |= bit(m.To())
	}
}

// drawPreviews draws the previewed routes, composed once per selection and
// landing into one image.
func (b *Board) drawPreviews(dst *ebiten.Image) {
	p := &b.preview
	if len(p.routes) == 0 {
		return
	}
	path := b.entry.Path()
	k := previewKey{g: b.g, n: len(path), pos: b.pos}
	copy(k.path[:], path)
	if p.img == nil || p.key != k {
		o := b.g.Outer()
		if p.img != nil {
			p.img.Deallocate()
		}
		p.img = ebiten.NewImage(int(o.X+o.W)+1, int(o.Y+o.H)+1)
		from := len(path) - 1
		for _, m := range p.routes {
			p.pts = p.pts[:0]
			for i := from; i < m.PathLen(); i++ {
				x, y := b.g.SquareCenter(m.PathAt(i))
				p.pts = append(p.pts, sprites.Point{X: x, Y: y})
			}
			b.r.DrawRoute(p.img, p.pts, sprites.RoutePreview)
		}
		p.key = k
	}
	dst.DrawImage(p.img, nil)
}
