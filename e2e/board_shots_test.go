package e2e

import (
	"os"
	"testing"

	"bashni/rules"
)

// TestBoardLookScreenshots renders the board's looks of issue 13 at
// 1280×800 and 390×844 into BASHNI_SCREENSHOTS, named
// board-<what>-<tag>-WxH.png with tag $BASHNI_SHOT_TAG ("after" unless
// set; run it on the commit before with "before" to compare):
//
//   - preview: c3 selected, bound to capture, with two routes (c3:e5:g7,
//     c3:e5:c7);
//   - promotion: b6 has jumped to d8, the far rank, mid-capture, and may go
//     on as a king to g5 or h4;
//   - discs: single men beside two-high columns of one colour, with c3
//     selected and its destinations.
func TestBoardLookScreenshots(t *testing.T) {
	dir := screenshotDir(t)
	tag := os.Getenv("BASHNI_SHOT_TAG")
	if tag == "" {
		tag = "after"
	}
	for _, sz := range screenshotSizes {
		w, h := float64(sz[0]), float64(sz[1])
		b := playBoard(w, h, rules.Bashni, false)
		for _, c := range []struct {
			what, fen string
			clicks    []string
		}{
			{"preview", "W:Wc3,g1,e1:Bd4,f6,d6,h8:H0:F1", []string{"c3"}},
			{"promotion", "W:Wb6,g1,e1:Bc7,f6,b8:H0:F1", []string{"b6", "d8"}},
			{"discs", "W:Wc3,e3-00,a1,g3-00:Bf6,d6-00,b6,h6-0/0:H0:F1", []string{"c3"}},
		} {
			g := start(t, sz[0], sz[1], "-seed", "1", "-mute", "-friend", "-fen", c.fen)
			g.ticks(30)
			for _, sq := range c.clicks {
				g.click(b.centre(sq))
				g.ticks(20)
			}
			g.move(b.centre("a5")) // the mouse off the columns
			g.ticks(60)
			g.shot(dir, "board-"+c.what+"-"+tag)
			g.close()
		}
	}
}
