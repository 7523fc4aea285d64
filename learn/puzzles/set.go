package puzzles

import (
	"embed"
	"fmt"
	"math"
	"strings"

	"bashni/rules"
)

//go:embed data/*.tsv.gz
var data embed.FS

// Set is the puzzles of one variant, sorted by rating.
type Set struct {
	Variant rules.Variant
	Check   string // how the puzzles were verified, from the file
	puzzles []*Puzzle
}

// Load reads the embedded puzzles of v (data/<variant>.json).
func Load(v rules.Variant) (*Set, error) {
	name := "data/" + strings.ToLower(v.String()) + ".tsv.gz"
	b, err := data.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("puzzles of %v: %w", v, err)
	}
	f, err := ParseFile(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if f.Variant != v {
		return nil, fmt.Errorf("%s holds %s puzzles", name, f.Variant)
	}
	return &Set{Variant: v, Check: f.Check, puzzles: f.Puzzles}, nil
}

// Len is the number of puzzles.
func (s *Set) Len() int { return len(s.puzzles) }

// All returns the puzzles (a new slice of the shared puzzles).
func (s *Set) All() []*Puzzle { return append([]*Puzzle(nil), s.puzzles...) }

// ByID finds a puzzle, or returns nil.
func (s *Set) ByID(id string) *Puzzle {
	for _, p := range s.puzzles {
		if p.ID == id {
			return p
		}
	}
	return nil
}

// Filter says which puzzles to offer: zero fields match everything.
type Filter struct {
	Tier  Tier
	Theme Theme
}

func (f Filter) match(p *Puzzle) bool {
	return (f.Tier == 0 || p.Tier() == f.Tier) && (f.Theme == "" || p.HasTheme(f.Theme))
}

// Select returns the puzzles that match f, easiest first.
func (s *Set) Select(f Filter) []*Puzzle {
	var out []*Puzzle
	for _, p := range s.puzzles {
		if f.match(p) {
			out = append(out, p)
		}
	}
	return out
}

// Count is the number of puzzles matching f.
func (s *Set) Count(f Filter) int { return len(s.Select(f)) }

// StartRating is where a new player's rating starts: the rating of the
// puzzle at the top of the easiest third of the set, so that the first
// puzzles offered are ones a newcomer can solve.
func (s *Set) StartRating() float64 {
	if len(s.puzzles) == 0 {
		return NewRating().R
	}
	return float64(s.puzzles[(len(s.puzzles)-1)/3].Rating)
}

// NewStats is the record of a player who has played none of the set's
// puzzles: the rating starts at StartRating.
func (s *Set) NewStats() *Stats {
	r := NewRating()
	r.R = s.StartRating()
	return &Stats{Rating: r}
}

// Stretch is how far above the player's rating Next aims: a puzzle should
// stretch a little, not much.
const Stretch = 50

// Next picks the puzzle to offer a player: among those matching f and not
// seen yet, the one rated closest to the player's rating plus Stretch. A
// player who has played nothing yet is taken to be at StartRating (also when
// the record was made with the older start of 1500). When every match has
// been seen it starts over with the one seen longest ago. Nil when nothing
// matches.
func (s *Set) Next(st *Stats, f Filter) *Puzzle {
	r := st.Rating.R
	if st.Played == 0 {
		r = s.StartRating()
	}
	target := r + Stretch
	var best *Puzzle
	bestGap := math.Inf(1)
	for _, p := range s.puzzles {
		if !f.match(p) || st.HasSeen(p.ID) {
			continue
		}
		if gap := math.Abs(float64(p.Rating) - target); gap < bestGap {
			best, bestGap = p, gap
		}
	}
	if best != nil {
		return best
	}
	for _, id := range st.Seen {
		if p := s.ByID(id); p != nil && f.match(p) {
			return p
		}
	}
	return nil
}
