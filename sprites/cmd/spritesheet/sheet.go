package main

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/text"
	"bashni/rules"
	"bashni/sprites"
)

// renderSheet draws one theme's sheet offscreen and reads it back.
func renderSheet(t *sprites.Theme, s float64, only string) *image.RGBA {
	r := sprites.NewRenderer(t)
	r.SetSquareSize(s)
	f := sprites.FrameWidth(s)
	boardSide := 8*s + 2*f
	w := int(boardSide*2 + 7*s + 3*f + 40)
	h := int(boardSide + 9.1*s + math.Max(8.2*s, 440) + 40)
	switch only {
	case "board":
		w, h = int(boardSide+2*f), int(boardSide+2*f)
	case "columns":
		w, h = int(13*s), int(5.5*s)
	case "markers":
		w, h = int(13*s), int(2.4*s)
	case "panels":
		w, h = int(boardSide*2), int(12*s)
	}
	dst := ebiten.NewImage(w, h)
	dst.Fill(t.Background)
	fonts := r.Fonts()

	switch only {
	case "board":
		drawBashni(dst, r, f, f, s)
	case "columns":
		drawColumns(dst, r, 0, s*0.3, s)
	case "markers":
		drawMarkers(dst, r, 0, s*0.3, s)
	case "panels":
		drawPanels(dst, r, 0, s*0.3, s)
	default:
		title := math.Max(0.4*s, 18)
		fonts.Draw(dst, t.Name, title, sprites.Bold, 20, 8, text.AlignStart, text.AlignStart, t.Text)
		y0 := title + 16
		drawBashni(dst, r, f+20, y0+f, s)
		drawLasca(dst, r, boardSide+f+40, y0+f, s)
		y := y0 + boardSide + 0.4*s
		drawColumns(dst, r, 20, y, s)
		y += 5.5 * s
		drawMarkers(dst, r, 20, y, s)
		drawPanels(dst, r, 20, y+2.6*s, s)
	}

	pix := make([]byte, 4*w*h)
	dst.ReadPixels(pix)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	copy(img.Pix, pix)
	return img
}

