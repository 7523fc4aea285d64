package sprites

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Large, simple shapes — the board's frame, panels — are drawn here on the
// CPU from their signed distance, not with the vector package: vector keeps
// one stencil atlas as large as the largest path it ever filled and clears
// all of it for every later fill, so a single board-sized path would make
// every small sprite after it slow to draw, for the rest of the run.

// roundRectDist is the signed distance from (x, y) to a rounded rectangle:
// negative inside, in pixels.
func roundRectDist(x, y float64, r Rect, radius float64) float64 {
	radius = math.Min(radius, math.Min(r.W, r.H)/2)
	cx, cy := r.X+r.W/2, r.Y+r.H/2
	qx := math.Abs(x-cx) - (r.W/2 - radius)
	qy := math.Abs(y-cy) - (r.H/2 - radius)
	outside := math.Hypot(math.Max(qx, 0), math.Max(qy, 0))
	inside := math.Min(math.Max(qx, qy), 0)
	return outside + inside - radius
}

// cover turns a signed distance into anti-aliased coverage of one pixel.
func cover(d float64) float64 { return clamp01(0.5 - d) }

// band is the coverage of a line w wide centred where the distance is at.
func band(d, at, w float64) float64 { return clamp01(w/2 + 0.5 - math.Abs(d-at)) }

// over lays colour c with coverage a over base (both non-premultiplied).
func over(base, c color.NRGBA, a float64) color.NRGBA {
	a *= float64(c.A) / 255
	if a <= 0 {
		return base
	}
	ba := float64(base.A) / 255
	outA := a + ba*(1-a)
	if outA <= 0 {
		return color.NRGBA{}
	}
	l := func(s, d uint8) uint8 {
		return uint8((float64(s)*a+float64(d)*ba*(1-a))/outA + 0.5)
	}
	return color.NRGBA{R: l(c.R, base.R), G: l(c.G, base.G), B: l(c.B, base.B), A: uint8(outA*255 + 0.5)}
}

// newPaintedImage evaluates a shading over bounds into a new image; big
// images are kept out of Ebitengine's shared atlas.
func newPaintedImage(b image.Rectangle, s shading, big bool) *ebiten.Image {
	if !big {
		return shadedImage(b, s)
	}
	rgba := paintRGBA(b, s)
	img := ebiten.NewImageWithOptions(b, &ebiten.NewImageOptions{Unmanaged: true})
	img.WritePixels(rgba.Pix)
	return img
}

// roundRectPanel paints a panel: a rounded rectangle filled with fillC and
// outlined with edge (edgeW wide, inside the shape), with a soft shadow
// below, into an image with its top-left at (0, 0).
func roundRectPanel(w, h, radius, edgeW float64, fillC, edge color.NRGBA) *ebiten.Image {
	const shadowDrop, shadowBlur = 3.0, 4.0
	r := Rect{X: 1, Y: 1, W: w, H: h}
	b := image.Rect(0, 0, int(math.Ceil(w+2+shadowBlur)), int(math.Ceil(h+2+shadowDrop+shadowBlur)))
	return shadedImage(b, func(x, y float64) color.NRGBA {
		sd := roundRectDist(x, y-shadowDrop, r, radius)
		c := withAlpha(color.NRGBA{A: 255}, 0.35*(1-smoothstep(-shadowBlur, shadowBlur, sd)))
		d := roundRectDist(x, y, r, radius)
		c = over(c, fillC, cover(d))
		return over(c, edge, band(d, -edgeW/2, edgeW))
	})
}
