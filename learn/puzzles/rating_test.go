package puzzles

import (
	"encoding/json"
	"math"
	"testing"

	"bashni/rules"
)

// TestGlickoExample is the worked example of Glickman's "Example of the
// Glicko-2 system": a player rated 1500 (RD 200, volatility 0.06) beats a
// 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300), with
// tau 0.5: 1464.06, RD 151.52, volatility 0.05999.
func TestGlickoExample(t *testing.T) {
	r := Rating{R: 1500, RD: 200, Vol: 0.06}
	got := r.Update([]Game{
		{Opponent: Rating{R: 1400, RD: 30}, Score: 1},
		{Opponent: Rating{R: 1550, RD: 100}, Score: 0},
		{Opponent: Rating{R: 1700, RD: 300}, Score: 0},
	})
	if math.Abs(got.R-1464.06) > 0.01 || math.Abs(got.RD-151.52) > 0.01 || math.Abs(got.Vol-0.05999) > 0.00001 {
		t.Fatalf("got %.2f RD %.2f vol %.5f, want 1464.06 RD 151.52 vol 0.05999", got.R, got.RD, got.Vol)
	}
}

func TestRatingMoves(t *testing.T) {
	r := NewRating()
	idle := r.Update(nil)
	if idle.R != r.R || idle.RD != 350 {
		t.Errorf("a period without games changed %v to %v", r, idle)
	}
	settled := Rating{R: 1500, RD: 60, Vol: 0.06}
	if idle := settled.Update(nil); idle.RD <= settled.RD || idle.R != settled.R {
		t.Errorf("an idle period should widen the deviation: %v to %v", settled, idle)
	}
	hard := Rating{R: 1900, RD: PuzzleRD}
	easy := Rating{R: 1100, RD: PuzzleRD}
	winHard := r.Update([]Game{{Opponent: hard, Score: 1}}).R - r.R
	winEasy := r.Update([]Game{{Opponent: easy, Score: 1}}).R - r.R
	loseEasy := r.Update([]Game{{Opponent: easy, Score: 0}}).R - r.R
	if !(winHard > winEasy && winEasy > 0 && loseEasy < 0) {
		t.Errorf("gains: beat hard %+.1f, beat easy %+.1f, lose to easy %+.1f", winHard, winEasy, loseEasy)
	}
	if e := r.Expected(easy); e < 0.8 || e > 1 {
		t.Errorf("expected score against a puzzle 400 below: %.2f", e)
	}
}

// TestStatsRecord: solves and failures update rating, counts and streaks,
// and the record survives JSON.
func TestStatsRecord(t *testing.T) {
	var p Progress
	s := p.For(rules.Bashni)
	set, err := Load(rules.Bashni)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Rating{R: set.StartRating(), RD: 350, Vol: 0.06}); s.Rating != want {
		t.Fatalf("a new record is rated %+v, want %+v", s.Rating, want)
	}
	if p.For(rules.Bashni) != s || p.For(rules.Lasca) == s {
		t.Fatal("For does not keep one record per variant")
	}
	pz := func(id string, rating int) *Puzzle { return &Puzzle{ID: id, Rating: rating} }
	steps := []struct {
		p      *Puzzle
		clean  bool
		streak int
		up     bool
	}{
		{pz("a", 1500), true, 1, true},
		{pz("b", 1500), true, 2, true},
		{pz("c", 1400), false, 0, false},
		{pz("a", 1500), true, 1, true},
	}
	for i, st := range steps {
		d := s.Record(st.p, st.clean)
		if (d > 0) != st.up || s.Streak != st.streak {
			t.Errorf("step %d: change %+.1f, streak %d; want up=%v streak %d", i, d, s.Streak, st.up, st.streak)
		}
	}
	if s.Played != 4 || s.Solved != 3 || s.BestStreak != 2 {
		t.Errorf("played %d solved %d best streak %d", s.Played, s.Solved, s.BestStreak)
	}
	if want := []string{"b", "c", "a"}; len(s.Seen) != 3 || s.Seen[0] != want[0] || s.Seen[2] != want[2] {
		t.Errorf("seen %v, want %v", s.Seen, want)
	}
	b, err := json.Marshal(&p)
	if err != nil {
		t.Fatal(err)
	}
	var back Progress
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if got := back.For(rules.Bashni); got.Rating != s.Rating || got.Streak != s.Streak || len(got.Seen) != 3 {
		t.Errorf("after JSON: %+v, want %+v", got, s)
	}
}
