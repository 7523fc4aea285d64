package e2e

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/audio"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/home"
	"bashni/scenes/newgame"
	"bashni/scenes/play"
	"bashni/sprites"
)

// The default theme's colours, what the frames are checked against.
var theme = sprites.Themes()[0]

// kind is what a square shows from above: nothing, or a column with a
// white or black top.
type kind uint8

const (
	empty kind = iota
	whiteTop
	blackTop
)

func (k kind) String() string { return [...]string{"empty", "white", "black"}[k] }

// board knows where the game draws its squares: the same layout code.
type board struct {
	g  sprites.Geometry
	m  sprites.DiscMetrics
	v  rules.Variant
	sc float64
}

func playBoard(w, h float64, v rules.Variant, flipped bool) board {
	l := scenes.ComputePlayLayout(w, h, 1, v, flipped)
	return board{g: l.Board, m: sprites.MetricsFor(l.Board.Square), v: v, sc: 1}
}

func (b board) centre(s string) (float64, float64) {
	q, err := rules.ParseSquare(b.v, s)
	if err != nil {
		panic(err)
	}
	return b.g.SquareCenter(q)
}

// topFace is the centre of the top face of column c standing on sq.
func (b board) topFace(q rules.Square, c rules.Column) (float64, float64) {
	x, y := b.g.SquareCenter(q)
	l := sprites.LayoutColumn(c, 0, b.m)
	return x, y + l.TopY
}

// classify tells a disc face from the board around (x, y): the average of
// a small patch, by luminance.
func classify(img *image.RGBA, x, y float64) (kind, color.NRGBA) {
	var r, g, bl, n int
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			c := img.RGBAAt(int(x)+dx, int(y)+dy)
			r, g, bl, n = r+int(c.R), g+int(c.G), bl+int(c.B), n+1
		}
	}
	c := color.NRGBA{uint8(r / n), uint8(g / n), uint8(bl / n), 255}
	lum := 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)
	switch {
	case lum > 185:
		return whiteTop, c
	case lum < 85:
		return blackTop, c
	}
	return empty, c
}

// mismatches compares the frame with position p, square by square: every
// column's top face shows its owner's colour, every empty dark square shows
// the board.
func (b board) mismatches(img *image.RGBA, p *rules.Position) []string {
	var bad []string
	for _, q := range b.v.Squares() {
		c := p.Column(q)
		want := empty
		x, y := b.g.SquareCenter(q)
		if !c.IsEmpty() {
			want = whiteTop
			if c.Owner() == rules.Black {
				want = blackTop
			}
			x, y = b.topFace(q, c)
			if c.Top().IsKing() && b.m.Radius > 0 {
				x -= b.m.Radius * 0.6 // beside the crown in the middle of the face
			}
		}
		if got, col := classify(img, x, y); got != want {
			bad = append(bad, fmt.Sprintf("%v: want %v, see %v (%v)", q, want, got, col))
		}
	}
	return bad
}

// expect fails unless the frame shows p.
func (g *game) expect(b board, p *rules.Position, what string) *image.RGBA {
	g.t.Helper()
	img := g.frame()
	if bad := b.mismatches(img, p); len(bad) > 0 {
		g.snap(img, "fail")
		g.t.Fatalf("%s: the board does not show the position %s:\n  %s", what, p.FEN(), strings.Join(bad, "\n  "))
	}
	return img
}

// waitFor advances a few ticks at a time until the frame shows p. What
// the game does in ticks (an animation) comes within maxTicks; what it
// does in real time (the computer's search, a move over the network) may
// take longer on a busy machine, so it fails only once it has advanced
// maxTicks and waited patience.
func (g *game) waitFor(b board, p *rules.Position, maxTicks int, what string) *image.RGBA {
	g.t.Helper()
	var img *image.RGBA
	began := time.Now()
	for waited := 0; waited <= maxTicks || time.Since(began) < patience; waited += 4 {
		img = g.frame()
		if len(b.mismatches(img, p)) == 0 {
			return img
		}
		g.ticks(4)
		if waited > maxTicks {
			time.Sleep(10 * time.Millisecond) // real time passes, not ticks
		}
	}
	g.snap(img, "fail")
	g.t.Fatalf("%s: the board does not show the position %s after %d ticks and %v:\n  %s", what, p.FEN(), maxTicks, patience,
		strings.Join(b.mismatches(img, p), "\n  "))
	return nil
}

