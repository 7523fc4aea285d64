package puzzles

import "math"

// Rating is a Glicko-2 rating (Glickman, "Example of the Glicko-2 system",
// 2013) on the Glicko scale: R the rating, RD its deviation, Vol the
// volatility.
type Rating struct {
	R   float64 `json:"r"`
	RD  float64 `json:"rd"`
	Vol float64 `json:"vol"`
}

// NewRating is Glicko-2's rating of a new player: 1500 ± 350, volatility
// 0.06. A new puzzle player starts lower, at the set's StartRating
// (Set.NewStats, Progress.For).
func NewRating() Rating { return Rating{R: 1500, RD: 350, Vol: 0.06} }

// PuzzleRD is the deviation given to a puzzle's rating when a player's
// rating is updated against it: puzzle ratings are estimates.
const PuzzleRD = 80

// tau constrains the change of volatility (Glickman suggests 0.3–1.2).
const tau = 0.5

// glicko2Scale converts between the Glicko and Glicko-2 scales.
const glicko2Scale = 173.7178

// Game is one result against an opponent: Score 1 for a win, 0 for a loss,
// 0.5 for a draw.
type Game struct {
	Opponent Rating
	Score    float64
}

// Update returns the rating after one rating period with the given games
// (Glicko-2, steps 1 to 8). With no games only the deviation grows.
func (r Rating) Update(games []Game) Rating {
	mu := (r.R - 1500) / glicko2Scale
	phi := r.RD / glicko2Scale
	if len(games) == 0 {
		phi = math.Sqrt(phi*phi + r.Vol*r.Vol)
		return Rating{R: r.R, RD: math.Min(phi*glicko2Scale, 350), Vol: r.Vol}
	}
	var vInv, sum float64
	for _, g := range games {
		muJ := (g.Opponent.R - 1500) / glicko2Scale
		phiJ := g.Opponent.RD / glicko2Scale
		gPhi := 1 / math.Sqrt(1+3*phiJ*phiJ/(math.Pi*math.Pi))
		e := 1 / (1 + math.Exp(-gPhi*(mu-muJ)))
		vInv += gPhi * gPhi * e * (1 - e)
		sum += gPhi * (g.Score - e)
	}
	v := 1 / vInv
	delta := v * sum

	// Step 5: the new volatility, by the Illinois algorithm.
	a := math.Log(r.Vol * r.Vol)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	const eps = 1e-6
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > eps && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	vol := math.Exp(A / 2)

	phiStar := math.Sqrt(phi*phi + vol*vol)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Rating{R: muNew*glicko2Scale + 1500, RD: math.Min(phiNew*glicko2Scale, 350), Vol: vol}
}

// Expected is the expected score of r against an opponent rated o.
func (r Rating) Expected(o Rating) float64 {
	mu, muJ := (r.R-1500)/glicko2Scale, (o.R-1500)/glicko2Scale
	phiJ := o.RD / glicko2Scale
	gPhi := 1 / math.Sqrt(1+3*phiJ*phiJ/(math.Pi*math.Pi))
	return 1 / (1 + math.Exp(-gPhi*(mu-muJ)))
}
