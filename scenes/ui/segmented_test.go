package ui

import (
	"testing"

	"bashni/sprites"
)

// TestDisabledSegmentedHighlightsNothing: a disabled choice (the computer's
// level when playing a friend) shows no selection and no hover; an enabled
// one shows its selection in the accent colour.
func TestDisabledSegmentedHighlightsNothing(t *testing.T) {
	th := sprites.Themes()[0]
	s := Segmented{Options: []string{"1", "2", "3"}, Selected: 1, hover: []bool{true, false, false}, pressed: make([]bool, 3)}
	if fill, _ := s.look(1, th); fill != th.Accent {
		t.Errorf("the enabled selection is filled %v, want the accent %v", fill, th.Accent)
	}
	s.Disabled = true
	for i := range s.Options {
		if fill, fg := s.look(i, th); fill.A != 0 || fg == th.AccentText {
			t.Errorf("disabled, segment %d is filled %v with text %v", i, fill, fg)
		}
	}
}

// TestWeighGivesLongLabelsRoom: a choice whose labels differ in length
// (Russian «Оба · Касание · Перетаскивание» on a phone) gets segments as
// wide as its labels need, so that the long one is not shrunk: the
// segments fill the row, each is a touch target, each label fits its own
// segment at the size drawn, and the hit areas are the segments drawn.
// Labels that fit equal segments keep them.
func TestWeighGivesLongLabelsRoom(t *testing.T) {
	p := NewPainter(sprites.NewRenderer(sprites.Themes()[0]), 1)
	s := Segmented{Rect: Rect{X: 28, Y: 100, W: 334, H: 44}, Options: []string{"Both", "Tap", "Drag and drop with care"}}
	before := s.optionSize(p)
	s.Weigh(p)
	if len(s.widths) != 3 {
		t.Fatalf("weighed: %d widths", len(s.widths))
	}
	size := s.optionSize(p)
	if size <= before {
		t.Errorf("weighed, the labels are %.1f dp, equal %.1f dp", size, before)
	}
	sum := 0.0
	for i, o := range s.Options {
		r := s.segment(i)
		sum += r.W
		if r.W < minTouch {
			t.Errorf("segment %q is %.1f dp wide", o, r.W)
		}
		if w := p.Measure(o, size, sprites.Bold); w > s.labelRoom(p, i)+0.5 {
			t.Errorf("%q is %.0f px at %.1f dp, its segment's room %.0f px", o, w, size, s.labelRoom(p, i))
		}
	}
	if sum < s.Rect.W-0.5 || sum > s.Rect.W+0.5 {
		t.Errorf("the segments are %.1f px together, the row %.1f", sum, s.Rect.W)
	}
	// A press in the long label's segment, left of the row's middle third,
	// chooses it: Update hit-tests the weighed segments.
	long := s.segment(2)
	if long.X+4 >= s.Rect.X+2*s.Rect.W/3 {
		t.Fatalf("the long label's segment starts at %.0f, in the equal third", long.X)
	}
	ptr := &Pointer{X: long.X + 4, Y: long.Y + 10, Valid: true, Pressed: true, Down: true}
	s.Update(ptr)
	ptr = &Pointer{X: long.X + 4, Y: long.Y + 10, Valid: true, Released: true}
	if chose, _ := s.Update(ptr); !chose || s.Selected != 2 {
		t.Errorf("a tap at x=%.0f chose %d, want the long label's segment", long.X+4, s.Selected)
	}
	eq := Segmented{Rect: Rect{W: 334, H: 44}, Options: []string{"A", "B", "C"}}
	eq.Weigh(p)
	if len(eq.widths) != 0 || eq.segment(1).W != 334.0/3 {
		t.Errorf("labels that fit equal segments were weighed: %v", eq.widths)
	}
}