// waitForAnswer advances until the frame shows the position after one of
// the side to move's legal moves in p (the computer's answer), and returns
// that move. The computer searches in real time: it fails only once it has
// advanced maxTicks and waited patience.
func (g *game) waitForAnswer(b board, p *rules.Position, maxTicks int) rules.Move {
	g.t.Helper()
	moves := p.LegalMoves(nil)
	began := time.Now()
	for waited := 0; waited < maxTicks || time.Since(began) < patience; waited += 10 {
		img := g.frame()
		if len(b.mismatches(img, p)) == 0 {
			g.ticks(10)
			if waited > maxTicks {
				time.Sleep(10 * time.Millisecond)
			}
			continue // not yet
		}
		// Let the animation end, then look again.
		g.ticks(100)
		img = g.frame()
		for _, m := range moves {
			if len(b.mismatches(img, p.Play(m))) == 0 {
				return m
			}
		}
		g.snap(img, "answer")
		g.t.Fatalf("the board changed, but not by a legal move of %v from %s", p.SideToMove(), p.FEN())
	}
	g.t.Fatalf("the computer did not answer within %d ticks and %v", maxTicks, patience)
	return rules.Move{}
}

func mustFEN(t *testing.T, v rules.Variant, fen string) *rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustMove(t *testing.T, p *rules.Position, s string) rules.Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// dragMove plays m by dragging the column hop by hop, with the mouse or a
// finger.
func (g *game) dragMove(b board, m rules.Move, finger bool) {
	for i := 0; i+1 < m.PathLen(); i++ {
		x0, y0 := b.g.SquareCenter(m.PathAt(i))
		x1, y1 := b.g.SquareCenter(m.PathAt(i + 1))
		if finger {
			g.touchDrag(x0, y0, x1, y1)
		} else {
			g.drag(x0, y0, x1, y1)
		}
		g.ticks(3)
	}
}

// quietOrFirst is a quiet move of p if it has one, else its first move.
func quietOrFirst(p *rules.Position) rules.Move {
	moves := p.LegalMoves(nil)
	for _, m := range moves {
		if !m.IsCapture() {
			return m
		}
	}
	return moves[0]
}

func mid(r scenes.Rect) (float64, float64) { return r.X + r.W/2, r.Y + r.H/2 }

// TestGameAgainstComputer starts a game from the title screen through the
// new-game screen, makes a quiet move by clicks, sees the computer answer,
// and takes the pair back with Undo.
func TestGameAgainstComputer(t *testing.T) {
	const w, h = 1280, 800
	g := start(t, w, h, "-seed", "7")
	g.ticks(20)

	tl := home.TitleLayout(w, h, 1, false)
	g.click(mid(tl.NewGame))
	g.ticks(30)
	ng := newgame.Layout(w, h, 1)
	// Level 1: the first of seven segments.
	g.click(ng.Level.X+ng.Level.W/12, ng.Level.Y+ng.Level.H/2)
	g.click(mid(ng.Start))
	g.ticks(30)

	b := playBoard(w, h, rules.Bashni, false)
	start := rules.NewPosition(rules.Bashni)
	g.expect(b, start, "the new game")

	// A quiet move by two clicks.
	g.click(b.centre("c3"))
	g.click(b.centre("d4"))
	after := start.Play(mustMove(t, start, "c3-d4"))
	img := g.waitFor(b, after, 60, "after c3-d4")
	// The moved column's colours at its target: the white face, and the
	// board where it came from.
	x, y := b.topFace(sq("d4"), after.Column(sq("d4")))
	if k, c := classify(img, x, y); k != whiteTop || !near(c, theme.White.Face, 40) {
		t.Errorf("d4 shows %v, want the white disc face %v", c, theme.White.Face)
	}
	x, y = b.centre("c3")
	if k, c := classify(img, x, y); k != empty {
		t.Errorf("c3 shows %v (%v), want the empty dark square", k, c)
	}

	// The computer answers.
	answer := g.waitForAnswer(b, after, 1200)
	t.Logf("the computer answered %v", answer)
	g.ticks(30)

	// Undo takes back the pair: the start position again.
	g.key(ebiten.KeyU)
	g.ticks(30)
	g.expect(b, start, "after undo")
	// Redo plays both moves again.
	g.key(ebiten.KeyY, ebiten.KeyControlLeft)
	g.ticks(120)
	g.expect(b, after.Play(answer), "after redo")

	if effects := g.effects(); !slices.Contains(effects, audio.Move) {
		t.Errorf("effects heard: %v; want the move sound among them", effects)
	}
}

