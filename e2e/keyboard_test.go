package e2e

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/rules"
	"bashni/scenes/play"
)

// keyboardPlayer drives the board with the keys alone: it knows where the
// cursor stands and walks it with the arrows (the board not flipped: Right
// is towards h, Up towards 8).
type keyboardPlayer struct {
	g   *game
	cur rules.Square
}

// goTo walks the cursor to sq.
func (k *keyboardPlayer) goTo(sq rules.Square) {
	for f := k.cur.File(); f < sq.File(); f++ {
		k.g.key(ebiten.KeyArrowRight)
	}
	for f := k.cur.File(); f > sq.File(); f-- {
		k.g.key(ebiten.KeyArrowLeft)
	}
	for r := k.cur.Rank(); r < sq.Rank(); r++ {
		k.g.key(ebiten.KeyArrowUp)
	}
	for r := k.cur.Rank(); r > sq.Rank(); r-- {
		k.g.key(ebiten.KeyArrowDown)
	}
	k.cur = sq
}

// press walks to sq and presses Enter (or Space).
func (k *keyboardPlayer) press(sq rules.Square, space bool) {
	k.goTo(sq)
	if space {
		k.g.key(ebiten.KeySpace)
	} else {
		k.g.key(ebiten.KeyEnter)
	}
}

// play enters m square by square: the column, then every landing.
func (k *keyboardPlayer) play(m rules.Move) {
	for i := 0; i < m.PathLen(); i++ {
		k.press(m.PathAt(i), i%2 == 1)
	}
}

// TestGameByKeyboard plays a game with the keyboard alone: Tab gives the
// board the focus (its ring shows), the arrows walk the cursor, Enter and
// Space pick and hop a two-hop capture (Esc drops it half-way, then it is
// entered whole), three more moves, then Esc opens the menu and Tab and
// Enter resign: the game-over card comes up.
func TestGameByKeyboard(t *testing.T) {
	const w, h = 1280, 800
	g := start(t, w, h, "-seed", "3", "-level", "1", "-fen", multiFEN)
	g.ticks(20)
	b := playBoard(w, h, rules.Bashni, false)
	p := mustFEN(t, rules.Bashni, multiFEN)
	g.expect(b, p, "the position")

	g.key(ebiten.KeyTab)
	g.ticks(2)
	img := g.frame()
	outer := b.g.Outer()
	if c := at(img, outer.X+outer.W/2, outer.Y-1.5); !near(c, theme.Accent, 30) {
		g.snap(img, "ring")
		t.Fatalf("no focus ring round the board after Tab: %v above its top edge, want the accent %v", c, theme.Accent)
	}
	// The cursor starts on the column that can move (c3); its outline is
	// in the accent colour.
	r := b.g.SquareRect(sq("c3"))
	if c := at(img, r.X+r.W/2, r.Y+b.g.Square*0.05); !near(c, theme.Accent, 40) {
		g.snap(img, "cursor")
		t.Fatalf("no cursor on c3: %v at its top edge", c)
	}
	k := &keyboardPlayer{g: g, cur: sq("c3")}
	g.ticks(260) // the keys' hint (a toast over the board's bottom rows) goes

	// c3, e5 by keys, then Esc: the capture is dropped.
	k.press(sq("c3"), false)
	k.press(sq("e5"), true)
	g.ticks(5)
	img = g.frame()
	x, y := b.topFace(sq("e5"), p.Column(sq("c3")))
	if kind, _ := classify(img, x, y); kind != whiteTop {
		g.snap(img, "hop")
		t.Fatalf("after the first hop by keyboard the column should stand on e5")
	}
	g.key(ebiten.KeyEscape)
	g.ticks(5)
	g.expect(b, p, "after Esc dropped the capture")

	// The whole route: c3, e5, g7.
	m := mustMove(t, p, "c3:e5:g7")
	k.play(m)
	now := p.Play(m)
	g.waitFor(b, now, 150, "after c3:e5:g7 by keyboard")
	for i := 0; i < 3; i++ {
		answer := g.waitForAnswer(b, now, 1200)
		now = now.Play(answer)
		if o := rules.StatusOf([]*rules.Position{now}); o.Over() {
			t.Fatalf("the game ended before the resignation: %v", o)
		}
		g.ticks(20)
		m := quietOrFirst(now)
		k.play(m)
		now = now.Play(m)
		g.waitFor(b, now, 200, "after "+m.String()+" by keyboard")
	}
	g.waitForAnswer(b, now, 1200)
	g.ticks(20)

	// Esc: the menu (Resume, New game, Game record…, Resign…); Tab three
	// times, Enter; then "Keep playing" / "Resign": Tab, Space.
	g.key(ebiten.KeyEscape)
	g.ticks(3)
	for i := 0; i < 3; i++ {
		g.key(ebiten.KeyTab)
	}
	g.key(ebiten.KeyEnter)
	g.ticks(3)
	g.key(ebiten.KeyTab)
	g.key(ebiten.KeySpace)
	g.ticks(120)
	img = g.frame()
	card := play.GameOverLayout(w, h, 1, rules.Bashni)
	cx, cy := card.Card.X+card.Card.W*0.9, card.Card.Y+card.Card.H*0.45
	if c := at(img, cx, cy); !near(c, theme.Panel, 12) {
		g.snap(img, "resigned")
		t.Fatalf("no game-over card after resigning by keyboard: %v at (%v, %v)", c, cx, cy)
	}
	g.snap(img, "keyboard-over")
}

