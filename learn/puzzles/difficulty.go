package puzzles

import "bashni/rules"

// Features are what makes a puzzle hard to see, read from the position and
// the solution line alone (no search), so the generator and the tests agree
// on every puzzle's rating.
type Features struct {
	// Moves is the number of the player's moves in the line; Forced how
	// many of them were the only legal move.
	Moves, Forced int
	// Quiet counts the player's moves that capture nothing: captures are
	// compulsory and the board shows them, a quiet move that prepares one
	// has to be found.
	Quiet int
	// Sacrifice: a quiet move of the player's makes the opponent capture.
	Sacrifice bool
	// Plausible counts, over the player's moves that had a choice, the
	// other moves a player might try: every other capture, and every other
	// quiet move after which the opponent has nothing to capture.
	Plausible int
}

// FeaturesOf reads the features of a solution line played from start.
func FeaturesOf(start *rules.Position, line []rules.Move) Features {
	var f Features
	p := start
	for i, m := range line {
		next := p.Play(m)
		if i%2 == 0 {
			f.Moves++
			legal := p.LegalMoves(nil)
			if len(legal) == 1 {
				f.Forced++
			}
			if !m.IsCapture() {
				f.Quiet++
				if next.MustCapture() {
					f.Sacrifice = true
				}
			}
			if len(legal) > 1 {
				for _, o := range legal {
					if o != m && (o.IsCapture() || !p.Play(o).MustCapture()) {
						f.Plausible++
					}
				}
			}
		}
		p = next
	}
	return f
}

// The difficulty rating's parts (RatingOf): a one-move capture with no
// other sensible move is the easiest puzzle there is.
const (
	ratingBase      = 650 // one capture, nothing else to try
	ratingPerMove   = 150 // each further move of the player that had a choice
	ratingPerForced = 40  // each further move that was the only legal one
	ratingPerQuiet  = 130 // each quiet move of the player
	ratingSacrifice = 150 // giving material first
	ratingPerOption = 20  // each plausible other move, up to maxOptions
	maxOptions      = 12
)

// Rating is the puzzle rating the features give (doc.go): longer lines,
// quiet moves, sacrifices and many plausible other moves make a puzzle
// harder.
func (f Features) Rating() int {
	free := f.Moves - f.Forced
	r := ratingBase
	if free > 1 {
		r += ratingPerMove * (free - 1)
	}
	if f.Forced > 0 && free == 0 {
		r += ratingPerForced * (f.Forced - 1)
	} else {
		r += ratingPerForced * f.Forced
	}
	r += ratingPerQuiet * f.Quiet
	if f.Sacrifice {
		r += ratingSacrifice
	}
	r += ratingPerOption * min(f.Plausible, maxOptions)
	return r
}

// RatingOf is the difficulty rating of a solution line played from start.
func RatingOf(start *rules.Position, line []rules.Move) int {
	return FeaturesOf(start, line).Rating()
}