// col builds a column from a compact description, top first: W/B men, K/Q
// white/black kings.
func col(s string) rules.Column {
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

func sq(name string) rules.Square {
	return rules.SquareAt(int(name[0]-'a'), int(name[1]-'1'))
}

// drawBashni draws a mid-game Bashni position with the play markers.
func drawBashni(dst *ebiten.Image, r *sprites.Renderer, x, y, s float64) {
	g := sprites.Geometry{Variant: rules.Bashni, X: x, Y: y, Square: s}
	r.DrawBoard(dst, g, true)
	pos := map[string]string{
		"a1": "K", "c1": "W", "e1": "W", "g1": "W",
		"b2": "W", "h2": "KBB",
		"c3": "W", "g3": "WBB", "e3": "WW",
		"d4": "BWWW", "f4": "WWWWWWBBBBBB", "b4": "",
		"a5": "W", "e5": "",
		"b6": "BQ", "f6": "B", "h6": "QWW",
		"c7": "BBWKWWW", "g7": "BW", "a7": "B",
		"d8": "Q", "h8": "",
	}
	center := func(n string) (float64, float64) { return g.SquareCenter(sq(n)) }
	// Square highlights first, then the route, rings, columns, dots.
	cx, cy := center("d4")
	r.DrawMarker(dst, sprites.MarkerLastTo, cx, cy, 0)
	cx, cy = center("h8")
	r.DrawMarker(dst, sprites.MarkerLastFrom, cx, cy, 0)
	for _, n := range []string{"g7", "e5"} {
		cx, cy = center(n)
		r.DrawMarker(dst, sprites.MarkerCaptured, cx, cy, 0)
	}
	cx, cy = center("c3")
	r.DrawMarker(dst, sprites.MarkerSelected, cx, cy, 0)
	route := g.RoutePoints(nil, []rules.Square{sq("h8"), sq("f6"), sq("d4")})
	r.DrawRoute(dst, route, sprites.RouteLastMove)
	for _, n := range []string{"a1", "e3", "b2"} {
		cx, cy = center(n)
		r.DrawMarker(dst, sprites.MarkerMovable, cx, cy, 0)
	}
	cx, cy = center("g3")
	r.DrawMarker(dst, sprites.MarkerMustCapture, cx, cy, 0.35)
	drawPosition(dst, r, g, pos)
	cx, cy = center("b4")
	r.DrawMarker(dst, sprites.MarkerDestination, cx, cy, 0)
	cx, cy = center("e3")
	r.DrawMarker(dst, sprites.MarkerHover, cx, cy, 0)
}

// drawPosition draws columns back to front (top screen row first).
func drawPosition(dst *ebiten.Image, r *sprites.Renderer, g sprites.Geometry, pos map[string]string) {
	n := g.Size()
	for row := 0; row < n; row++ {
		for c := 0; c < n; c++ {
			s := g.SquareAtCell(c, row)
			desc, ok := pos[s.String()]
			if !ok || desc == "" {
				continue
			}
			x, y := g.SquareCenter(s)
			r.DrawColumn(dst, x, y, col(desc), sprites.ColumnOptions{})
		}
	}
}

// drawLasca draws a flipped Lasca board with columns and the composition
// overlay on half of them.
func drawLasca(dst *ebiten.Image, r *sprites.Renderer, x, y, s float64) {
	g := sprites.Geometry{Variant: rules.Lasca, X: x, Y: y, Square: s, Flipped: true}
	r.DrawBoard(dst, g, true)
	pos := map[string]string{
		"a1": "W", "c1": "W", "e1": "W", "g1": "WB",
		"b2": "KB", "f2": "W",
		"a3": "W", "e3": "BWW", "g3": "W",
		"d4": "WQBB",
		"a5": "B", "c5": "BB", "g5": "QWWWWWW",
		"b6": "B", "d6": "B", "f6": "B",
		"a7": "B", "c7": "B", "e7": "Q", "g7": "B",
	}
	drawPosition(dst, r, g, pos)
	for _, n := range []string{"e3", "d4", "g5", "c5", "b2", "g1"} {
		cx, cy := g.SquareCenter(sq(n))
		r.DrawComposition(dst, cx, cy, col(pos[n]))
	}
}

// drawColumns draws every height from 1 to 12 owned by each side, with
// prisoners and buried kings, on dark squares.
func drawColumns(dst *ebiten.Image, r *sprites.Renderer, x, y, s float64) {
	t := r.Theme()
	white := []string{"W", "KB", "WWB", "WKBB", "WWBQB", "WWWBBB", "KWWWBBB", "WWWWBBBB", "WKWWWBBBB", "WWWWWBQBBB", "WWWWWWBBBBB", "KWWWWWWBBBBQ"}
	black := []string{"Q", "BW", "BBW", "BQWW", "BBWKW", "QBBWWW", "BBBWWWK", "BBBBBWWW", "BQBBWWWWW", "BBBBBBBBBB", "QBBBBBBBBWW", "BWWWWWWWWWWK"}
	for row, set := range [][]string{white, black} {
		cy := y + 1.75*s*float64(row) + 1.2*s
		for i, d := range set {
			cx := x + s*(float64(i)+0.5)
			dstRect(dst, cx-s/2, cy-s/2, s, s, t.DarkSquare)
			r.DrawColumn(dst, cx, cy, col(d), sprites.ColumnOptions{})
		}
	}
	// Animation helpers: a column with its top hidden and the top flying,
	// a lifted column, a ghost, scaled and faded discs, crowns.
	cy := y + 3.5*s + 1.2*s
	for i := 0; i < 12; i++ {
		dstRect(dst, x+s*float64(i), cy-s/2, s, s, t.DarkSquare)
	}
	c := col("WBBQ")
	cx := x + 0.5*s
	r.DrawColumn(dst, cx, cy, c, sprites.ColumnOptions{HideTop: 1})
	l := r.ColumnLayout(c, 0)
	top := l.Slots[l.N-1]
	r.DrawDisc(dst, cx+0.25*s, cy+top.FaceY+float64(top.Thickness)/2-0.5*s, rules.WhiteMan, sprites.DiscOptions{Shadow: true, Lift: 0.5 * s})
	r.DrawColumn(dst, x+2*s, cy, col("KBB"), sprites.ColumnOptions{Lift: 0.35 * s, Scale: 1.08})
	r.DrawColumn(dst, x+3*s, cy, col("KBB"), sprites.ColumnOptions{Ghost: true})
	r.DrawDisc(dst, x+4*s, cy, rules.BlackKing, sprites.DiscOptions{Scale: 1.3})
	r.DrawDisc(dst, x+5*s, cy, rules.WhiteKing, sprites.DiscOptions{Fade: 0.5})
	r.DrawDisc(dst, x+6*s, cy, rules.BlackMan, sprites.DiscOptions{Prisoner: true})
	r.DrawDisc(dst, x+7*s, cy, rules.WhiteMan, sprites.DiscOptions{Prisoner: true})
	r.DrawCrown(dst, x+8*s, cy, rules.White, 0.6, 0)
	r.DrawCrown(dst, x+9*s, cy, rules.White, 1, 0)
	r.DrawCrown(dst, x+10.5*s, cy, rules.Black, 1.8, 0.2)
}

// drawMarkers shows each marker alone on a dark square, with a disc where
// the marker goes under one.
func drawMarkers(dst *ebiten.Image, r *sprites.Renderer, x, y, s float64) {
	t := r.Theme()
	kinds := []sprites.MarkerKind{
		sprites.MarkerMovable, sprites.MarkerMustCapture, sprites.MarkerMustCapture, sprites.MarkerDestination,
		sprites.MarkerSelected, sprites.MarkerHover, sprites.MarkerLastFrom, sprites.MarkerLastTo,
		sprites.MarkerCaptured, sprites.MarkerHintFrom, sprites.MarkerHintTo,
	}
	withDisc := map[int]bool{0: true, 1: true, 2: true, 4: true, 7: true, 8: true, 10: true}
	cy := y + s
	for i, k := range kinds {
		cx := x + s*(float64(i)+0.5)*1.1
		dstRect(dst, cx-s/2, cy-s/2, s, s, t.DarkSquare)
		phase := 0.0
		if i == 2 {
			phase = 0.5
		}
		r.DrawMarker(dst, k, cx, cy, phase)
		if withDisc[i] {
			r.DrawColumn(dst, cx, cy, col("W"), sprites.ColumnOptions{})
		}
	}
}

// drawPanels shows the inspector for two columns and the icons.
func drawPanels(dst *ebiten.Image, r *sprites.Renderer, x, y, s float64) {
	t := r.Theme()
	a := r.Inspector(col("WKBBQ"), sq("d4"))
	r.DrawInspector(dst, x, y, col("WKBBQ"), sq("d4"))
	b := r.Inspector(col("KWWWBBBBBBBQ"), sq("f4"))
	r.DrawInspector(dst, x+float64(a.Bounds().Dx())+0.3*s, y, col("KWWWBBBBBBBQ"), sq("f4"))
	r.DrawInspector(dst, x+float64(a.Bounds().Dx()+b.Bounds().Dx())+0.6*s, y, col("QW"), rules.NoSquare)

	ix := x + float64(a.Bounds().Dx()+2*b.Bounds().Dx()) + 1.2*s
	size := math.Round(0.42 * s)
	kinds := []sprites.IconKind{sprites.IconUndo, sprites.IconRedo, sprites.IconFlip, sprites.IconHint,
		sprites.IconMenu, sprites.IconSettings, sprites.IconSoundOn, sprites.IconSoundOff, sprites.IconBack,
		sprites.IconPlay, sprites.IconClose, sprites.IconCopy, sprites.IconCheck}
	for i, k := range kinds {
		cx := ix + float64(i%4)*size*1.9
		cy := y + size + float64(i/4)*size*1.9
		style := sprites.PanelButton
		switch i {
		case 3:
			style = sprites.PanelButtonHover
		case 6:
			style = sprites.PanelButtonActive
		case 9:
			style = sprites.PanelAccent
		}
		r.DrawPanel(dst, sprites.Rect{X: cx - size*0.85, Y: cy - size*0.85, W: size * 1.7, H: size * 1.7}, size*0.3, style)
		clr := t.ButtonText
		if style == sprites.PanelAccent {
			clr = t.AccentText
		}
		r.DrawIcon(dst, k, cx, cy, size, clr)
	}
	for i := 0; i < 4; i++ {
		cx := ix + float64(i)*size*1.9
		cy := y + size + 4*size*1.9
		r.DrawSpinner(dst, cx, cy, size, float64(i)/4, t.Accent)
	}
	// A plain panel with a wide button in it.
	py := y + size + 5*size*1.9 + 1.4*s
	r.DrawPanel(dst, sprites.Rect{X: ix, Y: py, W: 7.5 * size * 1.2, H: 2.6 * size}, 0.4*size, sprites.PanelPlain)
	r.DrawPanel(dst, sprites.Rect{X: ix + 0.4*size, Y: py + 0.4*size, W: 7.5*size*1.2 - 0.8*size, H: 1.8 * size}, 0.3*size, sprites.PanelAccent)
	r.Fonts().Draw(dst, "New game", 0.8*size, sprites.Bold, ix+7.5*size*0.6, py+1.3*size, text.AlignCenter, text.AlignCenter, t.AccentText)
	// Large icons, to check the drawing itself.
	big := math.Round(1.0 * s)
	for i, k := range kinds[:7] {
		r.DrawIcon(dst, k, ix+float64(i)*big*1.2+big/2, y+size+5*size*1.9+big*0.6, big, t.Text)
	}
}

func dstRect(dst *ebiten.Image, x, y, w, h float64, c interface{ RGBA() (r, g, b, a uint32) }) {
	sub := dst.SubImage(image.Rect(int(math.Round(x)), int(math.Round(y)), int(math.Round(x+w)), int(math.Round(y+h)))).(*ebiten.Image)
	sub.Fill(c)
}
