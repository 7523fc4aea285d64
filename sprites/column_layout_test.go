package sprites

import (
	"testing"

	"bashni/rules"
)

// column builds a column from a compact description, top first: W/B men,
// K/Q white/black kings.
func column(s string) rules.Column {
	var ps []rules.Piece
	for _, r := range s {
		switch r {
		case 'W':
			ps = append(ps, rules.WhiteMan)
		case 'B':
			ps = append(ps, rules.BlackMan)
		case 'K':
			ps = append(ps, rules.WhiteKing)
		case 'Q':
			ps = append(ps, rules.BlackKing)
		}
	}
	return rules.ColumnOf(ps...)
}

func TestMetrics(t *testing.T) {
	for _, s := range []float64{24, 40, 90, 180} {
		m := MetricsFor(s)
		if m.Radius*2 >= s {
			t.Errorf("square %v: disc %v wider than the square", s, m.Radius*2)
		}
		if m.FaceHalf >= m.Radius {
			t.Errorf("square %v: face not foreshortened", s)
		}
		if m.Thickness < 2 {
			t.Errorf("square %v: thickness %d", s, m.Thickness)
		}
	}
}

func TestLayoutFullColumns(t *testing.T) {
	m := MetricsFor(90)
	for h := 1; h <= MaxFullColumn; h++ {
		c := column("WWBBB"[:h])
		l := LayoutColumn(c, 0, m)
		if l.N != h || l.Compressed() {
			t.Fatalf("height %d: %d slots, compressed %v", h, l.N, l.Compressed())
		}
		for i := 0; i < l.N; i++ {
			s := l.Slots[i]
			if s.Kind != SlotDisc || s.Index != h-1-i || s.Thickness != m.Thickness {
				t.Errorf("height %d slot %d: %+v", h, i, s)
			}
			if i > 0 && l.Slots[i-1].FaceY-s.FaceY != float64(m.Thickness) {
				t.Errorf("height %d slot %d: discs %v apart, want %d", h, i, l.Slots[i-1].FaceY-s.FaceY, m.Thickness)
			}
		}
		if l.TopY != l.Slots[l.N-1].FaceY {
			t.Errorf("height %d: TopY %v is not the top slot's face %v", h, l.TopY, l.Slots[l.N-1].FaceY)
		}
	}
	// A single disc is about centred on its square, a little low.
	l := LayoutColumn(column("W"), 0, m)
	top, bottom := l.TopY-m.FaceHalf, l.BottomY
	if d := (top + bottom) / 2; d < 0 || d > 0.05*m.Square {
		t.Errorf("single disc spans %v..%v, centre %v off the square's", top, bottom, d)
	}
	// Whatever the height, the bottom disc stays put.
	for _, c := range []string{"WB", "WWBBB", "WWWWWWBBBBBB"} {
		if got := LayoutColumn(column(c), 0, m).Slots[0].FaceY; got != l.Slots[0].FaceY {
			t.Errorf("%s: bottom disc at %v, a lone disc at %v", c, got, l.Slots[0].FaceY)
		}
	}
}

