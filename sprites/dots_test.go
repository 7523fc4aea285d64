package sprites

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// contrastRatio is the WCAG contrast ratio of two opaque colours.
func contrastRatio(a, b color.RGBA) float64 {
	la, lb := lum(a), lum(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// TestDestinationDotsStandOutOnBothSquares: across a destination dot, on a
// light and on a dark square of every theme at both sizes, at least a
// 3-pixel band each side of the centre has a contrast ratio of 3:1 or more
// against the square (WCAG's for graphics) — a ring with an outline, one
// of which always stands out.
func TestDestinationDotsStandOutOnBothSquares(t *testing.T) {
	for _, th := range Themes() {
		for _, s := range []float64{87, 85, 42} {
			for _, sqc := range []color.NRGBA{th.LightSquare, th.DarkSquare} {
				var left, right int
				var worst float64 = 99
				onMain(func() {
					r := NewRenderer(th)
					defer r.Release()
					r.SetSquareSize(s)
					n := int(s) + 8
					img := ebiten.NewImage(n, n)
					img.Fill(sqc)
					c := float64(n) / 2
					r.DrawMarker(img, MarkerDestination, c, c, 0)
					sn := snap(img)
					bg := color.RGBA{sqc.R, sqc.G, sqc.B, 255}
					for x := 0; x < n; x++ {
						cr := contrastRatio(sn.at(x, n/2), bg)
						if cr >= 3 {
							if x < n/2 {
								left++
							} else {
								right++
							}
						}
					}
					worst = 0
					for x := 0; x < n; x++ {
						worst = max(worst, contrastRatio(sn.at(x, n/2), bg))
					}
				})
				if left < 3 || right < 3 {
					t.Errorf("%s, square %v, on %v: a destination dot has %d+%d pixels across it with contrast 3:1 or more (best %.2f), want at least 3 each side",
						th.Name, s, sqc, left, right, worst)
				}
			}
		}
	}
}
