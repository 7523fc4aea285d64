package home

import (
	"fmt"
	"testing"

	"bashni/i18n"
	"bashni/scenes"
	"bashni/scenes/scenetest"
)

// TestTitleHeadingOnScreen: the title's heading (the name and the column
// beside it) lies inside the screen and above the first button, with and
// without a game to continue and a server known, in every language, at
// 1280×800, 390×844 and 844×390 (where it once began above the screen).
func TestTitleHeadingOnScreen(t *testing.T) {
	for _, l := range i18n.Langs() {
		a := scenetest.LangApp(t, l)
		name := a.Text().T("title.name")
		p := a.Painter()
		for _, sz := range [][2]float64{{1280, 800}, {390, 844}, {844, 390}} {
			w, h := sz[0], sz[1]
			for _, cont := range []bool{false, true} {
				for _, online := range []bool{false, true} {
					where := fmt.Sprintf("%s %gx%g continue %v online %v", l.Code(), w, h, cont, online)
					r := TitleLayoutOnline(w, h, 1, cont, online)
					cx := r.Menu.X + r.Menu.W/2
					if !r.Landscape {
						cx = w / 2
					}
					head := headingRect(p, r, name, cx)
					if head.H < p.DP(40) || !scenetest.Inside(head, scenes.Rect{W: w, H: h}) {
						t.Errorf("%s: the heading %v is off the screen (or under 40 dp)", where, head)
					}
					first := r.NewGame
					if cont {
						first = r.Continue
					}
					if head.Y+head.H > first.Y {
						t.Errorf("%s: the heading %v runs into the first button %v", where, head, first)
					}
				}
			}
		}
	}
}
