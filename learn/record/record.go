// Package record is the player's progress on the lessons and the puzzles,
// as the store's learning document keeps it: read by the title (the
// progress line) and by the learn page (which adds to it). It has no
// pixels, so the title and the page share it without importing each other.
package record

import (
	"encoding/json"
	"fmt"

	"bashni/learn/lessons"
	"bashni/learn/puzzles"
	"bashni/storage"
)

// Record is the player's progress.
type Record struct {
	Lessons lessons.Progress
	Puzzles puzzles.Progress
}

// Load reads the progress from st (a new player's when st is nil). A
// puzzle record that cannot be read starts again; the lessons are kept.
func Load(st *storage.Store) Record {
	var r Record
	if st == nil {
		return r
	}
	l, _ := st.LoadLearning()
	r.Lessons.Done = l.Lessons
	if len(l.Puzzles) > 0 {
		if err := json.Unmarshal(l.Puzzles, &r.Puzzles); err != nil {
			r.Puzzles = puzzles.Progress{} // unreadable: start the record again, keep the lessons
		}
	}
	return r
}

// Save writes the progress to st (nothing without a store); the error is
// for the screen to show.
func (r *Record) Save(st *storage.Store) error {
	if st == nil {
		return nil
	}
	pz, err := json.Marshal(&r.Puzzles)
	if err != nil {
		return fmt.Errorf("the puzzle record: %w", err)
	}
	return st.SaveLearning(storage.Learning{Lessons: r.Lessons.Done, Puzzles: pz})
}

// Solved is the number of puzzles solved in both games.
func (r *Record) Solved() int {
	n := 0
	for _, st := range r.Puzzles.Variants {
		if st != nil {
			n += st.Solved
		}
	}
	return n
}
