package online

import (
	"testing"

	"bashni/scenes"
	"bashni/scenes/ui"
)

// A field's state in the page's mirror: why the server refused its text
// while it holds that text (spaces around it aside), else its note.
func TestRefusalState(t *testing.T) {
	taken := refusal{text: "carla", why: "Someone already has that name."}
	for _, tc := range []struct {
		name string
		r    refusal
		text string
		want scenes.FieldState
	}{
		{"nothing refused", refusal{}, "carla", scenes.FieldState{Note: "why"}},
		{"the refused text", taken, "carla", scenes.FieldState{Note: taken.why, Refused: true}},
		{"the refused text with spaces", taken, " carla ", scenes.FieldState{Note: taken.why, Refused: true}},
		{"another text typed since", taken, "carlo", scenes.FieldState{Note: "why"}},
		{"emptied", taken, "", scenes.FieldState{Note: "why"}},
	} {
		f := ui.NewTextField("")
		f.SetText(tc.text)
		if got := tc.r.state(f, "why"); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
