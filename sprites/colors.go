package sprites

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Colour arithmetic for building sprites. Colours are non-premultiplied
// (NRGBA) until they are written into an image.

// mix returns a + (b-a)*t, t clamped to [0, 1].
func mix(a, b color.NRGBA, t float64) color.NRGBA {
	t = clamp01(t)
	l := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t + 0.5) }
	return color.NRGBA{R: l(a.R, b.R), G: l(a.G, b.G), B: l(a.B, b.B), A: l(a.A, b.A)}
}

// lit lightens c towards highlight for positive light and darkens it towards
// black for negative light, so that shading works on white and black discs
// alike.
func lit(c, highlight color.NRGBA, light float64) color.NRGBA {
	if light >= 0 {
		return mix(c, highlight, light)
	}
	return mix(c, color.NRGBA{A: c.A}, -light)
}

// scaleBy multiplies a colour scale by c. ColorScale.ScaleWithColor takes
// an interface and so allocates; per-frame code uses this instead.
func scaleBy(cs *ebiten.ColorScale, c color.NRGBA) {
	a := float32(c.A) / 255
	cs.Scale(float32(c.R)/255*a, float32(c.G)/255*a, float32(c.B)/255*a, a)
}

// withAlpha returns c with its opacity multiplied by a.
func withAlpha(c color.NRGBA, a float64) color.NRGBA {
	c.A = uint8(float64(c.A)*clamp01(a) + 0.5)
	return c
}

// luminance is the relative luminance of c (0 black, 1 white), sRGB weights.
func luminance(c color.NRGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

func clamp01(x float64) float64 { return math.Max(0, math.Min(1, x)) }

// smoothstep is 0 below e0, 1 above e1, and a smooth S-curve between.
func smoothstep(e0, e1, x float64) float64 {
	t := clamp01((x - e0) / (e1 - e0))
	return t * t * (3 - 2*t)
}
