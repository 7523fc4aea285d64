package record

import (
	"testing"

	"bashni/learn/puzzles"
	"bashni/rules"
	"bashni/storage"
)

// TestRecordRoundTrip: what is saved is read back; no store is a new
// player's record, and saving without one is no error.
func TestRecordRoundTrip(t *testing.T) {
	if r := Load(nil); r.Lessons.Count() != 0 || r.Solved() != 0 {
		t.Fatalf("no store: %+v, want a new player's record", r)
	}
	var none Record
	if err := none.Save(nil); err != nil {
		t.Fatalf("saving without a store: %v", err)
	}
	st := storage.OpenMemory()
	r := Load(st)
	r.Lessons.Complete("basics")
	set, err := puzzles.Load(rules.Bashni)
	if err != nil {
		t.Fatal(err)
	}
	pz := set.Next(r.Puzzles.For(rules.Bashni), puzzles.Filter{})
	r.Puzzles.For(rules.Bashni).Record(pz, true)
	if err := r.Save(st); err != nil {
		t.Fatal(err)
	}
	got := Load(st)
	if !got.Lessons.IsDone("basics") || got.Solved() != 1 || !got.Puzzles.For(rules.Bashni).HasSeen(pz.ID) {
		t.Errorf("read back %+v, want lesson basics done and puzzle %s solved", got, pz.ID)
	}
}

// TestUnreadablePuzzlesKeepLessons: a puzzle record that is an object but
// not a Progress starts again; the lessons stay.
func TestUnreadablePuzzlesKeepLessons(t *testing.T) {
	st := storage.OpenMemory()
	if err := st.SaveLearning(storage.Learning{Lessons: []string{"basics"}, Puzzles: []byte(`{"variants":7}`)}); err != nil {
		t.Fatal(err)
	}
	r := Load(st)
	if !r.Lessons.IsDone("basics") || r.Solved() != 0 || r.Puzzles.Variants != nil {
		t.Errorf("read %+v, want the lessons kept and a new puzzle record", r)
	}
}
