package puzzles

import (
	"slices"

	"bashni/rules"
)

// Progress is a player's puzzle record, per variant, to save with the
// player's settings (JSON). The zero value is a newcomer.
type Progress struct {
	Variants map[string]*Stats `json:"variants,omitempty"` // by variant name ("Bashni", "Lasca")
}

// Stats is the record of one variant.
type Stats struct {
	Rating     Rating   `json:"rating"`
	Played     int      `json:"played"`     // puzzles finished (solved or not)
	Solved     int      `json:"solved"`     // solved cleanly: no mistake, no hint
	Streak     int      `json:"streak"`     // clean solves in a row, up to now
	BestStreak int      `json:"bestStreak"` // the longest streak
	Seen       []string `json:"seen,omitempty"`
	// Seen lists the IDs of the puzzles played, oldest first, so that Next
	// offers new ones.
}

// For returns the record of variant v, making it if needed: a new record's
// rating starts at the StartRating of the variant's shipped puzzles.
func (p *Progress) For(v rules.Variant) *Stats {
	if p.Variants == nil {
		p.Variants = map[string]*Stats{}
	}
	s := p.Variants[v.String()]
	if s == nil {
		s = &Stats{Rating: NewRating()}
		if set, err := Load(v); err == nil {
			s = set.NewStats()
		}
		p.Variants[v.String()] = s
	}
	return s
}

// Record counts a finished attempt: a clean solve is a win against the
// puzzle's rating, anything else a loss. It returns the rating change.
func (s *Stats) Record(pz *Puzzle, clean bool) float64 {
	before := s.Rating.R
	score := 0.0
	if clean {
		score = 1
	}
	s.Rating = s.Rating.Update([]Game{{Opponent: Rating{R: float64(pz.Rating), RD: PuzzleRD, Vol: 0.06}, Score: score}})
	s.Played++
	if clean {
		s.Solved++
		s.Streak++
		s.BestStreak = max(s.BestStreak, s.Streak)
	} else {
		s.Streak = 0
	}
	// The puzzle goes to the end of Seen: most recently played last.
	if i := slices.Index(s.Seen, pz.ID); i >= 0 {
		s.Seen = slices.Delete(s.Seen, i, i+1)
	}
	s.Seen = append(s.Seen, pz.ID)
	return s.Rating.R - before
}

// HasSeen reports whether the puzzle was played before.
func (s *Stats) HasSeen(id string) bool { return slices.Contains(s.Seen, id) }
