// Package rating is Glicko-2 (Mark Glickman, "Example of the Glicko-2
// system", 2022 revision of the 2001 paper) and the speed classes games are
// rated in. Like lichess, every game is a rating period of its own: a
// player's rating changes at the end of each rated game against the
// opponent's rating as it stood when the game ended. The package is pure:
// no clock, no storage, no global mutable state.
package rating

import (
	"errors"
	"fmt"
	"math"
)

// The Glicko-2 scale: ratings are stored on the Glicko scale (1500 ± 350)
// and converted by glickoScale for the computation (step 2 of the paper).
const glickoScale = 173.7178

// Start is a new player's rating.
var Start = Rating{Rating: 1500, RD: 350, Volatility: 0.06}

// ProvisionalRD: a rating whose deviation is above this is provisional
// (shown with a "?", kept off the leaderboards), as lichess marks it.
const ProvisionalRD = 110

// Params are the system's constants.
type Params struct {
	// Tau constrains the change in volatility over time (the paper
	// suggests 0.3–1.2; smaller keeps volatility steadier).
	Tau float64
	// Epsilon is the convergence tolerance of the volatility iteration.
	Epsilon float64
	// MinRD and MaxRD bound the deviation after an update: a deviation
	// that shrank to nothing would freeze a rating, one that grew without
	// bound would make a single game swing it by hundreds.
	MinRD, MaxRD float64
	// MaxVolatility bounds the volatility (lichess: 0.1), so that a
	// streak of surprising results cannot make a rating erratic for ever.
	MaxVolatility float64
	// PeriodsPerDay is how many rating periods without games a day away
	// counts for (Idle): lichess's 0.21436, so that a rating left a year
	// is uncertain again (RD 45 grows back to about 100).
	PeriodsPerDay float64
}

// Default are the constants ratings use: τ = 0.75 as lichess, deviation
// between 45 and 350.
var Default = Params{Tau: 0.75, Epsilon: 0.000001, MinRD: 45, MaxRD: 350, MaxVolatility: 0.1, PeriodsPerDay: 0.21436}

// Rating is a player's Glicko-2 rating on the Glicko scale.
type Rating struct {
	Rating     float64 // r, 1500 at the start
	RD         float64 // the rating deviation
	Volatility float64 // σ
}

// Provisional reports whether the rating is not yet established.
func (r Rating) Provisional() bool { return r.RD > ProvisionalRD }

// Result is one game of a rating period: the opponent's rating before it
// and the score (1 win, 0.5 draw, 0 loss).
type Result struct {
	Opponent Rating
	Score    float64
}

// Scores.
const (
	Loss = 0.0
	Draw = 0.5
	Win  = 1.0
)

// Validate checks a rating's figures.
func (r Rating) Validate() error {
	switch {
	case math.IsNaN(r.Rating) || math.IsInf(r.Rating, 0):
		return fmt.Errorf("rating %v is not a number", r.Rating)
	case !(r.RD > 0) || math.IsInf(r.RD, 0):
		return fmt.Errorf("rating deviation %v is not positive", r.RD)
	case !(r.Volatility > 0) || math.IsInf(r.Volatility, 0):
		return fmt.Errorf("volatility %v is not positive", r.Volatility)
	}
	return nil
}

