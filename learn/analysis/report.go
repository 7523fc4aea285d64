// Package analysis reviews a whole game with the engine: an evaluation of
// every position (for an evaluation bar and a graph), the best line from
// each, every move's loss classified as an inaccuracy, a mistake or a
// blunder, and the player's worst moments with the better move ("learn from
// your mistakes").
//
// Analysis runs in the background (Start returns a Job to poll from the
// frame loop), can be cancelled, reports its progress and shows partial
// results as it goes. On js/wasm the engine's default yield hook keeps the
// page drawing (package ai). A Report is plain data that serialises to JSON
// and is kept with the game: a second look is instant (Report.Matches says
// whether a stored report belongs to a game).
package analysis

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"bashni/ai"
	"bashni/rules"
)

// ReportVersion is the version of the Report format; a stored report of
// another version is analysed again.
const ReportVersion = 1

// Report is the analysis of one game.
type Report struct {
	Version  int      `json:"version"`
	Variant  string   `json:"variant"`
	StartFEN string   `json:"start"`
	Moves    []string `json:"moves"`
	Settings string   `json:"settings"` // the searches, Options.Settings
	Key      string   `json:"key"`      // variant, start, moves and settings, hashed
	// Positions has one entry per position of the game (len(Moves)+1),
	// the start first; entries not analysed yet have Done false.
	Positions []Position `json:"positions"`
	// Reviews has one entry per move (len(Moves)); a move is reviewed
	// once the positions before and after it are analysed.
	Reviews []Review `json:"reviews"`
	// Passes counts the passes over the whole game finished; Complete is
	// set when the last one is.
	Passes   int  `json:"passes"`
	Complete bool `json:"complete"`
}

// Position is the engine's view of one position of the game.
type Position struct {
	Done bool `json:"done"`
	Pass int  `json:"pass"` // the pass that searched it (1: the quick one when there are two)
	// Score is in centipawns from White's view; a forced win shows as a
	// score beyond ±ai.WinBound (see Mate).
	Score int      `json:"score"`
	Best  string   `json:"best,omitempty"` // the best move ("" when the game is over)
	PV    []string `json:"pv,omitempty"`   // the best line, Best first
	Depth int      `json:"depth,omitempty"`
	Nodes int64    `json:"nodes,omitempty"`
}

// Class is how bad a move was.
type Class string

// The classes, by the expected score the move gave away (see Classify).
const (
	Good       Class = ""
	Inaccuracy Class = "inaccuracy"
	Mistake    Class = "mistake"
	Blunder    Class = "blunder"
)

// Review is the verdict on one move of the game.
type Review struct {
	Done bool   `json:"done"`
	Move string `json:"move"`
	Side string `json:"side"` // "W" or "B": who played it
	// Loss is what the move gave away, in centipawns from the mover's view
	// (0 for the best move or better), and Drop the same as expected score
	// (0–1).
	Loss  int     `json:"loss"`
	Drop  float64 `json:"drop"`
	Class Class   `json:"class,omitempty"`
	Best  string  `json:"best,omitempty"` // the better move, when the move lost something
}

// scoreScale converts centipawns to an expected score, as the evaluation
// was fitted (ai/TUNING.md: result ≈ sigmoid(K·score), K ≈ 0.0025).
const scoreScale = 0.0025

// Expected is the expected score (0 a loss, 1 a win) of a score in
// centipawns from one side's view. Forced wins and losses are 1 and 0.
func Expected(score int) float64 {
	if _, ok := ai.IsWinScore(score); ok {
		if score > 0 {
			return 1
		}
		return 0
	}
	return 1 / (1 + math.Exp(-scoreScale*float64(score)))
}

// The drops in expected score at which a move is an inaccuracy, a mistake
// and a blunder. Near equality they are about 80, 160 and 250 centipawns
// (a man is 100); when one side is far ahead the same loss matters less.
const (
	InaccuracyDrop = 0.05
	MistakeDrop    = 0.10
	BlunderDrop    = 0.15
)

// Classify names a drop in expected score.
func Classify(drop float64) Class {
	switch {
	case drop >= BlunderDrop:
		return Blunder
	case drop >= MistakeDrop:
		return Mistake
	case drop >= InaccuracyDrop:
		return Inaccuracy
	}
	return Good
}

// Key identifies a game and a search budget: a stored report with the same
// key belongs to the game.
func Key(start *rules.Position, moves []rules.Move, settings string) string {
	var h strings.Builder
	fmt.Fprintf(&h, "%d\n%v\n%s\n", ReportVersion, start.Variant(), start.FEN())
	for _, m := range moves {
		fmt.Fprintf(&h, "%v ", m)
	}
	fmt.Fprintf(&h, "\n%s", settings)
	sum := sum256([]byte(h.String()))
	return fmt.Sprintf("%x", sum[:12])
}

