package sprites

import "testing"

func TestThemes(t *testing.T) {
	names := map[string]bool{}
	for _, th := range Themes() {
		if names[th.Name] {
			t.Errorf("two themes named %q", th.Name)
		}
		names[th.Name] = true
		if got := ThemeNamed(th.Name); *got != *th {
			t.Errorf("ThemeNamed(%q) differs from Themes()", th.Name)
		}
		// Black and White must differ in lightness, not just hue, so they
		// stay apart in greyscale and for every kind of colour blindness.
		if d := luminance(th.White.Face) - luminance(th.Black.Face); d < 0.5 {
			t.Errorf("%s: white and black faces differ by %.2f in luminance", th.Name, d)
		}
	}
	if len(names) < 2 || !names["High contrast"] {
		t.Errorf("themes %v: want at least two, one high contrast", names)
	}
	if ThemeNamed("no such theme").Name != Themes()[0].Name {
		t.Error("an unknown name should give the default theme")
	}
	a, b := ThemeNamed("Classic wood"), ThemeNamed("Classic wood")
	a.Frame.R++
	if *a == *b {
		t.Error("themes share storage: changing one changed another")
	}
}

func TestRendererCopiesItsTheme(t *testing.T) {
	th := ThemeNamed("Classic wood")
	r := NewRenderer(th)
	defer r.Release()
	th.DarkSquare = rgb(0x00ff00)
	if r.Theme().DarkSquare == th.DarkSquare {
		t.Error("changing a theme after NewRenderer changed the renderer's")
	}
}

func TestHighContrastMarkersAreDistinct(t *testing.T) {
	th := ThemeNamed("High contrast")
	cs := []struct {
		name string
		c    [3]uint8
	}{
		{"movable", [3]uint8{th.Movable.R, th.Movable.G, th.Movable.B}},
		{"must capture", [3]uint8{th.MustCapture.R, th.MustCapture.G, th.MustCapture.B}},
		{"destination", [3]uint8{th.Destination.R, th.Destination.G, th.Destination.B}},
		{"last move", [3]uint8{th.LastMove.R, th.LastMove.G, th.LastMove.B}},
		{"hint", [3]uint8{th.Hint.R, th.Hint.G, th.Hint.B}},
	}
	for i := range cs {
		for j := i + 1; j < len(cs); j++ {
			if cs[i].c == cs[j].c {
				t.Errorf("%s and %s share a colour", cs[i].name, cs[j].name)
			}
		}
	}
}
