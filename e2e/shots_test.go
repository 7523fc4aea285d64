package e2e

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/rules"
	"bashni/scenes/home"
)

// showcaseFEN is a middle game with tall columns, prisoners and kings.
const showcaseFEN = "W:Wa1-1,c3-000/00,g3-0/000,d2-00/1,f2,e1:Bb6-00/0,d6-0/00,h6-1,a7,f6:H0:F18"

// finaleFEN: White's c3 takes the top of Black's last column, which frees
// a white prisoner, and Black has nothing left.
const finaleFEN = "W:Wc3-000/00,g3-0/000,a1-1,e1:Bd4-0/0:H0:F40"

// TestScreenshots renders every scene at 1280×800 and 390×844 into the
// directory named by BASHNI_SCREENSHOTS (the README's pictures live in
// docs/): go test ./e2e -run TestScreenshots with BASHNI_SCREENSHOTS=$PWD/docs.
func TestScreenshots(t *testing.T) {
	dir := screenshotDir(t)
	for _, sz := range screenshotSizes {
		w, h := float64(sz[0]), float64(sz[1])
		// The title with the attract game under way, then the menus.
		g := start(t, sz[0], sz[1], "-seed", "11", "-mute")
		g.ticks(900)
		g.shot(dir, "title")
		tl := home.TitleLayout(w, h, 1, false)
		g.click(mid(tl.NewGame))
		g.ticks(30)
		g.shot(dir, "newgame")
		g.key(ebiten.KeyEscape)
		g.ticks(30)
		g.click(mid(tl.Settings))
		g.ticks(30)
		g.shot(dir, "settings")
		g.key(ebiten.KeyEscape)
		g.ticks(30)
		g.click(mid(tl.Rules))
		g.ticks(30)
		g.key(ebiten.KeyArrowRight)
		g.key(ebiten.KeyArrowRight)
		g.key(ebiten.KeyArrowRight)
		g.ticks(60)
		g.shot(dir, "rules")
		g.close()

		// A game with tall columns and kings; the inspector; a move.
		g = start(t, sz[0], sz[1], "-seed", "1", "-mute", "-level", "3", "-fen", showcaseFEN)
		b := playBoard(w, h, rules.Bashni, false)
		g.ticks(30)
		g.click(b.centre("c3"))
		g.click(b.centre("d4"))
		g.ticks(240)
		g.shot(dir, "play")
		if sz[0] > sz[1] {
			// After a click the mouse must move before a rest shows the
			// inspector.
			g.move(b.centre("e5"))
			g.move(b.centre("d4"))
			g.ticks(40)
		} else {
			// A long press with a finger.
			x, y := b.centre("d4")
			g.sess.PressTouch(3, x, y)
			g.ticks(40)
		}
		g.shot(dir, "inspector")
		g.close()

		// The end of a game.
		g = start(t, sz[0], sz[1], "-seed", "1", "-mute", "-fen", finaleFEN)
		g.ticks(30)
		g.click(b.centre("c3"))
		g.click(b.centre("e5"))
		g.ticks(240)
		g.shot(dir, "gameover")
		g.close()
	}
}

func sq(s string) rules.Square {
	q, err := rules.ParseSquare(rules.Bashni, s)
	if err != nil {
		panic(err)
	}
	return q
}
