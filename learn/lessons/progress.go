package lessons

import "slices"

// Progress is which lessons a player has finished, to save with the
// player's settings (JSON). The zero value is a newcomer.
type Progress struct {
	Done []string `json:"done,omitempty"` // lesson IDs, in the order finished
}

// Complete records a finished lesson.
func (p *Progress) Complete(id string) {
	if !slices.Contains(p.Done, id) {
		p.Done = append(p.Done, id)
	}
}

// IsDone reports whether the lesson was finished.
func (p *Progress) IsDone(id string) bool { return slices.Contains(p.Done, id) }

// Count is the number of lessons of the course finished (IDs no longer in
// the course are not counted).
func (p *Progress) Count() int {
	n := 0
	for _, l := range course {
		if p.IsDone(l.ID) {
			n++
		}
	}
	return n
}

// Next is the first lesson of the course not finished yet, or nil when all
// are.
func (p *Progress) Next() *Lesson {
	for _, l := range course {
		if !p.IsDone(l.ID) {
			return l
		}
	}
	return nil
}

// Newcomer reports whether the player has finished no lesson (the title
// offers the lessons then).
func (p *Progress) Newcomer() bool { return p.Count() == 0 }
