package scenes

import (
	"fmt"
	"testing"
)

// TestPopupMenuLayouts lays out the popup menu of 3 to 8 items at many
// sizes: every item a touch target of at least 44 dp, on the screen where
// the screen is at least 568 dp tall (the title's layout: scenes/home).
func TestPopupMenuLayouts(t *testing.T) {
	for _, scale := range []float64{1, 2} {
		for _, sz := range [][2]float64{{1280, 800}, {390, 844}, {360, 640}, {800, 600}, {1920, 1080}, {320, 568}, {1024, 1366}} {
			w, h := sz[0]*scale, sz[1]*scale
			screen := Rect{W: w, H: h}
			name := fmt.Sprintf("%vx%v@%v", sz[0], sz[1], scale)
			for n := 3; n <= 8; n++ {
				for i := 0; i < n; i++ {
					if r := PopupMenuItem(w, h, scale, n, i); r.H < MinTouchDP*scale-0.5 || (!inside(r, screen) && sz[1] >= 568) {
						t.Errorf("menu of %d %s: item %d %v", n, name, i, r)
					}
				}
			}
		}
	}
}
