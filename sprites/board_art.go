package sprites

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

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
	img := ebiten.NewImageWithOptions(bounds, &ebiten.NewImageOptions{Unmanaged: true})

	// The frame: wood lit from above, grain laid only where the frame is.
	var frame vector.Path
	addRoundRect(&frame, -f, -f, side+2*f, side+2*f, f*0.28)
	light, dark := lit(t.Frame, rgb(0xffffff), 0.10), lit(t.Frame, rgb(0xffffff), -0.22)
	fillShaded(img, &frame, func(x, y float64) color.NRGBA {
		return mix(light, dark, (y+f)/(side+2*f))
	})
	if t.Grain > 0 {
		var geo ebiten.GeoM
		sc := (side + 2*f) / grainTileSize
		geo.Scale(sc*2.5, sc) // stretched along the rails
		geo.Translate(-f, -f)
		drawGrain(img, grain, image.Rect(0, 0, grainTileSize, grainTileSize), geo, t.Frame, 0.8*t.Grain, 0.35*t.Grain, ebiten.BlendSourceAtop)
	}
	edgeW := math.Max(1, f*0.06)
	var bevel vector.Path
	addRoundRect(&bevel, -f+edgeW*1.5, -f+edgeW*1.5, side+2*f-3*edgeW, side+2*f-3*edgeW, f*0.22)
	stroke(img, &bevel, edgeW, withAlpha(rgb(0xffffff), 0.16))
	stroke(img, &frame, edgeW, t.FrameEdge)

	// The squares, each with its own patch of grain; dark squares turned a
	// quarter so the inlay reads as separate pieces of wood.
	vector.FillRect(img, 0, 0, f32(side), f32(side), t.LightSquare, false)
	for row := 0; row < n; row++ {
		for col := 0; col < n; col++ {
			sq := g.SquareAtCell(col, row)
			x, y := float64(col)*s, float64(row)*s
			playable := k.variant.Playable(sq)
			base := t.LightSquare
			if playable {
				base = t.DarkSquare
				vector.FillRect(img, f32(x), f32(y), f32(s), f32(s), t.DarkSquare, true)
			}
			if t.Grain > 0 {
				drawSquareGrain(img, grain, x, y, s, int(sq), playable, base, t.Grain)
			}
		}
	}

	// The frame's lip shades the squares along the far edges, and a dark
	// inlay line separates squares from frame.
	depth := math.Max(2, 0.07*s)
	var top, left vector.Path
	addRoundRect(&top, 0, 0, side, depth, 0)
	addRoundRect(&left, 0, 0, depth, side, 0)
	fillShaded(img, &top, func(_, y float64) color.NRGBA { return withAlpha(rgb(0), 0.28*(1-y/depth)) })
	fillShaded(img, &left, func(x, _ float64) color.NRGBA { return withAlpha(rgb(0), 0.2*(1-x/depth)) })
	var inlay vector.Path
	addRoundRect(&inlay, -edgeW/2, -edgeW/2, side+edgeW, side+edgeW, 0)
	strokeButt(img, &inlay, edgeW*1.4, t.FrameEdge)
	var inlayLight vector.Path
	addRoundRect(&inlayLight, -edgeW*1.9, -edgeW*1.9, side+edgeW*3.8, side+edgeW*3.8, 0)
	strokeButt(img, &inlayLight, edgeW*0.7, withAlpha(rgb(0xffffff), 0.22))

	if k.coords {
		drawCoordinates(img, t, g, fonts)
	}
	return img
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
