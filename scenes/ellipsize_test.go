//go:build !js

package scenes_test

import (
	"strings"
	"testing"

	"bashni/i18n"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/sprites"
)

// TestEllipsize: a text that fits is kept; one that does not keeps as
// much of its start as fits, with "…" after it and no separator left
// hanging; no room at all leaves "…".
func TestEllipsize(t *testing.T) {
	p := scenetest.LangApp(t, i18n.English).Painter()
	const size = 12
	w := func(s string) float64 { return p.Measure(s, size, sprites.Regular) }
	line := "White · 12 columns · 0 prisoners held"
	for _, tc := range []struct {
		name string
		room float64
		want func(got string) bool
	}{
		{"room enough", w(line), func(got string) bool { return got == line }},
		{"half the room", w(line) / 2, func(got string) bool {
			return strings.HasSuffix(got, "…") && strings.HasPrefix(line, strings.TrimSuffix(got, "…")) && w(got) <= w(line)/2 && len(got) > 5
		}},
		{"cut after the separator", w("White · 1"), func(got string) bool { return got == "White…" }},
		{"no room", 1, func(got string) bool { return got == "…" }},
	} {
		if got := scenes.Ellipsize(p, line, size, sprites.Regular, tc.room); !tc.want(got) {
			t.Errorf("%s (%.0f of %.0f px): %q", tc.name, tc.room, w(line), got)
		}
	}
}
