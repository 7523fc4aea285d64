package ai

import (
	"context"
	"testing"

	"bashni/rules"
)

// TestNewcomerOverlooksLongChains: with a three-jump capture and a one-jump
// capture to choose from, levels 1 and 2 sometimes take the single man
// (they notice routes longer than two jumps only half the time); level 3,
// the first that searches, always takes three.
func TestNewcomerOverlooksLongChains(t *testing.T) {
	// a3:c5:e7:g5 takes b4, d6 and f6; h2:f4 takes g3 only.
	p := mustFEN(t, rules.Bashni, "W:Wa3,h2,c1:Bb4,d6,f6,g3,h8")
	moves := p.LegalMoves(nil)
	if len(moves) != 2 {
		t.Fatalf("test position has %d moves, want the two captures: %v", len(moves), moves)
	}
	const tries = 100
	var long [4]int
	for seed := uint64(0); seed < tries; seed++ {
		for level := 1; level <= 3; level++ {
			e := NewEngine(Options{Seed: seed, HashMiB: 1})
			m := e.ChooseMove(context.Background(), []*rules.Position{p}, level)
			if m.IsZero() || !m.IsCapture() {
				t.Fatalf("level %d played %v", level, m)
			}
			if m.CaptureCount() == 3 {
				long[level]++
			}
		}
	}
	t.Logf("the three-jump capture taken: level 1 %d/%d, level 2 %d/%d, level 3 %d/%d", long[1], tries, long[2], tries, long[3], tries)
	if long[3] != tries {
		t.Errorf("level 3 took the three-jump capture only %d times of %d", long[3], tries)
	}
	for level := 1; level <= 2; level++ {
		if long[level] < tries/5 || long[level] > tries*4/5 {
			t.Errorf("level %d took the three-jump capture %d times of %d, want about half", level, long[level], tries)
		}
	}
}

// TestGlanceSeesShortAnswersOnly: the glance follows the opponent's
// captures of up to Hops jumps and overlooks longer ones.
func TestGlanceSeesShortAnswersOnly(t *testing.T) {
	// Black to move must play b6:d4:f2:h4, three jumps, winning three men.
	p := mustFEN(t, rules.Bashni, "B:Wc5,e3,g3,a1,c1,e1,g1:Bb6,a7,c7,b8,d8,f8,h8")
	if ms := p.LegalMoves(nil); len(ms) != 1 || ms[0].CaptureCount() != 3 {
		t.Fatalf("test position: moves %v, want the one three-jump capture", ms)
	}
	e := NewEngine(Options{})
	ev := newEvaluator(rules.Bashni, e.weights[rules.Bashni])
	static := ev.eval(p)
	for _, c := range []struct {
		hops     int
		overlook bool
	}{{1, true}, {2, true}, {3, false}, {4, false}} {
		g := glancer{e: e, gl: Glance{Hops: c.hops, Sight: 2}, ev: ev, pos: *p}
		got := g.captures(2)
		if c.overlook && got != static {
			t.Errorf("hops %d: score %d, want the static %d (the capture overlooked)", c.hops, got, static)
		}
		if !c.overlook && got < static+50 {
			t.Errorf("hops %d: score %d, want well above the static %d (three men taken)", c.hops, got, static)
		}
		if g.pos != *p {
			t.Errorf("hops %d: the glance changed the position", c.hops)
		}
	}
}

// choicePosition is a position met in play with the reference scores of its
// moves (a search of a given depth with full quiescence, every move scored
// exactly).
type choicePosition struct {
	history []*rules.Position
	moves   []rules.Move
	scores  []int
	best    int
}