// multiFEN: White's man on c3 must capture d4, then either f6 (to g7) or d6
// (to c7); Black keeps a7 and h8 so the game goes on.
const multiFEN = "W:Wc3,e1:Bd4,f6,d6,a7,h8:H0:F12"

// TestMultiCaptureByClicks enters a two-hop capture by clicks, hop by hop,
// cancels one with Esc, and jumps ahead on another.
func TestMultiCaptureByClicks(t *testing.T) {
	const w, h = 1280, 800
	g := start(t, w, h, "-seed", "3", "-level", "1", "-fen", multiFEN)
	g.ticks(20)
	b := playBoard(w, h, rules.Bashni, false)
	p := mustFEN(t, rules.Bashni, multiFEN)
	g.expect(b, p, "the position")

	// Hop by hop: c3, e5 (two routes go on), then Esc cancels.
	g.click(b.centre("c3"))
	g.click(b.centre("e5"))
	g.ticks(5)
	img := g.frame()
	x, y := b.topFace(sq("e5"), p.Column(sq("c3")))
	if k, _ := classify(img, x, y); k != whiteTop {
		g.snap(img, "hop")
		t.Fatalf("after the first hop the column should stand on e5")
	}
	g.key(ebiten.KeyEscape)
	g.ticks(5)
	g.expect(b, p, "after Esc cancelled the capture")

	// Again, to the end: c3, e5, g7.
	g.click(b.centre("c3"))
	g.click(b.centre("e5"))
	g.click(b.centre("g7"))
	m := mustMove(t, p, "c3:e5:g7")
	after := p.Play(m)
	img = g.waitFor(b, after, 150, "after c3:e5:g7")
	if c := after.Column(sq("g7")); c.Height() != 3 || c.Owner() != rules.White {
		t.Fatalf("rules: g7 = %v", c.Stack())
	}
	x, y = b.topFace(sq("g7"), after.Column(sq("g7")))
	if _, c := classify(img, x, y); !near(c, theme.White.Face, 40) {
		t.Errorf("g7's top shows %v, want the white face", c)
	}
	g.waitForAnswer(b, after, 1200)
}

// TestMultiCaptureByDrag enters the capture by dragging hop by hop, then
// makes a quiet move by drag.
func TestMultiCaptureByDrag(t *testing.T) {
	const w, h = 1280, 800
	g := start(t, w, h, "-seed", "3", "-level", "1", "-fen", multiFEN)
	g.ticks(20)
	b := playBoard(w, h, rules.Bashni, false)
	p := mustFEN(t, rules.Bashni, multiFEN)

	// Drag c3 to e5: one hop; then e5 to c7: done.
	x0, y0 := b.centre("c3")
	x1, y1 := b.centre("e5")
	g.drag(x0, y0, x1, y1)
	g.ticks(5)
	x2, y2 := b.centre("c7")
	g.drag(x1, y1, x2, y2)
	after := p.Play(mustMove(t, p, "c3:e5:c7"))
	g.waitFor(b, after, 150, "after dragging c3:e5:c7")
	answer := g.waitForAnswer(b, after, 1200)
	t.Logf("answer %v", answer)

	// A move by drag from the new position (a quiet one when there is
	// one: capturing may be compulsory).
	now := after.Play(answer)
	g.ticks(30)
	m := quietOrFirst(now)
	g.dragMove(b, m, false)
	g.waitFor(b, now.Play(m), 150, "after dragging "+m.String())
}

