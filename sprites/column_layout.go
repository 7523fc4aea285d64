package sprites

import (
	"math"

	"bashni/rules"
)

// Column drawing proportions. A disc is seen from slightly above: its top face
// is an ellipse FaceTilt times as high as it is wide, and its rim shows below
// the face, Thickness pixels high.
const (
	// MaxFullColumn is the tallest column drawn disc by disc; taller ones are
	// compressed so that they still fit their square.
	MaxFullColumn = 5
	// CompressedTop is how many discs a compressed column shows above its band.
	CompressedTop = 3

	discRadiusRatio    = 0.40 // disc radius / square
	faceTilt           = 0.56 // face ellipse height / width
	discThicknessRatio = 0.11 // rim height / square
	// baseDrop lowers every column a little below the square centre: a
	// disc seen from above stands on the lower part of its square, and
	// tall columns have more room to rise into the empty light square
	// behind.
	baseDrop = 0.03
)

// maxSlots is the most elements a column layout can hold: 3 discs, a band of
// up to two colour segments and the bottom disc; or MaxFullColumn discs.
const maxSlots = CompressedTop + 2 + 1

// DiscMetrics are the pixel proportions of a disc for one square size.
type DiscMetrics struct {
	Square    float64 // the square size they were made for
	Radius    float64 // half the width of a disc
	FaceHalf  float64 // half the height of the top face ellipse
	Thickness int     // height of a disc's rim, whole pixels so stacks stay crisp
}

// MetricsFor returns the disc proportions for a square size in pixels.
func MetricsFor(square float64) DiscMetrics {
	r := discRadiusRatio * square
	return DiscMetrics{
		Square:    square,
		Radius:    r,
		FaceHalf:  r * faceTilt,
		Thickness: max(2, int(math.Round(discThicknessRatio*square))),
	}
}

// SlotKind tells a disc from a compressed band in a column layout.
type SlotKind uint8

const (
	// SlotDisc is one disc, drawn whole.
	SlotDisc SlotKind = iota
	// SlotBand stands for several hidden discs of one colour in a compressed
	// column.
	SlotBand
)

// Slot is one element of a drawn column.
type Slot struct {
	Kind      SlotKind
	Index     int         // index from the top of the first piece it shows
	Count     int         // pieces it stands for (1 for a disc)
	Color     rules.Color // colour of those pieces
	King      bool        // one of them is a king (a band shows it with a gold line)
	Thickness int         // rim height in pixels
	FaceY     float64     // centre of its top face, relative to the square centre
}

// ColumnLayout is where each element of a column goes, bottom first, relative
// to the centre of its square. It is a value with a fixed array so that
// laying out a column allocates nothing.
type ColumnLayout struct {
	Slots   [maxSlots]Slot
	N       int     // number of slots used
	Height  int     // pieces shown (column height minus hidden top pieces)
	TopY    float64 // centre of the top face of the highest element
	BottomY float64 // lowest point of the column (the bottom rim)
}

// Compressed reports whether a band replaces some of the discs.
func (l *ColumnLayout) Compressed() bool { return l.Height > MaxFullColumn }

// LayoutColumn lays out column c without its top hideTop pieces, for discs of
// metrics m. Up to MaxFullColumn pieces every disc is shown; above that the
// top CompressedTop discs, a band for the middle (one segment per colour)
// and the bottom disc, so a column of any height is as tall as a column of
// MaxFullColumn.
func LayoutColumn(c rules.Column, hideTop int, m DiscMetrics) ColumnLayout {
	var l ColumnLayout
	h := c.Height()
	hideTop = max(0, min(hideTop, h))
	l.Height = h - hideTop
	if l.Height == 0 {
		return l
	}
	t := m.Thickness
	add := func(s Slot) {
		for i := s.Index; i < s.Index+s.Count; i++ {
			s.King = s.King || c.Piece(i).IsKing()
		}
		l.Slots[l.N] = s
		l.N++
	}

	if l.Height <= MaxFullColumn {
		for i := h - 1; i >= hideTop; i-- {
			add(Slot{Kind: SlotDisc, Index: i, Count: 1, Color: c.Piece(i).Color(), Thickness: t})
		}
	} else {
		add(Slot{Kind: SlotDisc, Index: h - 1, Count: 1, Color: c.Piece(h - 1).Color(), Thickness: t})
		first, last := hideTop+CompressedTop, h-2 // hidden pieces, inclusive
		// The band is one disc thick; it splits between the two colour
		// layers in proportion, each part at least a third of it.
		lower := 0 // hidden pieces of the bottom colour, counted from the bottom
		bottomColor := c.Piece(last).Color()
		for i := last; i >= first && c.Piece(i).Color() == bottomColor; i-- {
			lower++
		}
		total := last - first + 1
		if lower == total {
			add(Slot{Kind: SlotBand, Index: first, Count: total, Color: bottomColor, Thickness: t})
		} else {
			minPart := max(1, (t+2)/3)
			lowerT := int(math.Round(float64(t) * float64(lower) / float64(total)))
			lowerT = max(minPart, min(t-minPart, lowerT))
			add(Slot{Kind: SlotBand, Index: last - lower + 1, Count: lower, Color: bottomColor, Thickness: lowerT})
			add(Slot{Kind: SlotBand, Index: first, Count: total - lower, Color: c.Piece(first).Color(), Thickness: t - lowerT})
		}
		for i := first - 1; i >= hideTop; i-- {
			add(Slot{Kind: SlotDisc, Index: i, Count: 1, Color: c.Piece(i).Color(), Thickness: t})
		}
	}

	// Every column stands on the same base, whatever its height, so that
	// hiding or adding pieces never moves the ones that stay: a single
	// disc sits about on the square's centre and taller columns grow up.
	y := math.Round(-float64(t)/2 + baseDrop*m.Square)
	l.BottomY = y + float64(t) + m.FaceHalf
	for i := 0; i < l.N; i++ {
		if i > 0 {
			y -= float64(l.Slots[i].Thickness)
		}
		l.Slots[i].FaceY = y
	}
	l.TopY = y
	return l
}

// BadgeCenter is where the height badge of a column goes, relative to the
// centre of its square: beside the top face, on the right.
func (l *ColumnLayout) BadgeCenter(m DiscMetrics) (x, y float64) {
	return m.Radius * 0.92, l.TopY - m.FaceHalf*0.55
}
