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
