package analysis

import (
	"strings"
	"testing"

	"bashni/ai"
	"bashni/rules"
)

// rowsText writes the move list as one line: variations in brackets, the
// current move starred, marks after the moves.
func rowsText(rows []Row) string {
	var b strings.Builder
	depth := 0
	for _, r := range rows {
		if r.VariationStart && r.Depth <= depth {
			for ; depth >= r.Depth; depth-- {
				b.WriteString(") ")
			}
		}
		for ; depth < r.Depth; depth++ {
			b.WriteString("( ")
		}
		for ; depth > r.Depth; depth-- {
			b.WriteString(") ")
		}
		b.WriteString(r.Num)
		b.WriteString(r.Text)
		b.WriteString(r.Mark)
		if r.Current {
			b.WriteString("*")
		}
		b.WriteString(" ")
	}
	for ; depth > 0; depth-- {
		b.WriteString(") ")
	}
	return strings.TrimSpace(b.String())
}

// TestTreeBranches: free moves from a position of the game make a branch
// written after the game's move, moves already in the tree are followed,
// and one step goes back to the main line. Each case starts from the
// worked game, goes to a ply, plays the moves ("<" is Back, ">" Forward,
// "main" BackToMain) and checks the move list and where the board is.
func TestTreeBranches(t *testing.T) {
	start, moves := gameOf(t, "1. c3-d4 f6-g5 2. g3-h4 g5-f4")
	tests := []struct {
		name    string
		ply     int
		actions []string
		want    string
		atPly   int
		branch  bool
	}{
		{"the game", 4, nil, "1.c3-d4 f6-g5 2.g3-h4 g5-f4*", 4, false},
		{"a branch from move 2", 2, []string{"e3-f4"},
			"1.c3-d4 f6-g5 2.g3-h4 ( 2.e3-f4* ) 2…g5-f4", 3, true},
		{"a branch of Black's", 3, []string{"b6-a5"},
			"1.c3-d4 f6-g5 2.g3-h4 g5-f4 ( 2…b6-a5* )", 4, true},
		{"the game's move is followed, not branched", 2, []string{"g3-h4"},
			"1.c3-d4 f6-g5 2.g3-h4* g5-f4", 3, false},
		{"a branch continued and back to the game", 2, []string{"e3-f4", "g5:e3:c5", "main"},
			"1.c3-d4 f6-g5* 2.g3-h4 ( 2.e3-f4 g5:e3:c5 ) 2…g5-f4", 2, false},
		{"two branches from one position", 1, []string{"b6-a5", "<", "h6-g5"},
			"1.c3-d4 f6-g5 ( 1…b6-a5 ) ( 1…h6-g5* ) 2.g3-h4 g5-f4", 2, true},
		{"a branch after the game's end", 4, []string{"e3:g5"},
			"1.c3-d4 f6-g5 2.g3-h4 g5-f4 ( 3.e3:g5* )", 5, true},
		{"back to the game, then forward follows the game", 2, []string{"e3-f4", "main", ">"},
			"1.c3-d4 f6-g5 2.g3-h4* ( 2.e3-f4 ) 2…g5-f4", 3, false},
		{"back and forward inside a branch", 2, []string{"e3-f4", "g5:e3:c5", "<", "<", ">"},
			"1.c3-d4 f6-g5 2.g3-h4 ( 2.e3-f4* g5:e3:c5 ) 2…g5-f4", 3, true},
	}
	for _, tc := range tests {
		tr, err := NewTree(start, moves)
		if err != nil {
			t.Fatal(err)
		}
		if err := tr.GoTo(tr.MainLine()[tc.ply]); err != nil {
			t.Fatal(err)
		}
		for _, a := range tc.actions {
			switch a {
			case "<":
				tr.Back()
			case ">":
				tr.Forward()
			case "main":
				tr.BackToMain()
			default:
				m, err := tr.Current().Position.ParseMove(a)
				if err != nil {
					t.Fatalf("%s: %s: %v", tc.name, a, err)
				}
				if _, err := tr.Play(m); err != nil {
					t.Fatalf("%s: %s: %v", tc.name, a, err)
				}
			}
		}
		if got := rowsText(tr.Rows(nil)); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
		if tr.Current().Ply != tc.atPly || tr.InBranch() != tc.branch {
			t.Errorf("%s: at ply %d (branch %v), want %d (%v)", tc.name, tr.Current().Ply, tr.InBranch(), tc.atPly, tc.branch)
		}
		// The main line never changes.
		if len(tr.MainLine()) != len(moves)+1 {
			t.Errorf("%s: the main line has %d positions", tc.name, len(tr.MainLine()))
		}
		// The history handed to an engine ends at the position shown.
		h := tr.History()
		if len(h) != tr.Current().Ply+1 || h[len(h)-1] != tr.Current().Position || h[0] != start {
			t.Errorf("%s: history of %d positions", tc.name, len(h))
		}
	}
}

