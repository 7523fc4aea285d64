package browser

import (
	"fmt"
	"image"
	"image/color"
	"time"

	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/home"
	"bashni/scenes/newgame"
	"bashni/sprites"
)

// This file reads the game's screen: where its buttons are (the scenes'
// own layout functions) and what a screenshot shows on each square.

// cssRect is a rectangle of the game's layout (physical pixels) in CSS pixels.
func (b *browser) cssCentre(r scenes.Rect) (float64, float64) {
	s := b.dev.scale
	return (r.X + r.W/2) / s, (r.Y + r.H/2) / s
}

// physical is the game's screen size in physical pixels and its scale.
func (b *browser) physical() (w, h, scale float64) {
	s := b.dev.scale
	return float64(b.dev.width) * s, float64(b.dev.height) * s, s
}

// titleButton is the centre of a title-screen button.
func (b *browser) titleButton(canContinue bool, pick func(home.TitleRects) scenes.Rect) (float64, float64) {
	w, h, s := b.physical()
	return b.cssCentre(pick(home.TitleLayout(w, h, s, canContinue)))
}

// newGamePlay is the centre of the new-game screen's Play button.
func (b *browser) newGamePlay() (float64, float64) {
	w, h, s := b.physical()
	return b.cssCentre(newgame.Layout(w, h, s).Start)
}

// variantOf is the game drawn on a board of that many squares a side.
func variantOf(st state) rules.Variant {
	if st.Board.Size == 7 {
		return rules.Lasca
	}
	return rules.Bashni
}

// position parses the state's FEN.
func (b *browser) position(st state) *rules.Position {
	b.t.Helper()
	v := rules.Bashni
	if st.Board.Size == 7 || (st.Board.Size == 0 && isLascaFEN(st.FEN)) {
		v = rules.Lasca
	}
	p, err := rules.ParseFEN(v, st.FEN)
	if err != nil {
		b.t.Fatalf("window.bashni.fen %q: %v", st.FEN, err)
	}
	return p
}

func isLascaFEN(fen string) bool {
	_, err := rules.ParseFEN(rules.Bashni, fen)
	return err != nil
}

// kind is what a square shows from above.
type kind uint8

const (
	empty kind = iota
	whiteTop
	blackTop
)

func (k kind) String() string { return [...]string{"empty", "white", "black"}[k] }

// classify tells a disc's top face from the board at device pixel (x, y):
// the average of a 5×5 patch, by luminance (the default theme's white discs
// are light, its black discs dark, its dark squares in between).
func classify(img image.Image, x, y float64) (kind, color.RGBA) {
	var r, g, bl, n int
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			cr, cg, cb, _ := img.At(int(x)+dx, int(y)+dy).RGBA()
			r, g, bl, n = r+int(cr>>8), g+int(cg>>8), bl+int(cb>>8), n+1
		}
	}
	c := color.RGBA{uint8(r / n), uint8(g / n), uint8(bl / n), 255}
	switch l := 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B); {
	case l > 185:
		return whiteTop, c
	case l < 85:
		return blackTop, c
	}
	return empty, c
}

// boardMismatches compares a screenshot (device pixels) with the position
// of st, square by square: every column's top face (above the square's
// centre: discs are drawn in side view; beside the crown of a king) shows
// its owner's colour, and every empty dark square shows the board.
func (b *browser) boardMismatches(img image.Image, st state) []string {
	b.t.Helper()
	p := b.position(st)
	v := variantOf(st)
	sc := b.dev.scale
	g := sprites.Geometry{Variant: v, X: st.Board.X * sc, Y: st.Board.Y * sc, Square: st.Board.Square * sc, Flipped: st.Board.Flipped}
	m := sprites.MetricsFor(g.Square)
	var bad []string
	for _, q := range v.Squares() {
		c := p.Column(q)
		x, y := g.SquareCenter(q)
		want := empty
		if !c.IsEmpty() {
			want = whiteTop
			if c.Owner() == rules.Black {
				want = blackTop
			}
			y += sprites.LayoutColumn(c, 0, m).TopY
			if c.Top().IsKing() {
				x -= 0.72 * m.Radius // beside the gold crown, on the disc's face
			}
		}
		if got, col := classify(img, x, y); got != want {
			bad = append(bad, fmt.Sprintf("%v: want %v, see %v %v", q, want, got, col))
		}
	}
	return bad
}

// expectBoard fails unless a screenshot shows the position of st.
func (b *browser) expectBoard(name string, st state) image.Image {
	b.t.Helper()
	// The frame that shows st reaches the screen a little after the state
	// says so (later on a busy machine): look again until it does.
	var bad []string
	deadline := time.Now().Add(patience)
	for {
		img := b.screenshot(name)
		if bad = b.boardMismatches(img, st); len(bad) == 0 {
			return img
		}
		if time.Now().After(deadline) {
			b.t.Errorf("%s: the screen does not show %s: %v", name, st.FEN, bad)
			return img
		}
		time.Sleep(100 * time.Millisecond)
	}
}
