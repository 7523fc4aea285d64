package puzzles

import (
	"bytes"
	"compress/gzip"
	"context"
	"strings"
	"testing"

	"bashni/ai"
	"bashni/rules"
)

func position(t *testing.T, v rules.Variant, fen string) *rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// turkish is the Turkish strike of TestDetectThemes: 1. c3-d4 e5:c3 (it
// cannot jump d4 again) 2. d2:b4.
const turkishFEN = "W:Wc3-00,d2,e1:Be5,h8"

func TestUnfinished(t *testing.T) {
	p := position(t, rules.Bashni, turkishFEN)
	ms := line(t, p, "c3-d4", "e5:c3", "d2:b4")
	after1 := p.Play(ms[0])
	tests := []struct {
		name string
		end  *rules.Position
		want bool
	}{
		{"Black must capture and White captures back", after1, true},
		{"the line played out", after1.Play(ms[1]).Play(ms[2]), false},
		{"nothing to capture", position(t, rules.Bashni, "B:Wa1:Bh8"), false},
		// Black must take d4 but then White has nothing to take.
		{"a capture with nothing after it", position(t, rules.Bashni, "B:Wd4,h2:Be5,h8"), false},
	}
	for _, tc := range tests {
		if got := Unfinished(tc.end); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestFeatures(t *testing.T) {
	p := position(t, rules.Bashni, turkishFEN)
	f := FeaturesOf(p, line(t, p, "c3-d4", "e5:c3", "d2:b4"))
	// Other first moves: c3-b4, d2-e3, e1-f2 give nothing away; d4:b2 is
	// the other capture at the end.
	want := Features{Moves: 2, Forced: 0, Quiet: 1, Sacrifice: true, Plausible: 4}
	if f != want {
		t.Fatalf("features %+v, want %+v", f, want)
	}
	if r := f.Rating(); r != ratingBase+ratingPerMove+ratingPerQuiet+ratingSacrifice+4*ratingPerOption {
		t.Errorf("rating %d", r)
	}
	easy := Features{Moves: 1, Plausible: 0}
	for _, harder := range []Features{
		{Moves: 2}, {Moves: 1, Quiet: 1}, {Moves: 1, Plausible: 3}, {Moves: 1, Quiet: 1, Sacrifice: true}, {Moves: 2, Forced: 1},
	} {
		if harder.Rating() <= easy.Rating() {
			t.Errorf("%+v rated %d, not above the easiest %d", harder, harder.Rating(), easy.Rating())
		}
	}
}

func TestFileRoundTrip(t *testing.T) {
	s := loadSet(t, rules.Lasca)
	f := &File{Variant: rules.Lasca, Check: "test", Puzzles: s.All()[:5]}
	b, err := f.Encode()
	if err != nil {
		t.Fatal(err)
	}
	g, err := ParseFile(b)
	if err != nil {
		t.Fatal(err)
	}
	if g.Variant != rules.Lasca || g.Check != "test" || len(g.Puzzles) != 5 {
		t.Fatalf("read back %v %q %d puzzles", g.Variant, g.Check, len(g.Puzzles))
	}
	for i, p := range g.Puzzles {
		q := f.Puzzles[i]
		if p.ID != q.ID || p.FEN != q.FEN || strings.Join(p.Line, " ") != strings.Join(q.Line, " ") || p.Rating != q.Rating || p.Found != q.Found || len(p.Themes) != len(q.Themes) {
			t.Errorf("puzzle %d: %+v, want %+v", i, p, q)
		}
	}
}

func gz(s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.Bytes()
}

// TestParseFileErrors: bad files are refused with an error naming what is
// wrong.
func TestParseFileErrors(t *testing.T) {
	const head = "bashni-puzzles\t2\tBashni\tx\n"
	const good = "b1\tB:Wc3-00,d2,e1:Be5,h8\th8-g7\tc3-d4\t\t700\t300\t300\t5\t2\t2\n"
	tests := []struct {
		name, want string
		data       []byte
	}{
		{"not gzip", "not gzip-compressed", []byte("hello")},
		{"empty", "empty", gz("")},
		{"no header", "header", gz("b1\tW:Wa1:Bh8\n")},
		{"format", "format 1", gz("bashni-puzzles\t1\tBashni\tx\n")},
		{"variant", "variant", gz("bashni-puzzles\t2\tChess\tx\n")},
		{"columns", "columns", gz(head + "b1\tW:Wa1:Bh8\n")},
		{"number", "column 6", gz(head + strings.Replace(good, "700", "x", 1))},
		{"illegal move", "move 1 of the line", gz(head + strings.Replace(good, "\tc3-d4\t", "\tc3-c4\t", 1))},
		{"even line", "start and end", gz(head + strings.Replace(good, "\tc3-d4\t", "\tc3-d4 e5:c3\t", 1))},
		{"theme", "unknown puzzle theme", gz(head + strings.Replace(good, "\t\t700", "\tfork\t700", 1))},
		{"twice", "used twice", gz(head + good + good)},
	}
	for _, tc := range tests {
		_, err := ParseFile(tc.data)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
	if _, err := ParseFile(gz(head + good)); err != nil {
		t.Errorf("a good file: %v", err)
	}
}

// TestHints: the column first, then the move; either marks the attempt.
func TestHints(t *testing.T) {
	p := loadSet(t, rules.Bashni).All()[0]
	a := p.Begin()
	if h := a.HintAt(NoHint); h != (Hint{}) || a.Hinted() {
		t.Fatalf("no hint asked: %+v, hinted %v", h, a.Hinted())
	}
	first := p.Solution()[0]
	if h := a.HintAt(HintColumn); h.Grade != HintColumn || h.From != first.From() || !h.Move.IsZero() || !a.Hinted() {
		t.Fatalf("column hint %+v", h)
	}
	if h := a.HintAt(HintMove + 3); h.Grade != HintMove || h.Move != first || a.HintGrade() != HintMove {
		t.Fatalf("move hint %+v, grade %v", h, a.HintGrade())
	}
	sol := p.Solution()
	for i := 0; i < len(sol); i += 2 {
		a.Try(sol[i])
	}
	if !a.Done() || a.Clean() || a.HintAt(HintMove) != (Hint{}) {
		t.Errorf("solved after a hint: done %v clean %v", a.Done(), a.Clean())
	}
}

// TestSteps: the solution viewer's steps replay the line, the player's
// moves first and last.
func TestSteps(t *testing.T) {
	for _, p := range loadSet(t, rules.Lasca).All()[:20] {
		steps := p.Steps()
		q := p.Start()
		for i, st := range steps {
			q = q.Play(p.Solution()[i])
			if st.Move != p.Solution()[i] || st.Player != (i%2 == 0) || !st.After.Equal(q) {
				t.Fatalf("%s: step %d %+v", p.ID, i, st)
			}
		}
		if !steps[len(steps)-1].Player || !q.Equal(p.End()) {
			t.Fatalf("%s: the steps end elsewhere", p.ID)
		}
	}
}

// TestExplainLoss: after the wrong h2-g3 Black takes the top of White's
// three-piece column on d4, which becomes Black's: a column lost, three
// material down.
func TestExplainLoss(t *testing.T) {
	now := position(t, rules.Bashni, "W:Wd4-0/00,h2:Be5,f6,h8")
	ms := line(t, now, "h2-g3", "e5:c3")
	got := explainLoss(now, ms[0], ms[1:], rules.White, Loss{Try: ms[0], Missed: 2})
	if got.Code != LosesColumn || got.Square.String() != "d4" || got.Height != 3 || got.Material != 3 || len(got.Line) != 1 || got.Missed != 2 {
		t.Fatalf("loss %+v", got)
	}
	// A quiet answer loses nothing: the try only misses the win.
	now = position(t, rules.Bashni, "W:Wa1,h2:Bh8")
	ms = line(t, now, "h2-g3", "h8-g7")
	if got := explainLoss(now, ms[0], ms[1:], rules.White, Loss{Missed: 2}); got.Code != MissesWin || got.Material != 0 || len(got.Line) != 1 {
		t.Fatalf("loss %+v", got)
	}
}

// TestPlayOut: on shipped puzzles a wrong try is played out along a legal
// line that ends with no capture pending, and the loss is consistent with
// the material on the board.
func TestPlayOut(t *testing.T) {
	e := ai.NewEngine(ai.Options{HashMiB: 16})
	for _, v := range rules.Variants {
		all := loadSet(t, v).All()
		for _, p := range []*Puzzle{all[0], all[len(all)/2], all[len(all)-1]} {
			a := p.Begin()
			var wrong rules.Move
			for _, m := range p.Start().LegalMoves(nil) {
				if m != p.Solution()[0] {
					wrong = m
					break
				}
			}
			loss := a.PlayOut(context.Background(), e, wrong, RefuteLimits)
			q := p.Start().Play(wrong)
			for _, m := range loss.Line {
				if !legalIn(q, m) {
					t.Fatalf("%s: the line %v is not legal", p.ID, loss.Line)
				}
				q = q.Play(m)
			}
			if q.MustCapture() && q.HasLegalMove() && len(loss.Line) < PlayOutPlies {
				t.Errorf("%s: the play-out stops with a capture pending", p.ID)
			}
			drop := Balance(p.Start(), p.Player()) - Balance(q, p.Player())
			if loss.Try != wrong || loss.Code == 0 || loss.Material != max(0, drop) || loss.Missed != p.Gain {
				t.Errorf("%s: loss %+v, material drop %d", p.ID, loss, drop)
			}
			if a.Mistakes() != 0 || a.Position() != p.Start() {
				t.Errorf("%s: playing out changed the attempt", p.ID)
			}
		}
	}
}