// Matches reports whether the report is a finished analysis of this game
// with these settings.
func (r *Report) Matches(start *rules.Position, moves []rules.Move, settings string) bool {
	return r != nil && r.Version == ReportVersion && r.Complete && r.Key == Key(start, moves, settings)
}

// Eval is the evaluation bar's value at a ply: White's expected score,
// 0–1 (0.5 until the position is analysed).
func (r *Report) Eval(ply int) float64 {
	if ply < 0 || ply >= len(r.Positions) || !r.Positions[ply].Done {
		return 0.5
	}
	return Expected(r.Positions[ply].Score)
}

// Graph is Eval for every ply, for the evaluation graph.
func (r *Report) Graph() []float64 {
	out := make([]float64, len(r.Positions))
	for i := range out {
		out[i] = r.Eval(i)
	}
	return out
}

// Mate returns the number of plies to a forced end at ply and who wins, if
// the engine sees one.
func (r *Report) Mate(ply int) (plies int, winner rules.Color, ok bool) {
	if ply < 0 || ply >= len(r.Positions) || !r.Positions[ply].Done {
		return 0, 0, false
	}
	s := r.Positions[ply].Score
	n, ok := ai.IsWinScore(s)
	if !ok {
		return 0, 0, false
	}
	if s > 0 {
		return n, rules.White, true
	}
	return n, rules.Black, true
}

// Counts sums up one side's play.
type Counts struct {
	Moves        int
	Inaccuracies int
	Mistakes     int
	Blunders     int
	// AverageLoss is the mean loss per move in centipawns, each move's loss
	// capped at 1000 so that one lost game does not swamp it.
	AverageLoss int
}

// Summary counts the classified moves of side.
func (r *Report) Summary(side rules.Color) Counts {
	var c Counts
	total := 0
	for _, rv := range r.Reviews {
		if !rv.Done || rv.Side != side.Letter() {
			continue
		}
		c.Moves++
		total += min(rv.Loss, 1000)
		switch rv.Class {
		case Inaccuracy:
			c.Inaccuracies++
		case Mistake:
			c.Mistakes++
		case Blunder:
			c.Blunders++
		}
	}
	if c.Moves > 0 {
		c.AverageLoss = total / c.Moves
	}
	return c
}

// Moment is one of a player's worst moves, to replay: the position before
// it, the move played and the better one with its line.
type Moment struct {
	Ply      int      // the move's index: it was played from Positions[Ply]
	FEN      string   // the position before it
	Played   string   // the move played
	Best     string   // the better move
	BestLine []string // the line after it, Best first
	Loss     int
	Class    Class
}

// Moments returns side's mistakes and blunders, worst first, at most max
// (0: all): the "learn from your mistakes" list.
func (r *Report) Moments(side rules.Color, max int) []Moment {
	v, err := rules.ParseVariant(r.Variant)
	if err != nil {
		return nil
	}
	p, err := rules.ParseFEN(v, r.StartFEN)
	if err != nil {
		return nil
	}
	var out []Moment
	for i, rv := range r.Reviews {
		if rv.Done && rv.Side == side.Letter() && (rv.Class == Mistake || rv.Class == Blunder) && rv.Best != "" {
			out = append(out, Moment{
				Ply: i, FEN: p.FEN(), Played: rv.Move, Best: rv.Best,
				BestLine: r.Positions[i].PV, Loss: rv.Loss, Class: rv.Class,
			})
		}
		m, err := p.ParseMove(r.Moves[i])
		if err != nil {
			break
		}
		p = p.Play(m)
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Loss > out[b].Loss })
	if max > 0 && len(out) > max {
		out = out[:max]
	}
	return out
}

// String is a short text of the report, for logs and tests.
func (r *Report) String() string {
	var b strings.Builder
	for i, rv := range r.Reviews {
		fmt.Fprintf(&b, "%3d %s %-12s %6d", i+1, rv.Side, rv.Move, r.Positions[i+1].Score)
		if rv.Class != Good {
			fmt.Fprintf(&b, "  %s (-%d, best %s)", rv.Class, rv.Loss, rv.Best)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TextID is the message ID (package text) of the class's name; "" for Good.
func (c Class) TextID() string {
	return map[Class]string{
		Inaccuracy: "analysis.class.inaccuracy",
		Mistake:    "analysis.class.mistake",
		Blunder:    "analysis.class.blunder",
	}[c]
}
