package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/rules"
	"bashni/scenes"
)

// showcaseFEN is a middle game with tall columns, prisoners and a king.
const showcaseFEN = "W:Wa1-1,c3-000/00,g3-0/000,d2-00/1,f2,e1:Bb6-00/0,d6-0/00,h6-1,a7,f6:H0:F18"

// TestLook saves frames of every scene for a person to look at, when
// BASHNI_LOOK names a directory.
func TestLook(t *testing.T) {
	dir := os.Getenv("BASHNI_LOOK")
	if dir == "" {
		t.Skip("set BASHNI_LOOK=<dir> to save frames of every scene")
	}
	for _, sz := range [][2]int{{1280, 800}, {390, 844}} {
		w, h := float64(sz[0]), float64(sz[1])
		shot := func(g *game, what string) {
			if err := save(g.frame(), filepath.Join(dir, what+"-"+strconv.Itoa(sz[0])+"x"+strconv.Itoa(sz[1])+".png")); err != nil {
				t.Fatal(err)
			}
		}
		g := start(t, sz[0], sz[1], "-seed", "1", "-mute")
		g.ticks(60)
		shot(g, "title")
		tl := scenes.TitleLayout(w, h, 1, false)
		g.click(tl.NewGame.X+tl.NewGame.W/2, tl.NewGame.Y+tl.NewGame.H/2)
		g.ticks(30)
		shot(g, "newgame")
		g.key(ebiten.KeyEscape)
		g.ticks(30)
		g.click(tl.Settings.X+tl.Settings.W/2, tl.Settings.Y+tl.Settings.H/2)
		g.ticks(30)
		shot(g, "settings")
		g.key(ebiten.KeyEscape)
		g.ticks(30)
		g.click(tl.Rules.X+tl.Rules.W/2, tl.Rules.Y+tl.Rules.H/2)
		g.ticks(30)
		g.key(ebiten.KeyArrowRight)
		g.key(ebiten.KeyArrowRight)
		g.ticks(100)
		shot(g, "rules")
		g.close()

		g = start(t, sz[0], sz[1], "-seed", "1", "-mute", "-level", "1", "-fen", showcaseFEN)
		g.ticks(30)
		shot(g, "play")
		l := scenes.ComputePlayLayout(w, h, 1, rules.Bashni, false)
		x, y := l.Board.SquareCenter(sq("c3"))
		g.move(x, y)
		g.ticks(40)
		shot(g, "inspector")
		// A capture by the black column b6 after White's c3-d4? Here: select
		// c3 and show the destinations, then move and catch the animation.
		g.click(x, y)
		g.ticks(2)
		shot(g, "selected")
		tx, ty := l.Board.SquareCenter(sq("d4"))
		g.click(tx, ty)
		g.ticks(6)
		shot(g, "moving")
		g.ticks(200)
		shot(g, "answered")
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