// TestTreeRefusesBadInput: an illegal move, in the game or on the board,
// is an error naming it, and the tree is unchanged.
func TestTreeRefusesBadInput(t *testing.T) {
	start := rules.NewPosition(rules.Bashni)
	after := start.Play(start.LegalMoves(nil)[0])
	bad := after.LegalMoves(nil)[0] // Black's move, not White's
	if _, err := NewTree(start, []rules.Move{bad}); err == nil || !strings.Contains(err.Error(), "move 1") {
		t.Errorf("an illegal game move: %v", err)
	}
	if _, err := NewTree(nil, nil); err == nil {
		t.Error("no start: no error")
	}
	tr, err := NewTree(start, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Play(bad); err == nil || tr.Current() != tr.Root() || len(tr.Root().Children) != 0 {
		t.Errorf("an illegal board move: %v, tree changed", err)
	}
	other, _ := NewTree(start, nil)
	if err := tr.GoTo(other.Root()); err == nil {
		t.Error("a node of another tree accepted")
	}
	if tr.Back() || tr.Forward() {
		t.Error("moved from the start of an empty game")
	}
}

// TestMarks: the move list marks main-line moves from the report and
// branch moves from their searches: ?! an inaccuracy, ? a mistake, ?? a
// blunder; the best move played is never marked.
func TestMarks(t *testing.T) {
	start, moves := gameOf(t, "1. c3-d4 f6-g5 2. g3-h4 g5-f4")
	r := &Report{Positions: make([]Position, len(moves)+1), Reviews: []Review{
		{Done: true, Class: Good}, {Done: true, Class: Inaccuracy}, {Done: true, Class: Mistake}, {Done: true, Class: Blunder},
	}}
	tr, _ := NewTree(start, moves)
	if got, want := rowsText(tr.Rows(r)), "1.c3-d4 f6-g5?! 2.g3-h4? g5-f4??"; got != want {
		t.Errorf("main line: %s, want %s", got, want)
	}
	// A branch from the start: the parent searched, then each try.
	root := tr.Root()
	best := mustParse(t, start, "c3-d4")
	tr.SetEval(root, Eval{Score: 10, Best: best})
	tests := []struct {
		move  string
		score int // White's view after the move
		mark  string
	}{
		{"c3-d4", 10, ""}, // the best move: never marked
		{"a3-b4", 0, ""},  // a tenth of a man lost: nothing
		{"g3-h4", -90, "?!"},
		{"e3-f4", -200, "?"},
		{"c3-b4", -320, "??"},
		{"g3-f4", -winScore(5), "??"}, // allows a forced loss
	}
	for _, tc := range tests {
		tr.GoTo(root)
		m := mustParse(t, start, tc.move)
		n, err := tr.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := n.Review(); ok {
			t.Errorf("%s: reviewed before its position was searched", tc.move)
		}
		tr.SetEval(n, Eval{Score: tc.score})
		rv, ok := n.Review()
		if !ok || rv.Class.Mark() != tc.mark {
			t.Errorf("%s (%+d): mark %q (%+v), want %q", tc.move, tc.score, rv.Class.Mark(), rv, tc.mark)
		}
		if tc.mark != "" && rv.Best != "c3-d4" {
			t.Errorf("%s: better move %q", tc.move, rv.Best)
		}
	}
}

func mustParse(t *testing.T, p *rules.Position, s string) rules.Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestBar: the evaluation bar's fill and label. A forced win reads "M<n>"
// with n ≥ 1, a finished game its result: never "wins in 0".
func TestBar(t *testing.T) {
	start := rules.NewPosition(rules.Bashni)
	won, err := rules.ParseFEN(rules.Bashni, "B:We5-0/0:B")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		pos       *rules.Position
		eval      *Eval
		known     bool
		label     string
		kind      ai.VerdictKind
		leader    rules.Color
		whiteFrom float64 // the fill, at least
		whiteTo   float64 // and at most
	}{
		{"not searched", start, nil, false, "", 0, rules.White, 0.5, 0.5},
		{"equal", start, &Eval{Score: 2}, true, "0.0", ai.VerdictEqual, rules.White, 0.49, 0.51},
		{"White a man up", start, &Eval{Score: 150}, true, "+1.5", ai.VerdictBetter, rules.White, 0.55, 0.95},
		{"Black slightly better", start, &Eval{Score: -34}, true, "-0.3", ai.VerdictSlightlyBetter, rules.Black, 0.4, 0.5},
		{"White wins in 1 move (1 ply)", start, &Eval{Score: winScore(1)}, true, "M1", ai.VerdictWinsIn, rules.White, 1, 1},
		{"Black wins in 2 moves (4 plies)", start, &Eval{Score: -winScore(4)}, true, "M2", ai.VerdictWinsIn, rules.Black, 0, 0},
		{"the game is over", won, &Eval{Score: winScore(0)}, true, "1-0", ai.VerdictHasWon, rules.White, 1, 1},
		{"over, not searched", won, nil, true, "1-0", ai.VerdictHasWon, rules.White, 1, 1},
	}
	for _, tc := range tests {
		tr, _ := NewTree(tc.pos, nil)
		if tc.eval != nil {
			tr.SetEval(tr.Root(), *tc.eval)
		}
		b := BarOf(tr.Root())
		if b.Known != tc.known || b.Label != tc.label || b.White < tc.whiteFrom || b.White > tc.whiteTo {
			t.Errorf("%s: %+v", tc.name, b)
		}
		if tc.known && (b.Verdict.Kind != tc.kind || b.Verdict.Leader != tc.leader) {
			t.Errorf("%s: verdict %+v", tc.name, b.Verdict)
		}
		if b.Label == "M0" || b.Verdict.Kind == ai.VerdictWinsIn && b.Verdict.Moves < 1 {
			t.Errorf("%s: wins in 0", tc.name)
		}
	}
}

