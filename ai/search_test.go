package ai

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"bashni/rules"
)

func mustFEN(t testing.TB, v rules.Variant, fen string) *rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func isLegal(p *rules.Position, m rules.Move) bool {
	for _, l := range p.LegalMoves(nil) {
		if l == m {
			return true
		}
	}
	return false
}

// mirror turns the board half a turn and swaps the colours: the same game
// for the other side. Evaluations and best moves must correspond.
func mirror(t testing.TB, p *rules.Position) *rules.Position {
	t.Helper()
	v := p.Variant()
	n := v.Size()
	q := rules.EmptyPosition(v)
	for _, sq := range v.Squares() {
		c := p.Column(sq)
		if c.IsEmpty() {
			continue
		}
		ps := c.Pieces()
		for i := range ps {
			ps[i] ^= 1 // swap the colour bit
		}
		to := rules.SquareAt(n-1-sq.File(), n-1-sq.Rank())
		if err := q.SetColumn(to, rules.ColumnOf(ps...)); err != nil {
			t.Fatal(err)
		}
	}
	q.SetSideToMove(p.SideToMove().Opponent())
	q.SetCounters(p.HalfmoveClock(), p.FullmoveNumber())
	return q
}

func mirrorSquare(v rules.Variant, sq rules.Square) rules.Square {
	n := v.Size()
	return rules.SquareAt(n-1-sq.File(), n-1-sq.Rank())
}

// TestEvalSymmetry: the evaluation of a position equals that of its mirror
// image, and the fast evaluation equals the dot product of the weights with
// the tuner's feature vector, on positions of random games of both variants.
func TestEvalSymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, v := range rules.Variants {
		ev := newEvaluator(v, TunedWeights(v))
		for g := 0; g < 200; g++ {
			p := rules.NewPosition(v)
			for ply := 0; ply < 150; ply++ {
				a, b := ev.eval(p), ev.eval(mirror(t, p))
				if a != b {
					t.Fatalf("%v: eval %d, mirrored %d: %s", v, a, b, p.FEN())
				}
				if f := Features(p); f.Dot(ev.w) != a {
					t.Fatalf("%v: eval %d, features·weights %d: %s", v, a, f.Dot(ev.w), p.FEN())
				}
				ms := p.LegalMoves(nil)
				if len(ms) == 0 {
					break
				}
				p = p.Play(ms[rng.IntN(len(ms))])
			}
		}
	}
}

// TestSelfPlayLegal plays thousands of fast games (tiny node budgets, depth
// 1–3, all levels' randomness) in both variants from random openings and
// checks that every move the engine returns is legal, that it returns a move
// exactly when the game is not over, and that finished games give none.
func TestSelfPlayLegal(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	rng := rand.New(rand.NewPCG(7, 7))
	e := NewEngine(Options{HashMiB: 1, Seed: 3})
	ctx := context.Background()
	moves, over := 0, 0
	for g := 0; g < games; g++ {
		v := rules.Variants[g%2]
		game := rules.NewGame(v)
		random := rng.IntN(12)
		for game.Ply() < 400 {
			hist := game.History()
			var m rules.Move
			switch {
			case game.Ply() < random:
				ms := game.LegalMoves()
				if len(ms) == 0 {
					break
				}
				m = ms[rng.IntN(len(ms))]
			case g%3 == 0:
				m = e.PlayLevel(ctx, hist, 1+rng.IntN(3), Limits{Nodes: 300}, nil).Best
			default:
				m = e.Search(ctx, hist, Limits{Depth: 1 + rng.IntN(3), Nodes: 2000}, nil).Best
			}
			o := game.Outcome()
			if o.Over() {
				if !m.IsZero() && game.Ply() >= random {
					t.Fatalf("game over (%s) but the engine played %v in %s", o.Status(), m, game.Position().FEN())
				}
				over++
				break
			}
			if m.IsZero() {
				t.Fatalf("no move in an ongoing game: %s", game.Position().FEN())
			}
			if err := game.Play(m); err != nil {
				t.Fatalf("engine move %v: %v in %s", m, err, game.Position().FEN())
			}
			moves++
		}
	}
	t.Logf("%d games, %d engine and random moves, %d finished by the rules", games, moves, over)
}

