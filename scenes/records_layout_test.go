package scenes

import (
	"fmt"
	"testing"
)

// TestRecordScreensLayouts lays out the title at many
// sizes: everything on the screen, nothing overlapping, touch targets of
// at least 44 dp.
func TestRecordScreensLayouts(t *testing.T) {
	for _, scale := range []float64{1, 2} {
		for _, sz := range [][2]float64{{1280, 800}, {390, 844}, {360, 640}, {800, 600}, {1920, 1080}, {320, 568}, {1024, 1366}} {
			w, h := sz[0]*scale, sz[1]*scale
			screen := Rect{W: w, H: h}
			name := fmt.Sprintf("%vx%v@%v", sz[0], sz[1], scale)
			check := func(what string, targets map[string]Rect, others map[string]Rect) {
				t.Helper()
				all := map[string]Rect{}
				for n, r := range targets {
					all[n] = r
					if r.H < MinTouchDP*scale-0.5 || r.W < MinTouchDP*scale-0.5 {
						t.Errorf("%s %s: %s is %.0f×%.0f, under 44 dp", what, name, n, r.W/scale, r.H/scale)
					}
				}
				for n, r := range others {
					all[n] = r
				}
				for n, r := range all {
					if !inside(r, screen) {
						t.Errorf("%s %s: %s %v is off the screen", what, name, n, r)
					}
					for m, q := range all {
						if n < m && overlap(r, q) {
							t.Errorf("%s %s: %s %v overlaps %s %v", what, name, n, r, m, q)
						}
					}
				}
			}
			tl := TitleLayout(w, h, scale, true)
			check("title", map[string]Rect{"continue": tl.Continue, "new": tl.NewGame, "games": tl.Games, "import": tl.Import,
				"editor": tl.Editor, "rules": tl.Rules, "settings": tl.Settings}, nil)
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
