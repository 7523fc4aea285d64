package puzzles

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
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

// The collection's size and shape (issue 21): enough puzzles, every theme
// on at least minTheme puzzles of the variant's file and on no more than
// half of them, few positions where only two moves are legal.
var shippedWant = []struct {
	v        rules.Variant
	min      int
	minTheme map[Theme]int
}{
	{rules.Bashni, 600, map[Theme]int{WinColumn: 20, FreePrisoners: 20, TurkishStrike: 20, PromotionCapture: 20, KingShot: 20, Blockade: 20, Sacrifice: 20}},
	{rules.Lasca, 200, map[Theme]int{FreePrisoners: 20, TurkishStrike: 20, PromotionCapture: 20, KingShot: 20, Blockade: 20, Sacrifice: 20}},
}

// MaxTwoMoveShare is the largest share of puzzles whose position has only
// two legal moves.
const maxTwoMoveShare = 0.10

// TestShipped: the embedded collections are big enough, sorted by rating,
// every theme has puzzles and none is on most, few start with two legal
// moves; every puzzle is well formed (Load has replayed every move), goes
// on to the point of its combination, and is rated from its features.
func TestShipped(t *testing.T) {
	for _, tc := range shippedWant {
		s := loadSet(t, tc.v)
		if s.Len() < tc.min {
			t.Errorf("%v: %d puzzles, want at least %d", tc.v, s.Len(), tc.min)
		}
		themes := map[Theme]int{}
		tiers := map[Tier]int{}
		two := 0
		for i, p := range s.All() {
			if i > 0 && p.Rating < s.All()[i-1].Rating {
				t.Fatalf("%v: not sorted by rating at %s", tc.v, p.ID)
			}
			if p.Variant() != tc.v || p.Player() != p.Start().SideToMove() || len(p.Solution())%2 != 1 {
				t.Fatalf("%v: puzzle %s badly formed", tc.v, p.ID)
			}
			if p.Margin < Margin || p.Eval < MinEval || p.Gain < 2 && p.End().HasLegalMove() {
				t.Errorf("%v: puzzle %s: margin %d, eval %d, gain %d", tc.v, p.ID, p.Margin, p.Eval, p.Gain)
			}
			if Unfinished(p.End()) {
				t.Errorf("%v: puzzle %s ends while the opponent must capture and the player captures again after any capture", tc.v, p.ID)
			}
			if r := RatingOf(p.Start(), p.Solution()); r != p.Rating {
				t.Errorf("%v: puzzle %s rated %d, its features give %d", tc.v, p.ID, p.Rating, r)
			}
			if len(p.Start().LegalMoves(nil)) < 2 {
				t.Errorf("%v: puzzle %s has no choice", tc.v, p.ID)
			}
			if len(p.Start().LegalMoves(nil)) == 2 {
				two++
			}
			if s.ByID(p.ID) != p {
				t.Errorf("%v: ByID(%s) finds another puzzle", tc.v, p.ID)
			}
			for _, th := range p.Themes {
				themes[th]++
			}
			tiers[p.Tier()]++
		}
		for _, th := range AllThemes {
			if themes[th] < tc.minTheme[th] {
				t.Errorf("%v: theme %s on %d puzzles, want at least %d", tc.v, th, themes[th], tc.minTheme[th])
			}
			if 2*themes[th] > s.Len() {
				t.Errorf("%v: theme %s on %d of %d puzzles: most of them", tc.v, th, themes[th], s.Len())
			}
		}
		if float64(two) > maxTwoMoveShare*float64(s.Len()) {
			t.Errorf("%v: %d of %d puzzles start with only two legal moves", tc.v, two, s.Len())
		}
		if tiers[Beginner] < s.Len()/4 {
			t.Errorf("%v: %d beginner puzzles of %d", tc.v, tiers[Beginner], s.Len())
		}
		t.Logf("%v: %d puzzles; themes %v; tiers %v; %d with two legal moves", tc.v, s.Len(), themes, tiers, two)
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

// TestNext: the next puzzle is unseen and the nearest to the player's
// rating, follows the filter, and the collection starts over once all are
// seen.
func TestNext(t *testing.T) {
	s := loadSet(t, rules.Lasca)
	var pr Progress
	st := pr.For(rules.Lasca)
	first := s.Next(st, Filter{})
	for _, p := range s.All() {
		if math.Abs(float64(p.Rating)-st.Rating.R-Stretch) < math.Abs(float64(first.Rating)-st.Rating.R-Stretch) {
			t.Fatalf("%s (%d) is nearer to %0.f than %s (%d)", p.ID, p.Rating, st.Rating.R, first.ID, first.Rating)
		}
	}
	st.Record(first, true)
	if next := s.Next(st, Filter{}); next == first {
		t.Fatal("the puzzle just played is offered again")
	}
	for _, f := range []Filter{{Tier: Beginner}, {Theme: Sacrifice}, {Tier: Intermediate, Theme: FreePrisoners}} {
		for i := 0; i < s.Count(f)+1; i++ {
			p := s.Next(st, f)
			if p == nil || f.Tier != 0 && p.Tier() != f.Tier || f.Theme != "" && !p.HasTheme(f.Theme) {
				t.Fatalf("filter %v gave %v", f, p)
			}
			st.Record(p, false)
		}
	}
	if th := (Filter{Theme: "no-such-theme"}); s.Next(st, th) != nil {
		t.Error("an unknown theme matched")
	}
}

// TestNewPlayerStarts: a new player's rating starts at the top of the
// easiest third of the set (also a record saved with the old start of
// 1500), so the first puzzle offered is among the easiest third.
func TestNewPlayerStarts(t *testing.T) {
	for _, v := range rules.Variants {
		s := loadSet(t, v)
		all := s.All()
		third := all[(len(all)-1)/3].Rating
		if got := s.StartRating(); got != float64(third) {
			t.Errorf("%v: start rating %.0f, want %d", v, got, third)
		}
		var pr Progress
		if r := pr.For(v).Rating.R; r != float64(third) {
			t.Errorf("%v: a new record starts at %.0f, want %d", v, r, third)
		}
		old := &Stats{Rating: NewRating()}
		for _, st := range []*Stats{pr.For(v), old} {
			p := s.Next(st, Filter{})
			if p.Rating > third+Stretch+100 {
				t.Errorf("%v: the first puzzle offered is rated %d; the easiest third ends at %d", v, p.Rating, third)
			}
		}
	}
}

// TestNextKeepsNearLevel: a player who solves every puzzle rated up to
// their skill and fails the others is, after thirty puzzles, rated near
// that skill and offered puzzles near it.
func TestNextKeepsNearLevel(t *testing.T) {
	s := loadSet(t, rules.Bashni)
	all := s.All()
	for _, skill := range []int{all[len(all)/4].Rating, all[len(all)/2].Rating, all[len(all)*3/4].Rating} {
		var pr Progress
		st := pr.For(rules.Bashni)
		var offered []int
		for i := 0; i < 30; i++ {
			p := s.Next(st, Filter{})
			offered = append(offered, p.Rating)
			st.Record(p, p.Rating <= skill)
		}
		if d := math.Abs(st.Rating.R - float64(skill)); d > 200 {
			t.Errorf("skill %d: rated %.0f after 30 puzzles", skill, st.Rating.R)
		}
		for _, r := range offered[20:] {
			if math.Abs(float64(r-skill)) > 250 {
				t.Errorf("skill %d: offered a puzzle rated %d late on (%v)", skill, r, offered)
				break
			}
		}
	}
}

// TestShippedPassedTheDeepCheck: every shipped puzzle has passed the deep
// uniqueness check (every legal first move searched on its own, 4,000,000
// nodes each: `bashni-puzzles verify`, too slow for the suite), as its
// results in data/found/verify-*.txt record, and none has failed it. A
// build that lets in a puzzle not checked, or one that failed, fails here.
func TestShippedPassedTheDeepCheck(t *testing.T) {
	files, err := filepath.Glob("data/found/verify-*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no deep check results in data/found: %v", err)
	}
	ok, failed := map[string]bool{}, map[string]string{}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			switch f := strings.Fields(line); {
			case len(f) >= 2 && f[0] == "ok":
				ok[f[1]] = true
			case len(f) >= 2 && f[0] == "FAIL":
				failed[f[1]] = filepath.Base(name) + ": " + line
			}
		}
	}
	for _, v := range []rules.Variant{rules.Bashni, rules.Lasca} {
		for _, pz := range loadSet(t, v).All() {
			if why, bad := failed[pz.ID]; bad {
				t.Errorf("%v puzzle %s failed the deep check (%s)", v, pz.ID, why)
			} else if !ok[pz.ID] {
				t.Errorf("%v puzzle %s is not in the deep check's results", v, pz.ID)
			}
		}
	}
}
