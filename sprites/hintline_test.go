package sprites

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestHintLineReadsOnAPhone: on a phone's board (squares of 42 px) a
// hint line's numbered mark is at least 20 px across, in its ply's colour
// round a number in the other tone, and a one-square arrow of the line
// shows a clear stretch of its colour between the squares (the 3 px lines
// whose arrowheads stopped two thirds of a square short were hard to see).
func TestHintLineReadsOnAPhone(t *testing.T) {
	const s = 42.0
	var r *Renderer
	onMain(func() { r = NewRenderer(Themes()[0]); r.SetSquareSize(s) })
	defer onMain(r.Release)
	d := LineStepSize(s)
	if d < 20 {
		t.Fatalf("a numbered mark is %g px across on %g px squares", d, s)
	}
	for _, tc := range []struct {
		ply  int
		mine bool
	}{{1, false}, {2, true}, {MaxLineRoutes - 1, false}} {
		t.Run(fmt.Sprint(tc.ply), func(t *testing.T) {
			var mark, route snapshot
			want := r.LineColor(tc.ply, tc.mine)
			onMain(func() {
				img := ebiten.NewImage(200, 200)
				defer img.Deallocate()
				r.DrawLineStep(img, tc.ply+1, tc.ply, tc.mine, 100, 100)
				mark = snap(img)
				img.Clear()
				// One square diagonally, from (40, 160) to (82, 118).
				r.DrawLineRoute(img, []Point{{40, 160}, {40 + s, 160 - s}}, tc.ply, tc.mine)
				route = snap(img)
			})
			if c := mark.atF(100-0.36*d, 100); !near(c, want, 12) {
				t.Errorf("the mark's disc is %v at its side, want %v", c, want)
			}
			// The number: pixels in the middle of the disc far from its
			// colour.
			ink := 0
			for y := 100 - int(0.2*d); y <= 100+int(0.2*d); y++ {
				for x := 100 - int(0.2*d); x <= 100+int(0.2*d); x++ {
					if !near(mark.at(x, y), want, 60) {
						ink++
					}
				}
			}
			if ink < int(d) {
				t.Errorf("the mark's middle has %d px of a number, want at least %d", ink, int(d))
			}
			// Pixels of the arrow's own colour (drawn with its alpha
			// over nothing: premultiplied) along the hop, outside the
			// disc of the column standing on the first square.
			alpha := math.Max(0.5, 0.85-0.04*float64(tc.ply))
			n := 0
			for y := 100; y < 180; y++ {
				for x := 20; x < 100; x++ {
					c := route.at(x, y)
					if math.Hypot(float64(x)-40, float64(y)-160) < 0.42*s {
						continue
					}
					if c.A > 0 && near(color.RGBA{uint8(float64(c.R) / alpha), uint8(float64(c.G) / alpha), uint8(float64(c.B) / alpha), 255}, want, 16) {
						n++
					}
				}
			}
			t.Logf("ply %d: %d px of the arrow's colour", tc.ply, n)
			if min := int(math.Round(0.05 * s * s)); n < min {
				t.Errorf("a one-square arrow shows %d px of its colour, want at least %d", n, min)
			}
		})
	}
}
