package puzzles

import (
	"context"
	"math"
	"testing"
	"time"

	"bashni/ai"
	"bashni/rules"
)

func loadSet(t *testing.T, v rules.Variant) *Set {
	t.Helper()
	s, err := Load(v)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestShipped: the embedded collections are big enough, sorted by rating,
// spread over at least three tiers, and every puzzle is well formed (Load
// has replayed every move).
func TestShipped(t *testing.T) {
	for _, tc := range []struct {
		v        rules.Variant
		min      int
		perTier  int
		minTiers int
	}{{rules.Bashni, 150, 10, 3}, {rules.Lasca, 50, 5, 3}} {
		s := loadSet(t, tc.v)
		if s.Len() < tc.min {
			t.Errorf("%v: %d puzzles, want at least %d", tc.v, s.Len(), tc.min)
		}
		tiers := 0
		for _, tier := range Tiers {
			if n := s.Count(Filter{Tier: tier}); n >= tc.perTier {
				tiers++
			}
		}
		if tiers < tc.minTiers {
			t.Errorf("%v: only %d tiers with %d puzzles or more", tc.v, tiers, tc.perTier)
		}
		themes := map[Theme]int{}
		for i, p := range s.All() {
			if i > 0 && p.Rating < s.All()[i-1].Rating {
				t.Fatalf("%v: not sorted by rating at %s", tc.v, p.ID)
			}
			if p.Variant() != tc.v || p.Player() != p.Start().SideToMove() || len(p.Solution())%2 != 1 {
				t.Fatalf("%v: puzzle %s badly formed", tc.v, p.ID)
			}
			if p.PlayerMoves() > 4 || p.Margin < Margin || p.Eval < MinEval || p.Gain < 2 && p.Start().HasLegalMove() {
				t.Errorf("%v: puzzle %s: %d moves, margin %d, eval %d, gain %d", tc.v, p.ID, p.PlayerMoves(), p.Margin, p.Eval, p.Gain)
			}
			if s.ByID(p.ID) != p {
				t.Errorf("%v: ByID(%s) finds another puzzle", tc.v, p.ID)
			}
			for _, th := range p.Themes {
				themes[th]++
			}
		}
		t.Logf("%v: %d puzzles; themes %v", tc.v, s.Len(), themes)
	}
}

// TestQuickCheck re-verifies every shipped puzzle by search: a fresh engine
// at the puzzle's recorded depth finds the first move, clearly best. (The
// deep check: go run ./cmd/bashni-puzzles verify.)
func TestQuickCheck(t *testing.T) {
	e := ai.NewEngine(ai.Options{HashMiB: 16})
	for _, v := range rules.Variants {
		began := time.Now()
		s := loadSet(t, v)
		for _, p := range s.All() {
			if err := p.QuickCheck(context.Background(), e); err != nil {
				t.Error(err)
			}
		}
		t.Logf("%v: %d puzzles checked in %v", v, s.Len(), time.Since(began).Round(time.Millisecond))
	}
}

// TestSolveEveryPuzzle plays every puzzle's solution through TryPath, as a
// board would send it: right moves are answered along the line, the last
// solves it, and a solve without mistakes is clean.
func TestSolveEveryPuzzle(t *testing.T) {
	for _, v := range rules.Variants {
		for _, p := range loadSet(t, v).All() {
			a := p.Begin()
			if a.Position() != p.Start() || a.Done() {
				t.Fatalf("%s: attempt does not begin at the puzzle", p.ID)
			}
			sol := p.Solution()
			for i := 0; i < len(sol); i += 2 {
				got := a.TryPath(sol[i].Path())
				want := Right
				if i == len(sol)-1 {
					want = Solved
				}
				if got.Result != want || got.Move != sol[i] || (want == Right && got.Reply != sol[i+1]) {
					t.Fatalf("%s: move %d: %+v, want %v", p.ID, i+1, got, want)
				}
			}
			if !a.Done() || !a.Clean() || len(a.History()) != len(sol)+2 {
				t.Fatalf("%s: solved %v clean %v", p.ID, a.Done(), a.Clean())
			}
		}
	}
}

// TestWrongMove: a wrong move is counted and not played, refused tries
// say why, the refutation is a legal line that leaves the player worse off
// than the solution, and after a retry the puzzle can still be solved,
// though not cleanly.
func TestWrongMove(t *testing.T) {
	e := ai.NewEngine(ai.Options{HashMiB: 16})
	for _, v := range rules.Variants {
		all := loadSet(t, v).All()
		for _, p := range []*Puzzle{all[0], all[len(all)/2], all[len(all)-1]} {
			a := p.Begin()
			sol := p.Solution()
			var wrong rules.Move
			for _, m := range a.Position().LegalMoves(nil) {
				if m != sol[0] {
					wrong = m
					break
				}
			}
			before := a.Position()
			if got := a.Try(wrong); got.Result != Wrong || a.Position() != before || a.Mistakes() != 1 {
				t.Fatalf("%s: wrong move %v: %+v", p.ID, wrong, got)
			}
			if got := a.TryPath([]rules.Square{sol[0].From()}); got.Result != Refused {
				t.Errorf("%s: a bare selection was not refused: %+v", p.ID, got)
			}
			refutation, score := a.Refute(context.Background(), e, wrong, RefuteLimits)
			q := before.Play(wrong)
			for _, m := range refutation {
				ok := false
				for _, l := range q.LegalMoves(nil) {
					ok = ok || l == m
				}
				if !ok {
					t.Fatalf("%s: refutation %v illegal", p.ID, refutation)
				}
				q = q.Play(m)
			}
			if score > p.Eval-Margin/2 {
				t.Errorf("%s: after the wrong %v the player scores %d, the solution %d", p.ID, wrong, score, p.Eval)
			}
			for i := 0; i < len(sol); i += 2 {
				a.Try(sol[i])
			}
			if !a.Done() || a.Clean() {
				t.Errorf("%s: after a mistake: done %v clean %v", p.ID, a.Done(), a.Clean())
			}
		}
	}
}

// TestNext: the next puzzle is unseen and near the player's rating, follows
// the filter, and the collection starts over once all are seen.
func TestNext(t *testing.T) {
	s := loadSet(t, rules.Lasca)
	var pr Progress
	st := pr.For(rules.Lasca)
	first := s.Next(st, Filter{})
	for _, p := range s.All() {
		if math.Abs(float64(p.Rating)-st.Rating.R-50) < math.Abs(float64(first.Rating)-st.Rating.R-50) {
			t.Fatalf("%s (%d) is nearer to %0.f than %s (%d)", p.ID, p.Rating, st.Rating.R, first.ID, first.Rating)
		}
	}
	st.Record(first, true)
	if next := s.Next(st, Filter{}); next == first {
		t.Fatal("the puzzle just played is offered again")
	}
	f := Filter{Tier: Beginner}
	for i := 0; i < s.Count(f)+1; i++ {
		p := s.Next(st, f)
		if p == nil || p.Tier() != Beginner {
			t.Fatalf("filter %v gave %v", f, p)
		}
		st.Record(p, false)
	}
	if th := (Filter{Theme: "no-such-theme"}); s.Next(st, th) != nil {
		t.Error("an unknown theme matched")
	}
}