// TestMovesByTouch plays on a phone-sized portrait screen with a finger:
// a quiet move tapped, the computer's answer, a move dragged with a finger,
// then a two-hop capture tapped hop by hop.
func TestMovesByTouch(t *testing.T) {
	const w, h = 390, 844
	l := scenes.ComputePlayLayout(w, h, 1, rules.Bashni, false)
	if l.Landscape {
		t.Fatalf("390×844 should be laid out in portrait")
	}
	if l.Controls.H < scenes.MinTouchDP {
		t.Errorf("controls are %v dp tall, want at least %d", l.Controls.H, scenes.MinTouchDP)
	}
	b := playBoard(w, h, rules.Bashni, false)

	start0 := rules.NewPosition(rules.Bashni)
	g := start(t, w, h, "-seed", "5", "-level", "1", "-fen", start0.FEN())
	g.ticks(20)
	g.expect(b, start0, "the start position")
	g.tap(b.centre("c3"))
	g.tap(b.centre("d4"))
	after := start0.Play(mustMove(t, start0, "c3-d4"))
	g.waitFor(b, after, 60, "after tapping c3-d4")
	answer := g.waitForAnswer(b, after, 1200)
	now := after.Play(answer)
	g.ticks(30)
	m := quietOrFirst(now)
	g.dragMove(b, m, true)
	g.waitFor(b, now.Play(m), 150, "after a finger drag "+m.String())
	g.close()

	g = start(t, w, h, "-seed", "5", "-level", "1", "-fen", multiFEN)
	g.ticks(20)
	p := mustFEN(t, rules.Bashni, multiFEN)
	g.expect(b, p, "the position")
	g.tap(b.centre("c3"))
	g.tap(b.centre("e5"))
	g.tap(b.centre("g7"))
	after = p.Play(mustMove(t, p, "c3:e5:g7"))
	g.waitFor(b, after, 150, "after tapping c3:e5:g7")
	g.waitForAnswer(b, after, 1200)
}

// TestGameOverFromFEN wins in one capture from a -fen position and reaches
// the game-over card.
func TestGameOverFromFEN(t *testing.T) {
	const w, h = 1280, 800
	const fen = "W:Wc3,g1:Bd4:H0:F30"
	g := start(t, w, h, "-seed", "1", "-fen", fen)
	g.ticks(20)
	b := playBoard(w, h, rules.Bashni, false)
	p := mustFEN(t, rules.Bashni, fen)
	g.click(b.centre("c3"))
	g.click(b.centre("e5"))
	g.ticks(200)
	img := g.frame()
	g.snap(img, "over")
	// The card: the panel colour in its middle, and the board behind it
	// dimmed.
	r := play.GameOverLayout(w, h, 1, rules.Bashni)
	cx, cy := r.Card.X+r.Card.W*0.9, r.Card.Y+r.Card.H*0.45
	if c := at(img, cx, cy); !near(c, theme.Panel, 12) {
		t.Errorf("no game-over card: %v at (%v, %v), want the panel colour %v", c, cx, cy, theme.Panel)
	}
	after := p.Play(mustMove(t, p, "c3:e5"))
	if o := rules.StatusOf([]*rules.Position{after}); !o.Over() {
		t.Fatalf("rules: the game should be over")
	}
	x, y := b.centre("a1")
	if c := at(img, x, y); lum(c) > lum(theme.DarkSquare)*0.8 {
		t.Errorf("the board behind the card is not dimmed: %v", c)
	}
	if effects := g.effects(); !slices.Contains(effects, audio.Win) {
		t.Errorf("effects heard: %v; want Win", effects)
	}
	// Board closes the card and shows the final position.
	g.click(mid(r.Board))
	g.ticks(40)
	g.expect(b, after, "the final position")
}

func lum(c color.NRGBA) float64 {
	return 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)
}

// TestWatch lets the computer play itself (-watch) and follows three of
// its moves on the board: each frame shows either the last position, an
// animation, or the position after a legal move.
func TestWatch(t *testing.T) {
	const w, h = 1280, 800
	g := start(t, w, h, "-seed", "2", "-watch", "-level", "1")
	b := playBoard(w, h, rules.Bashni, false)
	cur := rules.NewPosition(rules.Bashni)
	g.ticks(5)
	g.expect(b, cur, "the start")
	for n := 0; n < 3; n++ {
		moves := cur.LegalMoves(nil)
		found := false
		for waited := 0; waited < 1200 && !found; waited += 4 {
			g.ticks(4)
			img := g.frame()
			for _, m := range moves {
				if len(b.mismatches(img, cur.Play(m))) == 0 {
					t.Logf("move %d: %v", n+1, m)
					cur = cur.Play(m)
					found = true
					break
				}
			}
		}
		if !found {
			t.Fatalf("no legal move from %s showed up", cur.FEN())
		}
	}
}
