package board

import (
	"slices"
	"testing"

	"bashni/audio"
	"bashni/rules"
	"bashni/scenes/anim"
	"bashni/scenes/input"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// host counts redraws and keeps the sounds played.
type host struct {
	redraws int
	sounds  []audio.Effect
}

func (h *host) Invalidate()         { h.redraws++ }
func (h *host) Play(e audio.Effect) { h.sounds = append(h.sounds, e) }

// newBoard is an interactive board 800 px square at scale 1.
func newBoard(t *testing.T) (*Board, *host) {
	t.Helper()
	h := &host{}
	b := New(sprites.NewRenderer(sprites.Themes()[0]), h)
	b.Layout(sprites.FitGeometry(rules.Bashni, 0, 0, 800, 800, false), false, Rect{W: 800, H: 800})
	b.Interactive = true
	return b, h
}

func position(t *testing.T, fen string) *rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(rules.Bashni, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// at is a gesture of kind k on the centre of square s (start and end).
func (b *Board) at(k input.Kind, s string) input.Gesture {
	sq, err := rules.ParseSquare(rules.Bashni, s)
	if err != nil {
		panic(err)
	}
	x, y := b.g.SquareCenter(sq)
	return input.Gesture{Kind: k, X: x, Y: y, StartX: x, StartY: y}
}

// drag is a drag from one square's centre to another's.
func (b *Board) drag(from, to string) []input.Gesture {
	s, e := b.at(input.DragStart, from), b.at(input.DragEnd, to)
	s.X, s.Y = e.X, e.Y
	e.StartX, e.StartY = s.StartX, s.StartY
	return []input.Gesture{s, e}
}

func (b *Board) tap(s string) Result {
	return b.Update([]input.Gesture{b.at(input.Tap, s)}, &ui.Pointer{}, 1)
}

// show puts p on the board and accepts its legal moves.
func (b *Board) show(p *rules.Position) {
	b.Accept(p, p.LegalMoves(nil))
	b.Show(p, rules.Move{})
}

// TestTapTapAndDrag: a quiet move by two taps and by a drag.
func TestTapTapAndDrag(t *testing.T) {
	b, h := newBoard(t)
	start := rules.NewPosition(rules.Bashni)
	b.show(start)
	if b.movable == 0 || !b.takingMoves() {
		t.Fatal("no movable columns marked")
	}
	if r := b.tap("c3"); !r.Move.IsZero() || b.selected.String() != "c3" {
		t.Fatalf("the first tap: %+v, selected %v", r, b.selected)
	}
	r := b.tap("d4")
	if r.Move.String() != "c3-d4" || r.Shown != 0 {
		t.Fatalf("tap-tap gave %+v", r)
	}
	if b.takingMoves() {
		t.Error("the board takes another move before Accept")
	}
	b.show(start)
	r = b.Update(b.drag("c3", "b4"), &ui.Pointer{}, 1)
	if r.Move.String() != "c3-b4" || r.Shown != 1 || !slices.Contains(h.sounds, audio.UITap) {
		t.Fatalf("drag gave %+v, sounds %v", r, h.sounds)
	}
}

// TestHopByHop: a capture entered square by square; the refusal of a
// column that may not move while a capture is due.
func TestHopByHop(t *testing.T) {
	b, h := newBoard(t)
	p := position(t, "W:Wc3,g3:Bd4,f6,d6,h8:H0:F1")
	b.show(p)
	if !b.MustCapture() {
		t.Fatal("the capture is not marked as compulsory")
	}
	r := b.tap("g3")
	if r.Refused != input.CaptureCompulsory || r.Square.String() != "g3" || !slices.Contains(h.sounds, audio.CaptureRequired) {
		t.Fatalf("a column that cannot capture: %+v, sounds %v", r, h.sounds)
	}
	b.tap("c3")
	if r := b.tap("e5"); !r.Move.IsZero() || len(b.entered) != 1 || !slices.Contains(h.sounds, audio.Capture) {
		t.Fatalf("the first hop: %+v, entered %v", r, b.entered)
	}
	if b.Back(); b.Selecting() {
		t.Fatal("Back kept the capture under way")
	}
	b.tap("c3")
	b.tap("e5")
	r = b.tap("g7")
	if r.Move.String() != "c3:e5:g7" || r.Shown != 1 {
		t.Fatalf("the second hop: %+v", r)
	}
}

// TestAnimationQueue: moves animate one after another, with their sounds,
// and the board rests on the position after the last, its marks on.
func TestAnimationQueue(t *testing.T) {
	b, h := newBoard(t)
	start := rules.NewPosition(rules.Bashni)
	m1, _ := start.ParseMove("c3-d4")
	after1 := start.Play(m1)
	m2, _ := after1.ParseMove("f6-e5")
	after2 := after1.Play(m2)
	b.Show(start, rules.Move{})
	b.Accept(after2, after2.LegalMoves(nil))
	b.Animate(start, m1, animOptions(1), 0)
	b.Queue(m2, animOptions(1))
	if b.movable != 0 {
		t.Fatal("the entry's marks show during the animation")
	}
	ticks := 0
	for !b.Step() {
		if ticks++; ticks > 1000 {
			t.Fatal("the animations never end")
		}
	}
	if b.Animating() || !b.pos.Equal(after2) || b.last != m2 {
		t.Fatalf("at rest on %s (last %v)", b.pos.FEN(), b.last)
	}
	if n := countOf(h.sounds, audio.Move); n != 2 {
		t.Errorf("%d move sounds for two moves: %v", n, h.sounds)
	}
	if b.movable == 0 {
		t.Error("the entry's marks do not show at rest")
	}
}

// TestInputFinishesTheAnimation: a tap during an animation ends it at once,
// silently, and is entered on the position after it.
func TestInputFinishesTheAnimation(t *testing.T) {
	b, h := newBoard(t)
	start := rules.NewPosition(rules.Bashni)
	m1, _ := start.ParseMove("c3-d4")
	m2, _ := start.Play(m1).ParseMove("f6-e5")
	after := start.Play(m1).Play(m2)
	b.Show(start, rules.Move{})
	b.Accept(after, after.LegalMoves(nil))
	b.Animate(start.Play(m1), m2, animOptions(1), 0)
	b.Step()
	sounds := len(h.sounds)
	r := b.tap("d4")
	if !r.Rested || b.Animating() || b.selected.String() != "d4" {
		t.Fatalf("the tap during the animation: %+v, selected %v", r, b.selected)
	}
	if len(h.sounds) != sounds {
		t.Errorf("finishing the animation made sounds: %v", h.sounds[sounds:])
	}
	if r := b.tap("f6"); r.Move.String() != "d4:f6" {
		t.Fatalf("the capture after the animation: %+v", r)
	}
}

// TestViewOnly: a board that shows a replay reports taps and takes no
// moves.
func TestViewOnly(t *testing.T) {
	b, _ := newBoard(t)
	b.Interactive = false
	b.show(rules.NewPosition(rules.Bashni))
	r := b.tap("c3")
	if !r.Tapped || !r.Move.IsZero() || b.selected != rules.NoSquare || b.movable != 0 {
		t.Fatalf("a tap on a view-only board: %+v", r)
	}
}

func countOf(s []audio.Effect, e audio.Effect) int {
	n := 0
	for _, x := range s {
		if x == e {
			n++
		}
	}
	return n
}

// animOptions is a timeline at speed.
func animOptions(speed float64) anim.Options { return anim.Options{Speed: speed} }

// TestHighlightUntilTheNextPosition: squares pointed out stay until the
// board shows another position.
func TestHighlightUntilTheNextPosition(t *testing.T) {
	b, _ := newBoard(t)
	start := rules.NewPosition(rules.Bashni)
	b.show(start)
	c3, _ := rules.ParseSquare(rules.Bashni, "c3")
	b.Highlight(c3, rules.NoSquare)
	if b.pointed != bit(c3) {
		t.Fatalf("pointed %x", b.pointed)
	}
	b.tap("c3")
	if b.pointed == 0 {
		t.Fatal("a selection cleared the squares pointed out")
	}
	m, _ := start.ParseMove("c3-d4")
	b.Animate(start, m, animOptions(1), 0)
	if b.pointed != 0 {
		t.Fatal("the squares pointed out outlived the position")
	}
}

// TestHintLineAsFarAsDrawn: the board keeps the hint's whole line up to
// sprites.MaxLineRoutes plies (not the hint and two plies), numbers it as
// told, and a new line forgets the old numbers.
func TestHintLineAsFarAsDrawn(t *testing.T) {
	b, _ := newBoard(t)
	start := rules.NewPosition(rules.Bashni)
	b.show(start)
	var line []rules.Move
	for p := start; len(line) < 20 && p.HasLegalMove(); {
		m := p.LegalMoves(nil)[0]
		line, p = append(line, m), p.Play(m)
	}
	for _, n := range []int{1, 3, 6, sprites.MaxLineRoutes, 20} {
		b.SetHintLine(line[:n])
		b.SetHintNumbers([]int{7, 7, 8, 8, 9, 9})
		got := b.HintLine()
		want := line[:min(n, sprites.MaxLineRoutes)]
		if !slices.Equal(got, want) {
			t.Errorf("a line of %d plies is drawn as %d: %v", n, len(got), got)
		}
		if b.hintNums[0] != 7 || b.hintNums[5] != 9 || b.hintNums[6] != 0 {
			t.Errorf("numbers %v", b.hintNums)
		}
	}
	b.SetHintLine(line[:2])
	if b.hintNums != (hintNums{}) {
		t.Errorf("a new line kept the old numbers %v", b.hintNums)
	}
}