// choicePositions collects positions from games of level 1 against level 3
// (so that both sides' kinds of positions occur) in which want holds, with
// reference scores of a search to depth. It stops at n positions.
func choicePositions(t *testing.T, n, depth, spread int, want func(p *rules.Position, moves []rules.Move) bool) []choicePosition {
	t.Helper()
	ref := NewEngine(Options{Seed: 1, HashMiB: 8})
	var out []choicePosition
	for game := uint64(0); len(out) < n && game < 200; game++ {
		players := [2]player{levelPlayer(100+game, 1, Limits{}), levelPlayer(200+game, 3, Limits{})}
		g := rules.NewGame(rules.Bashni)
		for g.Ply() < 200 && !g.Outcome().Over() && len(out) < n {
			p := g.Position()
			if moves := p.LegalMoves(nil); want(p, moves) {
				o := ref.search(context.Background(), g.History(), Limits{Depth: depth}, inf, 0, nil)
				c := choicePosition{history: g.History(), best: -inf}
				for _, rm := range o.root {
					c.moves = append(c.moves, rm.move)
					c.scores = append(c.scores, rm.score)
					c.best = max(c.best, rm.score)
				}
				// Only positions where the moves differ by spread or more
				// and no side is already won or lost.
				if c.best-min(c.scores[0], c.scores[len(c.scores)-1]) >= spread && c.best < winBound && c.best > -winBound {
					out = append(out, c)
				}
			}
			if err := g.Play(players[(g.Ply()+int(game))%2].move(g)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(out) < n {
		t.Fatalf("found only %d positions, want %d", len(out), n)
	}
	return out
}

// scoreOf returns the reference score of m in c.
func (c *choicePosition) scoreOf(t *testing.T, m rules.Move) int {
	t.Helper()
	for i, cm := range c.moves {
		if cm.String() == m.String() {
			return c.scores[i]
		}
	}
	t.Fatalf("move %v is not among the legal moves %v", m, c.moves)
	return 0
}

// rates returns how often level plays a move whose reference score passes
// ok, and how often a uniformly random mover would (the mean share of such
// moves).
func rates(t *testing.T, ps []choicePosition, level int, ok func(c *choicePosition, score int) bool) (levelRate, randomRate float64) {
	t.Helper()
	e := NewEngine(Options{Seed: 7, HashMiB: 8})
	hits, share := 0, 0.0
	for i := range ps {
		c := &ps[i]
		m := e.ChooseMove(context.Background(), c.history, level)
		if ok(c, c.scoreOf(t, m)) {
			hits++
		}
		n := 0
		for _, s := range c.scores {
			if ok(c, s) {
				n++
			}
		}
		share += float64(n) / float64(len(c.scores))
	}
	return float64(hits) / float64(len(ps)), share / float64(len(ps))
}

// TestNewcomerCharacter measures level 1 over positions met in play against
// level 3, the first level that searches (level 2 glances as level 1 does,
// a little more carefully): where
// several captures are compulsory and they differ by a man or more, it picks
// the best (within 30 cp of a reference search) less often than level 3
// but more often than chance; where it has no capture, it leaves something
// hanging (a move scoring a man or more below the best) more often than
// level 3, yet clearly less often than chance. (Bashni is full of shots: a
// depth-4 reference finds a man lost after half of all moves, and after
// about a sixth of level 3's.)
func TestNewcomerCharacter(t *testing.T) {
	if testing.Short() {
		t.Skip("character statistics are skipped in -short mode")
	}
	captures := choicePositions(t, 150, 4, 100, func(_ *rules.Position, ms []rules.Move) bool {
		return len(ms) >= 2 && ms[0].IsCapture()
	})
	bestCapture := func(c *choicePosition, s int) bool { return s >= c.best-30 }
	new1, chance := rates(t, captures, 1, bestCapture)
	level3, _ := rates(t, captures, 3, bestCapture)
	t.Logf("best of several captures: level 1 %.0f %%, level 3 %.0f %%, chance %.0f %% (%d positions)", 100*new1, 100*level3, 100*chance, len(captures))
	if new1 >= level3 || new1 <= chance+0.1 {
		t.Errorf("level 1 took the best capture %.0f %% of the time: want less than level 3 (%.0f %%) and clearly more than chance (%.0f %%)", 100*new1, 100*level3, 100*chance)
	}

	quiet := choicePositions(t, 300, 4, 0, func(_ *rules.Position, ms []rules.Move) bool {
		return len(ms) >= 2 && !ms[0].IsCapture()
	})
	hangs := func(c *choicePosition, s int) bool { return s <= c.best-100 }
	new1, chance = rates(t, quiet, 1, hangs)
	level3, _ = rates(t, quiet, 3, hangs)
	t.Logf("quiet moves a man or more worse than the best: level 1 %.0f %%, level 3 %.0f %%, chance %.0f %% (%d positions)", 100*new1, 100*level3, 100*chance, len(quiet))
	if new1 <= level3 || new1 >= chance-0.1 {
		t.Errorf("level 1 played a move a man worse %.0f %% of the time: want more than level 3 (%.0f %%) and clearly less than chance (%.0f %%)", 100*new1, 100*level3, 100*chance)
	}
}

// TestNewcomerBeatsRandomMover: level 1 plays real moves: it beats a
// uniformly random mover clearly (the in-process match; the documented one
// is in TUNING.md) and every move it plays is legal (playerMatch checks).
func TestNewcomerBeatsRandomMover(t *testing.T) {
	const games = 40
	w, d, l := playerMatch(t, rules.Bashni, randomPlayer(3), levelPlayer(4, 1, Limits{}), games, 5)
	score := float64(w) + float64(d)/2
	t.Logf("level 1 vs random mover: +%d =%d -%d", w, d, l)
	if score < 0.75*games {
		t.Errorf("level 1 scored only %.1f/%d against a random mover", score, games)
	}
	w, d, l = playerMatch(t, rules.Lasca, randomPlayer(6), levelPlayer(7, 1, Limits{}), games, 8)
	t.Logf("Lasca, level 1 vs random mover: +%d =%d -%d", w, d, l)
	if score := float64(w) + float64(d)/2; score < 0.75*games {
		t.Errorf("Lasca: level 1 scored only %.1f/%d against a random mover", score, games)
	}
}

// TestNewcomerIsDeterministic: the same seed and the same positions give
// the same moves.
func TestNewcomerIsDeterministic(t *testing.T) {
	play := func() []rules.Move {
		a, b := levelPlayer(11, 1, Limits{}), levelPlayer(12, 1, Limits{})
		g := rules.NewGame(rules.Bashni)
		for g.Ply() < 120 && !g.Outcome().Over() {
			p := a
			if g.Position().SideToMove() == rules.Black {
				p = b
			}
			if err := g.Play(p.move(g)); err != nil {
				t.Fatal(err)
			}
		}
		return g.Moves()
	}
	first, second := play(), play()
	if len(first) != len(second) {
		t.Fatalf("games of %d and %d plies", len(first), len(second))
	}
	for i := range first {
		if first[i].String() != second[i].String() {
			t.Fatalf("ply %d: %v, then %v", i+1, first[i], second[i])
		}
	}
}

// TestNewcomerGameOver: level 1 returns the zero move when the game is over,
// like the other levels.
func TestNewcomerGameOver(t *testing.T) {
	p := mustFEN(t, rules.Bashni, "W:Wa1:Bb2,c3")
	if p.HasLegalMove() {
		t.Fatal("test position: White should have no move")
	}
	e := NewEngine(Options{})
	if m := e.ChooseMove(context.Background(), []*rules.Position{p}, 1); !m.IsZero() {
		t.Errorf("level 1 played %v in a lost position", m)
	}
}
