package sprites

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// These helpers draw into sprite images when a cache is built, never per
// frame. Sprites are images whose bounds are centred on their anchor, so a
// sprite drawn with a plain translation lands with its anchor there.

// shading gives the colour at a point (pixel centre, in the image's own
// coordinates). It is how gradients, lighting and grain are drawn: vector
// paths give the shape and its anti-aliased edge, a shading fills it.
type shading func(x, y float64) color.NRGBA

// newSprite makes an empty image covering [x0, x1) × [y0, y1), rounded
// outwards to whole pixels.
func newSprite(x0, y0, x1, y1 float64) *ebiten.Image {
	r := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1)))
	if r.Dx() < 1 {
		r.Max.X = r.Min.X + 1
	}
	if r.Dy() < 1 {
		r.Max.Y = r.Min.Y + 1
	}
	return ebiten.NewImageWithOptions(r, nil)
}

// fill fills a path with one colour, anti-aliased.
func fill(dst *ebiten.Image, p *vector.Path, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.FillPath(dst, p, nil, op)
}

// fillEvenOdd fills a path with the even-odd rule (rings, holes).
func fillEvenOdd(dst *ebiten.Image, p *vector.Path, c color.Color) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.FillPath(dst, p, &vector.FillOptions{FillRule: vector.FillRuleEvenOdd}, op)
}

// strokeLines strokes a path of straight segments with round joins and
// caps. Do not stroke curves (see paths.go): outline them with rings and
// bands.
func strokeLines(dst *ebiten.Image, p *vector.Path, width float64, c color.Color) {
	so := &vector.StrokeOptions{Width: f32(width), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.StrokePath(dst, p, so, op)
}

// strokeLinesButt strokes a path of straight segments with mitred joins and
// flat ends (frames, notches).
func strokeLinesButt(dst *ebiten.Image, p *vector.Path, width float64, c color.Color) {
	so := &vector.StrokeOptions{Width: f32(width), LineJoin: vector.LineJoinMiter, LineCap: vector.LineCapButt, MiterLimit: 4}
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.StrokePath(dst, p, so, op)
}

// fillShaded fills a path with the colours of a shading. The path is drawn
// as a white mask, the shading is evaluated on the CPU over the path's
// bounds and kept only where the mask is (source-in), and the result is laid
// over dst. The mask and the paint go into two scratch images reused from
// call to call: creating textures is what costs most on software GL.
func fillShaded(sc *scratch, dst *ebiten.Image, p *vector.Path, s shading) {
	b := p.Bounds().Inset(-1).Intersect(dst.Bounds())
	if b.Empty() {
		return
	}
	sc.fit(b.Size())
	// Scratch regions start at (0, 0): move the path and the paint there.
	var moved vector.Path
	moved.AddPath(p, &vector.AddPathOptions{GeoM: translated(-b.Min.X, -b.Min.Y)})
	region := image.Rectangle{Max: b.Size()}
	mask := sc.mask.SubImage(region).(*ebiten.Image)
	mask.Clear()
	fill(mask, &moved, color.White)

	rgba := paintRGBA(b, s)
	paint := sc.paint.SubImage(region).(*ebiten.Image)
	paint.WritePixels(rgba.Pix)
	mask.DrawImage(paint, &ebiten.DrawImageOptions{Blend: ebiten.BlendSourceIn})
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(b.Min.X), float64(b.Min.Y))
	dst.DrawImage(mask, op)
}

func translated(x, y int) ebiten.GeoM {
	var g ebiten.GeoM
	g.Translate(float64(x), float64(y))
	return g
}

// scratch is the pair of images fillShaded reuses. Each Renderer owns one;
// it grows to the largest shaded shape drawn and is kept.
type scratch struct {
	mask, paint *ebiten.Image
	size        image.Point
}

// fit makes the scratch images at least need in size.
func (sc *scratch) fit(need image.Point) {
	if sc.mask != nil && need.X <= sc.size.X && need.Y <= sc.size.Y {
		return
	}
	sc.release()
	sc.size = image.Pt(max(need.X, sc.size.X, 256), max(need.Y, sc.size.Y, 256))
	sc.mask = ebiten.NewImage(sc.size.X, sc.size.Y)
	sc.paint = ebiten.NewImage(sc.size.X, sc.size.Y)
}

func (sc *scratch) release() {
	if sc.mask != nil {
		sc.mask.Deallocate()
		sc.paint.Deallocate()
		sc.mask, sc.paint = nil, nil
	}
}

// shadedImage evaluates a shading over a rectangle into a new image.
func shadedImage(b image.Rectangle, s shading) *ebiten.Image {
	rgba := paintRGBA(b, s)
	img := ebiten.NewImageWithOptions(b, nil)
	img.WritePixels(rgba.Pix)
	return img
}

// paintRGBA evaluates a shading over a rectangle, premultiplied as
// Ebitengine expects.
func paintRGBA(b image.Rectangle, s shading) *image.RGBA {
	rgba := image.NewRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := s(float64(x)+0.5, float64(y)+0.5)
			a := uint32(c.A)
			i := rgba.PixOffset(x, y)
			// image.RGBA is premultiplied, as Ebitengine expects.
			rgba.Pix[i+0] = uint8((uint32(c.R)*a + 127) / 255)
			rgba.Pix[i+1] = uint8((uint32(c.G)*a + 127) / 255)
			rgba.Pix[i+2] = uint8((uint32(c.B)*a + 127) / 255)
			rgba.Pix[i+3] = c.A
		}
	}
	return rgba
}

// Ebitengine draws a source image with its top-left pixel at the origin of
// the transformation, whatever its bounds; sprites are anchored at their
// bounds' (0, 0), so every draw first moves the sprite by its bounds' corner.
func anchor(g *ebiten.GeoM, src *ebiten.Image) {
	b := src.Bounds()
	g.Translate(float64(b.Min.X), float64(b.Min.Y))
}

// drawAt draws src with its anchor at (x, y), scaled and faded, with linear
// filtering when scaled. It is for cache building; the per-frame paths use
// the Renderer's own option value to avoid allocating.
func drawAt(dst, src *ebiten.Image, x, y, scale float64, cs ebiten.ColorScale) {
	op := &ebiten.DrawImageOptions{}
	anchor(&op.GeoM, src)
	op.GeoM.Scale(scale, scale)
	op.GeoM.Translate(x, y)
	op.ColorScale = cs
	if scale != 1 {
		op.Filter = ebiten.FilterLinear
	}
	dst.DrawImage(src, op)
}