func TestLayoutCompression(t *testing.T) {
	m := MetricsFor(90)
	full := LayoutColumn(column("WWBBB"), 0, m)
	for _, tc := range []struct {
		col      string
		bands    int
		bandOwn  int // pieces in the upper band segment (owner side when split)
		bandLow  int
		lowColor rules.Color
	}{
		{"WBBBBB", 1, 0, 2, rules.Black},                    // 6: the band stands for pieces 4 and 5
		{"WWWWWWBBBBBB", 2, 3, 5, rules.Black},              // 12: W W W | 3 W + 5 B | B
		{"KBBBBBBBBBBBBBBBBBBBBBBB", 1, 0, 20, rules.Black}, // 24: a king on 23 prisoners
		{"WWWWWWWWWWWB", 1, 0, 8, rules.White},              // band all white, bottom black
	} {
		c := column(tc.col)
		l := LayoutColumn(c, 0, m)
		if !l.Compressed() || l.N != CompressedTop+1+tc.bands {
			t.Fatalf("%s: %d slots, compressed %v", tc.col, l.N, l.Compressed())
		}
		// Bottom disc, bands, then the top discs in order.
		if l.Slots[0].Kind != SlotDisc || l.Slots[0].Index != c.Height()-1 {
			t.Errorf("%s: first slot %+v is not the bottom disc", tc.col, l.Slots[0])
		}
		band := 0
		for i := 1; i <= tc.bands; i++ {
			s := l.Slots[i]
			if s.Kind != SlotBand {
				t.Fatalf("%s: slot %d is %+v, want a band", tc.col, i, s)
			}
			band += s.Thickness
			for j := s.Index; j < s.Index+s.Count; j++ {
				if c.Piece(j).Color() != s.Color {
					t.Errorf("%s: band %+v covers piece %d of the other colour", tc.col, s, j)
				}
			}
		}
		if band != m.Thickness {
			t.Errorf("%s: band %d px thick, want one disc (%d)", tc.col, band, m.Thickness)
		}
		if got := l.Slots[1]; got.Count != tc.bandLow || got.Color != tc.lowColor {
			t.Errorf("%s: lower band %+v, want %d %v", tc.col, got, tc.bandLow, tc.lowColor)
		}
		if tc.bands == 2 && l.Slots[2].Count != tc.bandOwn {
			t.Errorf("%s: upper band %+v, want %d", tc.col, l.Slots[2], tc.bandOwn)
		}
		counted := 0
		for i := 0; i < l.N; i++ {
			counted += l.Slots[i].Count
		}
		if counted != c.Height() {
			t.Errorf("%s: slots stand for %d pieces, want %d", tc.col, counted, c.Height())
		}
		for i := 0; i < CompressedTop; i++ {
			if s := l.Slots[l.N-1-i]; s.Kind != SlotDisc || s.Index != i {
				t.Errorf("%s: top slot %d is %+v", tc.col, i, s)
			}
		}
		// However tall, it is exactly as tall as a full column of five.
		if l.TopY != full.TopY || l.BottomY != full.BottomY {
			t.Errorf("%s: spans %v..%v, a column of five %v..%v", tc.col, l.TopY, l.BottomY, full.TopY, full.BottomY)
		}
	}
}

func TestLayoutFitsAboveTheSquare(t *testing.T) {
	for _, s := range []float64{40, 90, 180} {
		m := MetricsFor(s)
		l := LayoutColumn(column("WWWWWWWWWWWW"), 0, m)
		top := l.TopY - m.FaceHalf
		// The square above a dark square is light and always empty: a tall
		// column may lean into it, a little.
		if top < -0.5*s-0.2*s-1 || l.BottomY > 0.5*s {
			t.Errorf("square %v: 12-high column spans %v..%v", s, top, l.BottomY)
		}
	}
}

func TestLayoutHideTop(t *testing.T) {
	m := MetricsFor(60)
	c := column("WWBBBBB") // 7: compressed
	l := LayoutColumn(c, 2, m)
	if l.Height != 5 || l.Compressed() || l.N != 5 {
		t.Fatalf("hiding 2 of 7: height %d, %d slots", l.Height, l.N)
	}
	if top := l.Slots[l.N-1]; top.Index != 2 {
		t.Errorf("top shown piece %d, want 2", top.Index)
	}
	// The pieces left keep their places.
	full := LayoutColumn(column("WWBBB"), 0, m)
	short := LayoutColumn(column("WWBBB"), 2, m)
	for i := 0; i < short.N; i++ {
		if short.Slots[i].FaceY != full.Slots[i].FaceY {
			t.Errorf("hiding the top moved slot %d from %v to %v", i, full.Slots[i].FaceY, short.Slots[i].FaceY)
		}
	}
	if l := LayoutColumn(c, 7, m); l.N != 0 || l.Height != 0 {
		t.Errorf("hiding all: %+v", l)
	}
	if l := LayoutColumn(c, 99, m); l.N != 0 {
		t.Errorf("hiding more than all: %+v", l)
	}
	if l := LayoutColumn(0, 0, m); l.N != 0 {
		t.Errorf("empty column: %+v", l)
	}
}

func TestLayoutDoesNotAllocate(t *testing.T) {
	m := MetricsFor(90)
	c := column("WWWWWWBBBBBB")
	allocs := testing.AllocsPerRun(100, func() { _ = LayoutColumn(c, 0, m) })
	if allocs != 0 {
		t.Errorf("LayoutColumn allocated %v times", allocs)
	}
}