// TestFillFromReport: a report's searches land on the main line's nodes,
// the best move of each position shown is there, and the end of a game
// lost by the side to move reads "has won", not "wins in 0".
func TestFillFromReport(t *testing.T) {
	start, moves := gameOf(t, workedGame)
	r := &Report{Positions: make([]Position, len(moves)+1), Reviews: make([]Review, len(moves))}
	p := start
	for i := range r.Positions {
		r.Positions[i] = Position{Done: true, Score: 12 * i}
		if i < len(moves) {
			r.Positions[i].Best = moves[i].String()
			r.Positions[i].PV = []string{moves[i].String()}
			p = p.Play(moves[i])
		}
	}
	tr, err := NewTree(start, moves)
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Fill(r); err != nil {
		t.Fatal(err)
	}
	for i, n := range tr.MainLine()[:len(moves)] {
		if b, ok := n.Best(); !ok || b != moves[i] {
			t.Errorf("ply %d: best %v, want %v", i, b, moves[i])
		}
	}
	if err := tr.Fill(&Report{Positions: make([]Position, 3)}); err == nil {
		t.Error("a report of another game accepted")
	}
	// A position without a legal move: the bar shows the result.
	won, _ := rules.ParseFEN(rules.Bashni, "B:We5-0/0:B")
	tr2, _ := NewTree(won, nil)
	tr2.SetEval(tr2.Root(), Eval{Score: winScore(0)})
	if v, _ := tr2.Root().Verdict(); v.Kind != ai.VerdictHasWon || v.Leader != rules.White {
		t.Errorf("the end: %+v", v)
	}
	if _, ok := tr2.Root().Best(); ok {
		t.Error("a best move where the game is over")
	}
}

// winScore is ai's score of a forced win in plies (ai.IsWinScore reads it
// back; TestWinScoreHelper checks that).
func winScore(plies int) int { return 30000 - plies }

func TestWinScoreHelper(t *testing.T) {
	for _, n := range []int{0, 1, 7} {
		if got, ok := ai.IsWinScore(winScore(n)); !ok || got != n {
			t.Fatalf("winScore(%d) reads back as %d, %v", n, got, ok)
		}
	}
}
