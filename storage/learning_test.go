package storage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func TestLearningRoundTrip(t *testing.T) {
	s := OpenMemory()
	if l, notice := s.LoadLearning(); len(l.Lessons) != 0 || l.Puzzles != nil || !notice.IsZero() {
		t.Fatalf("a new player has progress: %+v %q", l, notice)
	}
	want := Learning{Lessons: []string{"forward", "capture"}, Puzzles: json.RawMessage(`{"variants":{"Bashni":{"solved":3}}}`)}
	if err := s.SaveLearning(want); err != nil {
		t.Fatal(err)
	}
	got, notice := s.LoadLearning()
	if !notice.IsZero() || strings.Join(got.Lessons, ",") != "forward,capture" || compact(got.Puzzles) != compact(want.Puzzles) {
		t.Fatalf("read back %+v (%s) %q", got, got.Puzzles, notice)
	}
}

func TestLearningNormalize(t *testing.T) {
	tests := []struct {
		in      string
		lessons string
		puzzles string
	}{
		{`{"lessons":["forward","forward","BAD ID",""],"puzzles":{"variants":{}}}`, "forward", `{"variants":{}}`},
		{`{"lessons":["king"],"puzzles":[1,2]}`, "king", ""},
		{`{"puzzles":"text"}`, "", ""},
	}
	for _, tc := range tests {
		data := fmt.Sprintf(`{"schema":1,"kind":"learning","data":%s}`, tc.in)
		l, err := LearningDocument().Decode([]byte(data))
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if strings.Join(l.Lessons, ",") != tc.lessons || compact(l.Puzzles) != tc.puzzles {
			t.Errorf("%s: lessons %q puzzles %s, want %q %s", tc.in, l.Lessons, l.Puzzles, tc.lessons, tc.puzzles)
		}
	}
}

func TestAnalysesKeptNewestFirst(t *testing.T) {
	s := OpenMemory()
	if _, err := s.LoadAnalysis("abcdef0123"); err != ErrNoAnalysis {
		t.Fatalf("empty store: %v", err)
	}
	for i := 0; i < AnalysesLimit+3; i++ {
		if err := s.SaveAnalysis(fmt.Sprintf("%010x", i), json.RawMessage(fmt.Sprintf(`{"n":%d}`, i))); err != nil {
			t.Fatal(err)
		}
	}
	// Saved again: the same key moves to the front, once.
	if err := s.SaveAnalysis(fmt.Sprintf("%010x", 5), json.RawMessage(`{"n":"again"}`)); err != nil {
		t.Fatal(err)
	}
	a, _, _ := AnalysesDocument().Load(s)
	if len(a.Games) != AnalysesLimit || a.Games[0].Key != fmt.Sprintf("%010x", 5) {
		t.Fatalf("%d kept, first %q", len(a.Games), a.Games[0].Key)
	}
	for _, old := range []int{0, 1, 2} {
		if _, err := s.LoadAnalysis(fmt.Sprintf("%010x", old)); err != ErrNoAnalysis {
			t.Errorf("the oldest analysis %d is still kept (%v)", old, err)
		}
	}
	r, err := s.LoadAnalysis(fmt.Sprintf("%010x", 5))
	if err != nil || compact(r) != `{"n":"again"}` {
		t.Fatalf("got %s, %v", r, err)
	}
	if err := s.SaveAnalysis("not a key", json.RawMessage(`{}`)); err == nil {
		t.Error("a bad key was kept")
	}
	if err := s.SaveAnalysis("abcdef0123", json.RawMessage(`{`)); err == nil {
		t.Error("a report that is not JSON was kept")
	}
}

// compact is raw JSON without its spaces ("" for none).
func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if len(raw) == 0 || json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

func TestHasArchive(t *testing.T) {
	s := OpenMemory()
	if s.HasArchive() {
		t.Fatal("a new store has an archive")
	}
	if _, err := s.AddToArchive(ArchivedGame{Variant: VariantBashni, Result: "1-0", Human: White, Record: "1. c3-d4 1-0"}); err != nil {
		t.Fatal(err)
	}
	if !s.HasArchive() {
		t.Fatal("no archive after a game was archived")
	}
}
