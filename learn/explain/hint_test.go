package explain

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"bashni/ai"
	"bashni/i18n"
	"bashni/rules"
)

// line parses moves played one after another from p.
func line(t *testing.T, p *rules.Position, moves ...string) []rules.Move {
	t.Helper()
	var out []rules.Move
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("move %s in %s: %v", s, p.FEN(), err)
		}
		out = append(out, m)
		p = p.Play(m)
	}
	return out
}

// reasonText writes reasons compactly for comparison: code(count,gives,square,move,by).
func reasonText(rs []Reason) string {
	var parts []string
	for _, r := range rs {
		s := string(r.Code)
		var args []string
		if r.Count != 0 {
			args = append(args, fmt.Sprintf("n=%d", r.Count))
		}
		if r.Gives != 0 {
			args = append(args, fmt.Sprintf("gives=%d", r.Gives))
		}
		if r.Code == OnlySaves || r.Code == SavesColumn || r.Code == Crowns {
			args = append(args, r.Square.String())
		}
		if !r.Move.IsZero() {
			args = append(args, r.Move.String())
		}
		if r.ByMove != 0 {
			args = append(args, fmt.Sprintf("by=%d", r.ByMove))
		}
		if len(args) > 0 {
			s += "(" + strings.Join(args, ",") + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// TestTeachReasons: hand-made positions and lines, each with the reasons a
// player should read.
func TestTeachReasons(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		pv    []string
		score int
		want  string
	}{
		{"a quiet move", "W:Wa1,c1:Bh8,f8", []string{"a1-b2"}, 0, "quiet"},
		{"takes a man", "W:Wc3,a1:Bd4,h8", []string{"c3:e5"}, 100, "wins-material(n=1,by=1) only-move"},
		{"frees a prisoner", "W:Wc3,a1:Bd4-0/0,h8", []string{"c3:e5"}, 200, "frees-prisoners(n=1,by=1) only-move"},
		{"the only move that saves the column", "W:We5,a1:Bd6,c7,h8", []string{"e5-f6"}, 0, "only-saves(e5) prevents(d6:f4)"},
		{"gives a man, wins back more", "W:Wb4,e3,f2:Bb6,d6,h8", []string{"b4-c5", "b6:d4", "e3:c5:e7"}, 200, "sacrifice(n=3,gives=1,by=2)"},
		{"crowns", "W:Wc7,a1:Bh8,h6", []string{"c7-b8"}, 200, "quiet crowns(b8,by=1)"},
		{"an exchange", "W:Wc3,g3,h2,a1:Be5,f4,h8", []string{"c3-d4", "e5:c3", "g3:e5"}, 0, "exchange(n=1)"},
		{"every move loses", "W:We5,a1:Bd6,f6,c7,g7", []string{"a1-b2", "d6:f4"}, -100, "least-loss(n=1) only-move"},
		{"gives a man for the game", "W:Wc3,a1:Be5,h8", []string{"c3-d4", "e5:c3"}, 50, "gives-for-play(n=1)"},
		{"a stale tail is dropped", "W:Wa1,c1:Bh8,f8", []string{"a1-b2", "h8-g7", "b2-c3"}, 0, "quiet"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustFEN(t, rules.Bashni, tc.fen)
			pv := line(t, p, tc.pv...)
			h, err := Teach([]*rules.Position{p}, ai.Analysis{Best: pv[0], PV: pv, Score: tc.score})
			if err != nil {
				t.Fatal(err)
			}
			if got := reasonText(h.Reasons); got != tc.want {
				t.Errorf("reasons %s, want %s", got, tc.want)
			}
			if h.Move.String() != pv[0].String() || len(h.Line) < len(pv) {
				t.Errorf("hint %v with line %v, want %v first and the whole pv %v", h.Move, h.Line, pv[0], pv)
			}
		})
	}
}

// TestTeachLine: the line keeps the engine's moves with their sides and
// move numbers, and goes on through the compulsory captures that follow
// its last move (marked Forced), so that it never ends mid-exchange.
func TestTeachLine(t *testing.T) {
	p := mustFEN(t, rules.Bashni, "W:Wb4,e3,f2:Bb6,d6,h8")
	pv := line(t, p, "b4-c5")
	h, err := Teach([]*rules.Position{p}, ai.Analysis{Best: pv[0], PV: pv})
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Line) < 2 {
		t.Fatalf("line %v: want the hint and Black's capture at least", h.Line)
	}
	want := []struct {
		side   rules.Color
		number int
		forced bool
	}{{rules.White, 1, false}, {rules.Black, 1, true}, {rules.White, 2, true}}
	for i, w := range want[:min(len(want), len(h.Line))] {
		s := h.Line[i]
		if s.Side != w.side || s.Number != w.number || s.Forced != w.forced {
			t.Errorf("step %d %v: side %v number %d forced %v, want %v %d %v", i, s.Move, s.Side, s.Number, s.Forced, w.side, w.number, w.forced)
		}
		if i > 0 && !s.Move.IsCapture() {
			t.Errorf("step %d %v is not a capture", i, s.Move)
		}
	}
	// The end of the line is quiet: the side to move has no capture.
	q := p
	for _, s := range h.Line {
		q = q.Play(s.Move)
	}
	if q.MustCapture() {
		t.Errorf("the line ends with a capture pending: %s", q.FEN())
	}
	if got := h.Line[1].Balance; got != -1 {
		t.Errorf("after Black's capture the balance is %+d, want -1 (White gave a man)", got)
	}
}

