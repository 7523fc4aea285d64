package puzzles

// Tier groups puzzles by difficulty.
type Tier int

// The tiers and the ratings they span.
const (
	Beginner     Tier = 1 // rating below 1200
	Intermediate Tier = 2 // 1200 to 1599
	Advanced     Tier = 3 // 1600 to 1899
	Expert       Tier = 4 // 1900 and above
)

// Tiers lists the tiers, easiest first.
var Tiers = []Tier{Beginner, Intermediate, Advanced, Expert}

// TierOf returns the tier of a puzzle rating.
func TierOf(rating int) Tier {
	switch {
	case rating < 1200:
		return Beginner
	case rating < 1600:
		return Intermediate
	case rating < 1900:
		return Advanced
	}
	return Expert
}

// String is the tier's name in English (a key for translation too).
func (t Tier) String() string {
	switch t {
	case Beginner:
		return "beginner"
	case Intermediate:
		return "intermediate"
	case Advanced:
		return "advanced"
	case Expert:
		return "expert"
	}
	return "tier?"
}

// The generator's criteria, which the checks of the shipped puzzles repeat:
// the solution's first move scores at least MinEval centipawns for the
// player and leads every other move by at least Margin.
const (
	MinEval = 250
	Margin  = 250
)

// TextID is the message ID (package text) of the tier's name.
func (t Tier) TextID() string {
	return map[Tier]string{
		Beginner:     "puzzle.tier.beginner",
		Intermediate: "puzzle.tier.intermediate",
		Advanced:     "puzzle.tier.advanced",
		Expert:       "puzzle.tier.expert",
	}[t]
}