// TestDeterministic: the same seed and depth give the same move, score and
// node count.
func TestDeterministic(t *testing.T) {
	for _, fen := range benchFENs[:4] {
		p := mustFEN(t, rules.Bashni, fen)
		var first Result
		for i := 0; i < 2; i++ {
			e := NewEngine(Options{Seed: 11, HashMiB: 4})
			r := e.Search(context.Background(), []*rules.Position{p}, Limits{Depth: 7}, nil)
			if i == 0 {
				first = r
				continue
			}
			if r.Best != first.Best || r.Score != first.Score || r.Nodes != first.Nodes {
				t.Fatalf("%s: %v %d %d, then %v %d %d", fen, first.Best, first.Score, first.Nodes, r.Best, r.Score, r.Nodes)
			}
		}
		// Levels too: the same seed, the same choice.
		var moves [2]rules.Move
		for i := range moves {
			e := NewEngine(Options{Seed: 99, HashMiB: 4})
			moves[i] = e.ChooseMove(context.Background(), []*rules.Position{p}, 2)
		}
		if moves[0] != moves[1] {
			t.Fatalf("level 2 with one seed played %v then %v", moves[0], moves[1])
		}
	}
}

// TestCancel: a cancelled context stops the search promptly, and it still
// returns a legal move.
func TestCancel(t *testing.T) {
	p := mustFEN(t, rules.Bashni, benchFENs[0])
	e := NewEngine(Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := e.Search(ctx, []*rules.Position{p}, Limits{}, nil)
	if !isLegal(p, r.Best) {
		t.Fatalf("cancelled search returned %v", r.Best)
	}
	// Cancelled once it has finished depth 2 (however long a busy machine
	// takes to get there), a search that would run for days stops; the
	// bound on how soon is generous: it looks every 1024 nodes.
	ctx, cancel = context.WithCancel(context.Background())
	var cancelled time.Time
	r = e.Search(ctx, []*rules.Position{p}, Limits{}, func(in Info) {
		if in.Depth >= 2 && cancelled.IsZero() {
			cancelled = time.Now()
			cancel()
		}
	})
	if cancelled.IsZero() {
		t.Fatalf("the search ended at depth %d before it was cancelled", r.Depth)
	}
	if d := time.Since(cancelled); d > 10*time.Second {
		t.Fatalf("search took %v to notice the cancellation", d)
	}
	if !isLegal(p, r.Best) || r.Depth < 2 {
		t.Fatalf("search cancelled after depth 2 returned %v at depth %d", r.Best, r.Depth)
	}
	// A node limit below one iteration still gives a legal move.
	r = e.Search(context.Background(), []*rules.Position{p}, Limits{Nodes: 1}, nil)
	if !isLegal(p, r.Best) {
		t.Fatalf("1-node search returned %v", r.Best)
	}
}

// TestYieldHook: the hook is called regularly during a search.
func TestYieldHook(t *testing.T) {
	p := mustFEN(t, rules.Bashni, benchFENs[1])
	calls := 0
	e := NewEngine(Options{Yield: func() { calls++ }})
	r := e.Search(context.Background(), []*rules.Position{p}, Limits{Nodes: 200_000}, nil)
	if want := r.Nodes / (2 * pollInterval); int64(calls) < want {
		t.Fatalf("yield called %d times in %d nodes, want at least %d", calls, r.Nodes, want)
	}
	// YieldEvery pauses once its work slice is used up.
	y := YieldEvery(time.Millisecond, 2*time.Millisecond)
	start := time.Now()
	for time.Since(start) < 20*time.Millisecond {
		y()
	}
}

// TestFinishedGames: no move when the side to move cannot move, when the game
// is drawn by repetition or by the 30-ply rule.
func TestFinishedGames(t *testing.T) {
	e := NewEngine(Options{})
	noMoves := mustFEN(t, rules.Bashni, "B:Wa1,c1:Bb2")
	r := e.Search(context.Background(), []*rules.Position{noMoves}, Limits{Depth: 3}, nil)
	if !r.Best.IsZero() || r.Score != -winScore {
		t.Fatalf("no-move position: %v %d", r.Best, r.Score)
	}
	noProgress := mustFEN(t, rules.Bashni, "W:Wa1-1:Bh8-1:H30:F40")
	if r := e.Search(context.Background(), []*rules.Position{noProgress}, Limits{Depth: 3}, nil); !r.Best.IsZero() || r.Score != 0 {
		t.Fatalf("30-ply rule: %v %d", r.Best, r.Score)
	}
	g := rules.NewGameFrom(mustFEN(t, rules.Bashni, "W:Wa1-1:Bh6-1"))
	for _, m := range []string{"a1-b2", "h6-g5", "b2-a1", "g5-h6", "a1-b2", "h6-g5", "b2-a1", "g5-h6"} {
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	if r := e.Search(context.Background(), g.History(), Limits{Depth: 3}, nil); !r.Best.IsZero() {
		t.Fatalf("repetition: %v", r.Best)
	}
	if m := e.ChooseMove(context.Background(), g.History(), 1); !m.IsZero() {
		t.Fatalf("ChooseMove in a drawn game: %v", m)
	}
	if a := e.Hint(context.Background(), g.History()); !a.Best.IsZero() || a.Text == "" {
		t.Fatalf("Hint in a drawn game: %+v", a)
	}
}

// TestRepetitionInSearch: a side that is losing heads for a repetition.
func TestScoreText(t *testing.T) {
	tests := []struct {
		score int
		side  rules.Color
		want  string
	}{
		{0, rules.White, "The position is equal"},
		{50, rules.White, "White is slightly better"},
		{50, rules.Black, "Black is slightly better"},
		{-150, rules.White, "Black is better"},
		{300, rules.Black, "Black is much better"},
		{900, rules.White, "White is winning"},
		{winScore - 9, rules.White, "White wins in 5 moves"},
		{-(winScore - 2), rules.White, "Black wins in 1 move"},
		{winScore - 1, rules.Black, "Black wins in 1 move"},
	}
	for _, tc := range tests {
		if got := ScoreText(tc.score, tc.side); got != tc.want {
			t.Errorf("ScoreText(%d, %v) = %q, want %q", tc.score, tc.side, got, tc.want)
		}
	}
}

// TestRandomPositions: positions that no game need reach — random columns of
// random heights (two colour layers, kings anywhere) on random squares —
// still get a legal move, or none exactly when the side to move has none.
func TestRandomPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	e := NewEngine(Options{HashMiB: 1})
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := 0; i < n; i++ {
		v := rules.Variants[i%2]
		p := rules.EmptyPosition(v)
		sqs := v.Squares()
		for k := rng.IntN(14); k >= 0; k-- {
			sq := sqs[rng.IntN(len(sqs))]
			top := rules.Color(rng.IntN(2))
			var pieces []rules.Piece
			own, pris := 1+rng.IntN(3), rng.IntN(4)
			for j := 0; j < own; j++ {
				pieces = append(pieces, rules.NewPiece(top, rng.IntN(4) == 0))
			}
			for j := 0; j < pris; j++ {
				pieces = append(pieces, rules.NewPiece(top.Opponent(), rng.IntN(4) == 0))
			}
			if err := p.SetColumn(sq, rules.ColumnOf(pieces...)); err != nil {
				t.Fatal(err)
			}
		}
		p.SetSideToMove(rules.Color(rng.IntN(2)))
		hist := []*rules.Position{p}
		var m rules.Move
		if i%3 == 0 {
			m = e.PlayLevel(context.Background(), hist, 1+rng.IntN(6), Limits{Nodes: 20_000}, nil).Best
		} else {
			m = e.Search(context.Background(), hist, Limits{Depth: 1 + rng.IntN(6), Nodes: 20_000}, nil).Best
		}
		if p.HasLegalMove() != !m.IsZero() {
			t.Fatalf("%s: HasLegalMove %v, engine move %v", p.FEN(), p.HasLegalMove(), m)
		}
		if !m.IsZero() && !isLegal(p, m) {
			t.Fatalf("%s: illegal move %v", p.FEN(), m)
		}
	}
}

// TestHintIgnoresTheClock: a hint is bounded by nodes, not time, so a slow
// machine gets the same advice. The slowed engine pauses 2 ms at each of
// its ~1,000 polls, longer than the second the hint once had: a time bound
// would cut its search short and could change the move.
func TestHintIgnoresTheClock(t *testing.T) {
	p := mustFEN(t, rules.Bashni, benchFENs[1])
	history := []*rules.Position{p}
	fast := NewEngine(Options{Seed: 5, HashMiB: 4}).Hint(context.Background(), history)
	slowed := NewEngine(Options{Seed: 5, HashMiB: 4, Yield: func() { time.Sleep(2 * time.Millisecond) }})
	slow := slowed.Hint(context.Background(), history)
	if fast.Best.IsZero() || fast.Nodes < HintNodes {
		t.Fatalf("hint %v after %d nodes, want a move after the whole budget of %d", fast.Best, fast.Nodes, HintNodes)
	}
	if slow.Best != fast.Best || slow.Score != fast.Score || slow.Depth != fast.Depth || slow.Nodes != fast.Nodes || !slices.Equal(slow.PV, fast.PV) {
		t.Errorf("slowed: %v %d depth %d, %d nodes, PV %v; at full speed: %v %d depth %d, %d nodes, PV %v",
			slow.Best, slow.Score, slow.Depth, slow.Nodes, slow.PV, fast.Best, fast.Score, fast.Depth, fast.Nodes, fast.PV)
	}
}