// Update is the player's rating after a rating period with these games
// (steps 2–8 of the paper). With no games only the deviation grows (step
// 6). The deviation and the volatility are then bounded as p says (a zero
// bound is no bound).
func (p Params) Update(player Rating, games []Result) (Rating, error) {
	if err := player.Validate(); err != nil {
		return player, fmt.Errorf("the player's %w", err)
	}
	for i, g := range games {
		if err := g.Opponent.Validate(); err != nil {
			return player, fmt.Errorf("game %d: the opponent's %w", i+1, err)
		}
		if g.Score != Loss && g.Score != Draw && g.Score != Win {
			return player, fmt.Errorf("game %d: score %v is not 0, 0.5 or 1", i+1, g.Score)
		}
	}
	if !(p.Tau > 0) || !(p.Epsilon > 0) {
		return player, errors.New("rating: tau and epsilon must be positive")
	}
	mu := (player.Rating - 1500) / glickoScale
	phi := player.RD / glickoScale
	sigma := player.Volatility
	if len(games) == 0 {
		next := Rating{Rating: player.Rating, RD: math.Sqrt(phi*phi+sigma*sigma) * glickoScale, Volatility: sigma}
		return p.bound(next), nil
	}
	// Step 3 and 4: the estimated variance v and the improvement Δ.
	var vInv, sum float64
	for _, g := range games {
		muJ := (g.Opponent.Rating - 1500) / glickoScale
		gPhi := gOf(g.Opponent.RD / glickoScale)
		e := expected(mu, muJ, gPhi)
		vInv += gPhi * gPhi * e * (1 - e)
		sum += gPhi * (g.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility.
	sigma2, err := p.volatility(phi, sigma, v, delta)
	if err != nil {
		return player, err
	}
	// Steps 6 and 7.
	phiStar := math.Sqrt(phi*phi + sigma2*sigma2)
	phi2 := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu2 := mu + phi2*phi2*sum
	// Step 8.
	next := Rating{Rating: mu2*glickoScale + 1500, RD: phi2 * glickoScale, Volatility: sigma2}
	return p.bound(next), nil
}

func (p Params) bound(r Rating) Rating {
	if p.MinRD > 0 && r.RD < p.MinRD {
		r.RD = p.MinRD
	}
	if p.MaxRD > 0 && r.RD > p.MaxRD {
		r.RD = p.MaxRD
	}
	if p.MaxVolatility > 0 && r.Volatility > p.MaxVolatility {
		r.Volatility = p.MaxVolatility
	}
	return r
}

func gOf(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expected(mu, muJ, gPhi float64) float64 { return 1 / (1 + math.Exp(-gPhi*(mu-muJ))) }

// maxIterations bounds the volatility iteration; the Illinois method
// converges in a handful of steps, so reaching it means the input was
// degenerate.
const maxIterations = 100

// volatility is step 5: the Illinois algorithm (a regula falsi) for the
// root of f, starting from the bracket the paper gives.
func (p Params) volatility(phi, sigma, v, delta float64) (float64, error) {
	a := math.Log(sigma * sigma)
	tau2 := p.Tau * p.Tau
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/tau2
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*p.Tau) < 0 {
			k++
			if k > maxIterations {
				return 0, errors.New("rating: no bracket for the volatility")
			}
		}
		B = a - k*p.Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > p.Epsilon; i++ {
		if i == maxIterations {
			return 0, errors.New("rating: the volatility iteration did not converge")
		}
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2), nil
}

// Game is the update of both players of one game: each is rated against
// the other's rating before the game. score is White's (1, 0.5 or 0).
func (p Params) Game(white, black Rating, score float64) (Rating, Rating, error) {
	w, err := p.Update(white, []Result{{Opponent: black, Score: score}})
	if err != nil {
		return white, black, fmt.Errorf("rating White: %w", err)
	}
	b, err := p.Update(black, []Result{{Opponent: white, Score: 1 - score}})
	if err != nil {
		return white, black, fmt.Errorf("rating Black: %w", err)
	}
	return w, b, nil
}

// Idle is a rating after days without a rated game: its deviation widened
// as by days × PeriodsPerDay periods without games (step 6 of the paper,
// φ' = √(φ² + t·σ²)), within MaxRD. The rating and volatility stay.
func (p Params) Idle(r Rating, days float64) Rating {
	if !(days > 0) || !(p.PeriodsPerDay > 0) {
		return r
	}
	phi := r.RD / glickoScale
	t := days * p.PeriodsPerDay
	r.RD = math.Sqrt(phi*phi+t*r.Volatility*r.Volatility) * glickoScale
	return p.bound(r)
}
