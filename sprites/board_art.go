package sprites

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/rules"
)

// boardKey names one cached board image.
type boardKey struct {
	variant rules.Variant
	flipped bool
	coords  bool
}

// board returns the board image for a key: frame, squares, grain and
// coordinates in one picture anchored at the top-left corner of the
// playing area.
func (r *Renderer) board(k boardKey) *ebiten.Image {
	a := r.sprites()
	img, ok := a.boards[k]
	if !ok {
		img = a.keep(renderBoard(&r.theme, r.square, k, r.grainTiles(), r.fonts))
		a.boards[k] = img
	}
	return img
}

func renderBoard(t *Theme, s float64, k boardKey, grain *grainArt, fonts *Fonts) *ebiten.Image {
	g := Geometry{Variant: k.variant, Square: s, Flipped: k.flipped}
	n := g.Size()
	side := g.Side()
	f := g.Frame()
	bounds := image.Rect(int(math.Floor(-f)), int(math.Floor(-f)), int(math.Ceil(side+f)), int(math.Ceil(side+f)))
	outer := Rect{X: -f, Y: -f, W: side + 2*f, H: side + 2*f}
	inner := Rect{W: side, H: side}
	radius := f * 0.28
	edgeW := math.Max(1, f*0.06)

	// The frame: wood lit from above, painted on the CPU (see analytic.go),
	// with the grain laid only where the frame is.
	light, dark := lit(t.Frame, rgb(0xffffff), 0.10), lit(t.Frame, rgb(0xffffff), -0.22)
	// Pixels well inside the playing area stay transparent: the squares go
	// there. Testing that first skips most of the distance work.
	onSquares := func(x, y float64) bool { return x > 0.5 && y > 0.5 && x < side-0.5 && y < side-0.5 }
	img := newPaintedImage(bounds, func(x, y float64) color.NRGBA {
		if onSquares(x, y) {
			return color.NRGBA{}
		}
		return withAlpha(mix(light, dark, (y+f)/outer.H), cover(roundRectDist(x, y, outer, radius)))
	}, true)
	if t.Grain > 0 {
		var geo ebiten.GeoM
		sc := outer.H / grainTileSize
		geo.Scale(sc*2.5, sc) // stretched along the rails
		geo.Translate(-f, -f)
		drawGrain(img, grain, image.Rect(0, 0, grainTileSize, grainTileSize), geo, t.Frame, 0.8*t.Grain, 0.35*t.Grain, ebiten.BlendSourceAtop)
	}
	// The frame's outline and bevel, and a dark inlay line with a light one
	// outside it round the squares.
	white := rgb(0xffffff)
	lines := newPaintedImage(bounds, func(x, y float64) color.NRGBA {
		if onSquares(x, y) {
			return color.NRGBA{}
		}
		d := roundRectDist(x, y, outer, radius)
		di := roundRectDist(x, y, inner, 0)
		var c color.NRGBA
		c = over(c, withAlpha(white, 0.16), band(d, -edgeW*2, edgeW))
		c = over(c, t.FrameEdge, band(di, edgeW*0.7, edgeW*1.4))
		c = over(c, withAlpha(white, 0.22), band(di, edgeW*2.25, edgeW*0.7))
		c = over(c, t.FrameEdge, band(d, -edgeW/2, edgeW))
		return withAlpha(c, cover(d))
	}, true)
	drawImageAt(img, lines, 0, 0)
	lines.Deallocate()

	// The squares, pixel-aligned, each with its own patch of grain; dark
	// squares have theirs turned a quarter, as in an inlaid board.
	for row := 0; row < n; row++ {
		for col := 0; col < n; col++ {
			sq := g.SquareAtCell(col, row)
			x, y := float64(col)*s, float64(row)*s
			base := t.LightSquare
			playable := k.variant.Playable(sq)
			if playable {
				base = t.DarkSquare
			}
			cell := image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+s)), int(math.Round(y+s)))
			img.SubImage(cell).(*ebiten.Image).Fill(base)
			if t.Grain > 0 {
				drawSquareGrain(img, grain, x, y, s, int(sq), playable, base, t.Grain)
			}
		}
	}

	// The frame's lip shades the squares along the far edges.
	depth := math.Max(2, 0.07*s)
	top := newPaintedImage(image.Rect(0, 0, int(math.Ceil(side)), int(math.Ceil(depth))), func(_, y float64) color.NRGBA {
		return withAlpha(rgb(0), 0.28*(1-y/depth))
	}, false)
	left := newPaintedImage(image.Rect(0, 0, int(math.Ceil(depth)), int(math.Ceil(side))), func(x, _ float64) color.NRGBA {
		return withAlpha(rgb(0), 0.2*(1-x/depth))
	}, false)
	drawImageAt(img, top, 0, 0)
	drawImageAt(img, left, 0, 0)
	top.Deallocate()
	left.Deallocate()

	if k.coords {
		drawCoordinates(img, t, g, fonts)
	}
	return img
}

// drawImageAt draws src with its bounds' origin at (x, y) of dst.
func drawImageAt(dst, src *ebiten.Image, x, y float64) {
	op := &ebiten.DrawImageOptions{}
	anchor(&op.GeoM, src)
	op.GeoM.Translate(x, y)
	dst.DrawImage(src, op)
}

// drawSquareGrain lays a patch of grain over one square; dark squares have
// theirs turned a quarter, as in an inlaid board.
func drawSquareGrain(dst *ebiten.Image, grain *grainArt, x, y, s float64, seed int, dark bool, base color.NRGBA, strength float64) {
	const patch = 170 // pixels of tile per square: fine grain at small sizes, little blur at large ones
	ox := int(hash2(int32(seed), 1, 99) * (grainTileSize - patch))
	oy := int(hash2(int32(seed), 2, 99) * (grainTileSize - patch))
	var geo ebiten.GeoM
	geo.Scale(s/patch, s/patch)
	dk, lt := 0.36*strength, 0.3*strength
	if dark {
		geo.Translate(-s/2, -s/2)
		geo.Rotate(math.Pi / 2)
		geo.Translate(s/2, s/2)
		dk, lt = 0.7*strength, 0.25*strength
	}
	geo.Translate(x, y)
	drawGrain(dst, grain, image.Rect(ox, oy, ox+patch, oy+patch), geo, base, dk, lt, ebiten.Blend{})
}

// drawCoordinates writes the files under the board and the ranks on its
// left, in the middle of the frame.
func drawCoordinates(img *ebiten.Image, t *Theme, g Geometry, fonts *Fonts) {
	n := g.Size()
	s, f, side := g.Square, g.Frame(), g.Side()
	size := math.Min(0.62*f, 0.3*s)
	for i := 0; i < n; i++ {
		file := string(rune('a' + i))
		rank := string(rune('1' + i))
		x, _ := g.SquareCenter(rules.SquareAt(i, 0))
		_, y := g.SquareCenter(rules.SquareAt(0, i))
		fonts.Draw(img, file, size, Bold, x, side+f/2, text.AlignCenter, text.AlignCenter, t.Coordinates)
		fonts.Draw(img, rank, size, Bold, -f/2, y, text.AlignCenter, text.AlignCenter, t.Coordinates)
	}
}
