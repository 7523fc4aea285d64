package rating

import (
	"math"
	"testing"

	"bashni/online/protocol"
)

// The paper's worked example (Glickman, "Example of the Glicko-2
// system"): τ = 0.5, a 1500/200/0.06 player meets three opponents.
func TestGlickmanExample(t *testing.T) {
	p := Params{Tau: 0.5, Epsilon: 0.000001}
	got, err := p.Update(Rating{1500, 200, 0.06}, []Result{
		{Rating{1400, 30, 0.06}, Win},
		{Rating{1550, 100, 0.06}, Loss},
		{Rating{1700, 300, 0.06}, Loss},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		got, want float64
		tol       float64
	}{
		{"rating", got.Rating, 1464.06, 0.01},
		{"RD", got.RD, 151.52, 0.01},
		{"volatility", got.Volatility, 0.05999, 0.00001},
	} {
		if math.Abs(c.got-c.want) > c.tol {
			t.Errorf("%s = %.5f, want %.5f ± %g", c.name, c.got, c.want, c.tol)
		}
	}
}

func TestInvariants(t *testing.T) {
	p := Default
	a := Rating{1600, 120, 0.06}
	b := Rating{1500, 80, 0.06}
	cases := []struct {
		name  string
		score float64
		check func(t *testing.T, w, b2 Rating)
	}{
		{"win", Win, func(t *testing.T, w, b2 Rating) {
			if !(w.Rating > a.Rating && b2.Rating < b.Rating) {
				t.Errorf("the winner must gain and the loser lose: %v %v", w, b2)
			}
		}},
		{"loss", Loss, func(t *testing.T, w, b2 Rating) {
			if !(w.Rating < a.Rating && b2.Rating > b.Rating) {
				t.Errorf("the loser must lose and the winner gain: %v %v", w, b2)
			}
			// The favourite losing moves more than the favourite winning.
			ww, _, _ := p.Game(a, b, Win)
			if a.Rating-w.Rating <= ww.Rating-a.Rating {
				t.Errorf("an upset (−%.1f) should move the favourite more than a win (+%.1f)", a.Rating-w.Rating, ww.Rating-a.Rating)
			}
		}},
		{"draw", Draw, func(t *testing.T, w, b2 Rating) {
			if !(w.Rating < a.Rating && b2.Rating > b.Rating) {
				t.Errorf("a draw with a weaker player costs the favourite: %v %v", w, b2)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, b2, err := p.Game(a, b, c.score)
			if err != nil {
				t.Fatal(err)
			}
			if w.RD >= a.RD || b2.RD >= b.RD {
				t.Errorf("a game must lower the deviations: %v→%v, %v→%v", a.RD, w.RD, b.RD, b2.RD)
			}
			c.check(t, w, b2)
		})
	}
	// Equal players drawing keep their ratings; winning and losing are
	// mirror images.
	w, l, err := p.Game(Start, Start, Win)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs((w.Rating-1500)-(1500-l.Rating)) > 1e-6 || w.RD != l.RD {
		t.Errorf("equal players: %v and %v are not mirror images", w, l)
	}
	d1, d2, _ := p.Game(Start, Start, Draw)
	if math.Abs(d1.Rating-1500) > 1e-9 || math.Abs(d2.Rating-1500) > 1e-9 {
		t.Errorf("equal players drawing moved: %v %v", d1, d2)
	}
	if !Start.Provisional() || (Rating{1500, 100, 0.06}).Provisional() {
		t.Error("provisional must mean RD > 110")
	}
}

// A rating period without games only widens the deviation, within the
// bound.
func TestNoGamesAndBounds(t *testing.T) {
	r, err := Default.Update(Rating{1700, 60, 0.06}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Rating != 1700 || r.RD <= 60 {
		t.Errorf("no games: %v", r)
	}
	r, _ = Default.Update(Rating{1700, 349.99, 0.06}, nil)
	if r.RD != 350 {
		t.Errorf("RD above the bound: %v", r.RD)
	}
	// A game never pushes RD below the floor.
	floor := Default
	floor.MinRD = 100
	if x, _, _ := floor.Game(Rating{1500, 101, 0.06}, Rating{1500, 45, 0.06}, Draw); x.RD != 100 {
		t.Errorf("RD after a game from 101: %v, want the floor 100", x.RD)
	}
	x := Start
	for range 500 {
		x, _, _ = Default.Game(x, Rating{1500, 45, 0.06}, Draw)
	}
	if x.RD < Default.MinRD || x.Provisional() {
		t.Errorf("RD after 500 games: %v, want established and at least %v", x.RD, Default.MinRD)
	}
}

func TestBadInput(t *testing.T) {
	for _, c := range []struct {
		name   string
		player Rating
		games  []Result
	}{
		{"NaN rating", Rating{math.NaN(), 100, 0.06}, nil},
		{"zero RD", Rating{1500, 0, 0.06}, nil},
		{"negative volatility", Rating{1500, 100, -1}, nil},
		{"bad opponent", Start, []Result{{Rating{1500, math.Inf(1), 0.06}, Win}}},
		{"bad score", Start, []Result{{Start, 0.7}}},
	} {
		if _, err := Default.Update(c.player, c.games); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
}

func TestSpeedOf(t *testing.T) {
	for _, c := range []struct {
		clock protocol.Clock
		want  Speed
		rated bool
	}{
		{protocol.Untimed, "", false},
		{protocol.Clock{Kind: protocol.ClockLive, Initial: 60}, Bullet, true},
		{protocol.Clock{Kind: protocol.ClockLive, Initial: 120, Increment: 1}, Bullet, true}, // 160 s
		{protocol.Clock{Kind: protocol.ClockLive, Initial: 180, Increment: 2}, Blitz, true},  // 3+2: 260 s
		{protocol.Blitz5, Blitz, true},                                                       // 5+3: 420 s
		{protocol.Clock{Kind: protocol.ClockLive, Initial: 480}, Rapid, true},
		{protocol.Rapid10, Rapid, true},                                                      // 10+5: 800 s
		{protocol.Clock{Kind: protocol.ClockLive, Initial: 900, Increment: 10}, Rapid, true}, // 1300 s
		{protocol.Clock{Kind: protocol.ClockLive, Initial: 1500}, Classical, true},
		{protocol.Clock{Kind: protocol.ClockCorrespondence, Days: 3}, Correspondence, true},
	} {
		got, ok := SpeedOf(c.clock)
		if got != c.want || ok != c.rated {
			t.Errorf("%+v: %q %v, want %q %v", c.clock, got, ok, c.want, c.rated)
		}
	}
	for _, s := range Speeds {
		if got, err := ParseSpeed(string(s)); err != nil || got != s {
			t.Errorf("ParseSpeed(%q) = %q, %v", s, got, err)
		}
	}
	if _, err := ParseSpeed("lightning"); err == nil {
		t.Error("ParseSpeed accepted lightning")
	}
}

// A rating left alone grows uncertain again, never past the bound.
func TestIdle(t *testing.T) {
	r := Rating{1800, 45, 0.06}
	if got := Default.Idle(r, 0); got != r {
		t.Errorf("no time away changed %v to %v", r, got)
	}
	prev := r
	for _, days := range []float64{1, 30, 365} {
		got := Default.Idle(r, days)
		if got.Rating != r.Rating || got.Volatility != r.Volatility || got.RD <= prev.RD {
			t.Errorf("%v days: %v (before %v)", days, got, prev)
		}
		prev = got
	}
	if year := Default.Idle(r, 365); year.RD < 90 || year.RD > 115 {
		t.Errorf("a year away: RD %.1f, want about 100", year.RD)
	}
	if long := Default.Idle(r, 1e6); long.RD != Default.MaxRD {
		t.Errorf("an age away: RD %v", long.RD)
	}
}