// TestTypedMoveLine: `/` opens the play screen's command line; a capture
// typed in its short form is played; an illegal move is not.
func TestTypedMoveLine(t *testing.T) {
	const w, h = 1280, 800
	g := start(t, w, h, "-seed", "3", "-level", "1", "-fen", multiFEN)
	g.ticks(20)
	b := playBoard(w, h, rules.Bashni, false)
	p := mustFEN(t, rules.Bashni, multiFEN)
	g.key(ebiten.KeySlash)
	g.typeText("e1-f2") // not legal: a capture is due
	g.key(ebiten.KeyEnter)
	g.ticks(30)
	g.expect(b, p, "after an illegal typed move")
	g.typeText("c3:g7")
	g.key(ebiten.KeyEnter)
	g.waitFor(b, p.Play(mustMove(t, p, "c3:e5:g7")), 150, "after typing c3:g7")
}

// TestAccessShots writes the screenshots of the keyboard's focus ring and
// cursor and of the command line at both sizes (BASHNI_SCREENSHOTS=docs).
func TestAccessShots(t *testing.T) {
	dir := screenshotDir(t)
	for _, sz := range screenshotSizes {
		g := start(t, sz[0], sz[1], "-seed", "3", "-level", "1", "-fen", multiFEN)
		g.ticks(20)
		g.key(ebiten.KeyTab)
		g.key(ebiten.KeyEnter) // pick c3
		g.key(ebiten.KeyArrowRight)
		g.key(ebiten.KeyArrowRight)
		g.key(ebiten.KeyArrowUp)
		g.key(ebiten.KeyArrowUp)
		g.ticks(10)
		g.shot(dir, "access-keyboard")
		g.key(ebiten.KeyEscape)
		g.key(ebiten.KeySlash)
		g.typeText("column d4")
		g.key(ebiten.KeyEnter)
		g.typeText("c3:")
		g.ticks(10)
		g.shot(dir, "access-command")
		g.close()
	}
	// The inspector's text on a phone (a long press on a tall column).
	const w, h = 390, 844
	g := start(t, w, h, "-seed", "1", "-mute", "-level", "3", "-fen", showcaseFEN)
	b := playBoard(w, h, rules.Bashni, false)
	g.ticks(30)
	x, y := b.centre("c3")
	g.sess.PressTouch(3, x, y)
	g.ticks(40)
	g.shot(dir, "access-inspector")
	g.sess.ReleaseTouch(3)
}