// TestTeachWithEngine: a forced win and a lost game as the engine scores
// them.
func TestTeachWithEngine(t *testing.T) {
	tests := []struct {
		fen, want string
	}{
		{"W:Wc3:Bd4", "wins-game(n=1) only-move"},
		{"B:Wa1-1,c1-1,e1-1:Bh8", "holds-out"},
	}
	for _, tc := range tests {
		p := mustFEN(t, rules.Bashni, tc.fen)
		e := ai.NewEngine(ai.Options{HashMiB: 1})
		a := e.Analyse(context.Background(), []*rules.Position{p}, ai.Limits{Nodes: 100_000}, nil)
		h, err := Teach([]*rules.Position{p}, a)
		if err != nil {
			t.Fatal(err)
		}
		if got := reasonText(h.Reasons); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s (score %d): reasons %s, want %s first", tc.fen, a.Score, got, tc.want)
		}
	}
}

// TestTeachErrors: what cannot be explained is an error that says why.
func TestTeachErrors(t *testing.T) {
	p := mustFEN(t, rules.Bashni, "W:Wa1,c1:Bh8,f8")
	other := mustFEN(t, rules.Bashni, "W:Wg1:Bh8")
	foreign := line(t, other, "g1-h2")[0]
	over := mustFEN(t, rules.Bashni, "W:Wa1:Bb2,c3")
	tests := []struct {
		name    string
		history []*rules.Position
		a       ai.Analysis
		want    string
	}{
		{"no position", nil, ai.Analysis{}, "needs a position"},
		{"no best move", []*rules.Position{p}, ai.Analysis{}, "no best move"},
		{"an illegal hint", []*rules.Position{p}, ai.Analysis{Best: foreign}, "not legal"},
		{"game over", []*rules.Position{over}, ai.Analysis{Best: foreign}, "no legal move"},
	}
	for _, tc := range tests {
		if _, err := Teach(tc.history, tc.a); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}

// TestEveryReasonInEveryLanguage: each reason code has its messages in
// every language, and they render with their values (no placeholder left,
// no fallback to English or to the ID).
func TestEveryReasonInEveryLanguage(t *testing.T) {
	sq := rules.SquareAt(4, 4) // e5
	p := mustFEN(t, rules.Bashni, "W:Wc3,a1:Bd4,h8")
	capture := line(t, p, "c3:e5")[0]
	for _, l := range i18n.Langs() {
		cat := i18n.New(l)
		for _, code := range ReasonCodes {
			for _, id := range messageIDs(code) {
				if !cat.Has(id) {
					t.Errorf("%s: no message %s (reason %s)", l, id, code)
				}
			}
			for _, n := range []int{1, 2, 5, 21} {
				for _, gives := range []int{0, 1, 3} {
					r := Reason{Code: code, Count: n, Gives: gives, Square: sq, Move: capture, ByMove: 14}
					s := r.Say(cat)
					if s == "" || s == r.MessageID() || strings.Contains(s, "{{") || strings.Contains(s, "<no value>") || strings.Contains(s, "hint.") {
						t.Errorf("%s %s (n=%d, gives=%d) reads %q", l, code, n, gives, s)
					}
				}
			}
		}
	}
	// English, as a player reads it.
	en := i18n.New(i18n.English)
	for _, c := range []struct {
		r    Reason
		want string
	}{
		{Reason{Code: Sacrifice, Gives: 1, Count: 2, ByMove: 14}, "Gives a piece and wins 2 back by move 14."},
		{Reason{Code: FreesPrisoners, Gives: 1, Count: 2}, "Gives a piece to free 2 prisoners."},
		{Reason{Code: OnlySaves, Square: sq}, "The only move that saves the column on e5."},
		{Reason{Code: Prevents, Move: capture}, "Prevents the capture c3:e5."},
		{Reason{Code: WinsMaterial, Count: 1, ByMove: 3}, "Wins a piece by move 3."},
	} {
		if got := c.r.Say(en); got != c.want {
			t.Errorf("%s: %q, want %q", c.r.Code, got, c.want)
		}
	}
}

// BenchmarkTeach: explaining a hint in middlegame positions met in play
// (the engine's line at 100,000 nodes; the search is not timed).
func BenchmarkTeach(b *testing.B) {
	fens := []string{
		"W:Wa1-0,c1-0,e1-0,g1-0,b2-0,d2-0,f2-0,h2-0,a3-0,e3-0,g3-0:Be5-0/0,b6-0,d6-0,f6-0,h6-0,a7-0,e7-0,g7-0,b8-0,d8-0,f8-0,h8-0:H0:F3",
		"W:Wa1-0,c1-0,e1-0,g1-0,b2-0,h2-0,a3-0,b4-0/0,d4-0:Bc5-0/000,b6-00,d6-0,h6-0,e7-0,g7-0,b8-0,d8-0,f8-0,h8-0:H0:F10",
		"W:Wa1-0,f2-0,h2-0,c3-0,g3-000/0:Bc5-0,g5-0,b6-00/0,d6-0/000,e7-0/0,g7-0,b8-0,d8-0,f8-0,h8-0:H1:F26",
	}
	type job struct {
		h []*rules.Position
		a ai.Analysis
	}
	var jobs []job
	for _, f := range fens {
		p, err := rules.ParseFEN(rules.Bashni, f)
		if err != nil {
			b.Fatal(err)
		}
		e := ai.NewEngine(ai.Options{HashMiB: 8})
		h := []*rules.Position{p}
		jobs = append(jobs, job{h, e.Analyse(context.Background(), h, ai.Limits{Nodes: 100_000}, nil)})
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := jobs[i%len(jobs)]
		if _, err := Teach(j.h, j.a); err != nil {
			b.Fatal(err)
		}
	}
}
