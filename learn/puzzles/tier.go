package puzzles

// Tier groups puzzles by difficulty.
type Tier int

// The tiers and the ratings they span.
const (
	Beginner     Tier = 1 // rating below 1100
	Intermediate Tier = 2 // 1100 to 1399
	Advanced     Tier = 3 // 1400 to 1699
	Expert       Tier = 4 // 1700 and above
)

// Tiers lists the tiers, easiest first.
var Tiers = []Tier{Beginner, Intermediate, Advanced, Expert}

// TierOf returns the tier of a puzzle rating.
func TierOf(rating int) Tier {
	switch {
	case rating < 1100:
		return Beginner
	case rating < 1400:
		return Intermediate
	case rating < 1700:
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
