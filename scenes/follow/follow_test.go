package follow

import (
	"fmt"
	"slices"
	"testing"

	"bashni/rules"
	"bashni/scenes/anim"
	"bashni/session"
)

// fakeBoard writes down what it was asked to show.
type fakeBoard struct{ shown []string }

func (b *fakeBoard) Animate(before *rules.Position, mv rules.Move, opts anim.Options, skip int) {
	b.shown = append(b.shown, fmt.Sprintf("animate %v from hop %d at %.2g", mv, skip, opts.Speed))
}

func (b *fakeBoard) Queue(mv rules.Move, opts anim.Options) {
	b.shown = append(b.shown, fmt.Sprintf("queue %v at %.2g", mv, opts.Speed))
}

// TestFollowerShowsTheSessionsMoves plays, undoes and redoes moves of a
// session between two people and follows its events: the person's entry
// starts from the hops entered (once), the other side's moves from the
// start, moves redone one after another 1.5 times as fast; other events
// move nothing.
func TestFollowerShowsTheSessionsMoves(t *testing.T) {
	p, err := rules.ParseFEN(rules.Bashni, "W:Wc3,e1:Bd4,f6,d6,a7,h8:H0:F12")
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.New(session.Config{Variant: rules.Bashni, Start: p,
		Players: [2]session.Player{session.NewPerson(), session.NewPerson()}})
	if err != nil {
		t.Fatal(err)
	}
	b := &fakeBoard{}
	f := &Follower{Board: b, Entry: func(side rules.Color) bool { return side == rules.White }}
	opts := anim.Options{Speed: 2}
	follow := func() (moved []bool) {
		for _, ev := range s.Events() {
			moved = append(moved, f.Show(ev, opts))
		}
		return moved
	}
	play := func(text string) {
		t.Helper()
		mv, err := s.Game().Position().ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name  string
		do    func()
		moved []bool
		shown []string
	}{
		{"White's capture, two hops of it entered", func() { f.Entered(2); play("c3:e5:g7") }, []bool{true},
			[]string{"animate c3:e5:g7 from hop 2 at 2"}},
		{"Black's move: not entered here", func() { f.Entered(1); play("h8:f6") }, []bool{true},
			[]string{"animate h8:f6 from hop 0 at 2"}},
		{"undo both: the screen's", func() { s.Undo(); s.Undo() }, []bool{false, false}, nil},
		{"redo", func() { s.Redo(); s.Redo() }, []bool{true, true},
			[]string{"animate c3:e5:g7 from hop 0 at 3", "animate h8:f6 from hop 0 at 3"}},
	}
	for _, tt := range tests {
		b.shown = nil
		tt.do()
		if moved := follow(); !slices.Equal(moved, tt.moved) || !slices.Equal(b.shown, tt.shown) {
			t.Errorf("%s: moved %v, shown %q; want %v, %q", tt.name, moved, b.shown, tt.moved, tt.shown)
		}
	}
	// The hops entered for Black's move were not used by it (Black is
	// not entered here): they wait for White's.
	f.Forget()
	b.shown = nil
	play("e1-f2")
	follow()
	if want := []string{"animate e1-f2 from hop 0 at 2"}; !slices.Equal(b.shown, want) {
		t.Errorf("after Forget: %q, want %q", b.shown, want)
	}
}
