package ui

import (
	"image"
	"image/color"
	"math"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"bashni/i18n/linebreak"
	"bashni/internal/text"
	"bashni/sprites"
)

// Rect is a rectangle in physical pixels.
type Rect = sprites.Rect

// Painter draws the interface's shapes and text. Rounded rectangles and
// circles are rendered once into images and kept, so that a frame is
// DrawImage calls; the cache is dropped when it grows past a bound (after
// many window resizes).
type Painter struct {
	Theme *sprites.Theme
	Fonts *sprites.Fonts
	R     *sprites.Renderer // for icons and small discs
	Scale float64           // physical pixels per dp

	shapes map[shapeKey]*ebiten.Image
	op     ebiten.DrawImageOptions
	top    text.DrawOptions
	path   vector.Path
}

type shapeKey struct {
	w, h, r int
	fill    color.NRGBA
	edge    color.NRGBA
	edgeW   int // tenths of a pixel
}

// NewPainter makes a painter that draws with r's theme, fonts and icons.
func NewPainter(r *sprites.Renderer, scale float64) *Painter {
	return &Painter{Theme: r.Theme(), Fonts: r.Fonts(), R: r, Scale: scale, shapes: map[shapeKey]*ebiten.Image{}}
}

// DP converts dp to physical pixels.
func (p *Painter) DP(v float64) float64 { return v * p.Scale }

// ThemeChanged forgets the shapes drawn in the old theme; call it after
// the renderer's theme changed.
func (p *Painter) ThemeChanged() {
	p.Theme = p.R.Theme()
	p.Reset()
}

// Reset forgets every cached shape.
func (p *Painter) Reset() {
	for _, img := range p.shapes {
		img.Deallocate()
	}
	clear(p.shapes)
}

// RoundRect fills r with rounded corners of radius rad (physical pixels),
// with an outline of width edgeW in edge when edgeW > 0.
func (p *Painter) RoundRect(dst *ebiten.Image, r Rect, rad float64, fill color.NRGBA, edgeW float64, edge color.NRGBA) {
	x, y := math.Round(r.X), math.Round(r.Y)
	w, h := int(math.Round(r.X+r.W)-x), int(math.Round(r.Y+r.H)-y)
	if w <= 0 || h <= 0 {
		return
	}
	k := shapeKey{w: w, h: h, r: int(math.Round(rad)), fill: fill, edge: edge, edgeW: int(math.Round(edgeW * 10))}
	if edgeW <= 0 {
		k.edge = color.NRGBA{}
	}
	img, ok := p.shapes[k]
	if !ok {
		if len(p.shapes) > 512 {
			p.Reset()
		}
		img = p.renderRoundRect(k)
		p.shapes[k] = img
	}
	p.op = ebiten.DrawImageOptions{}
	p.op.GeoM.Translate(x, y)
	dst.DrawImage(img, &p.op)
}

func (p *Painter) renderRoundRect(k shapeKey) *ebiten.Image {
	img := ebiten.NewImageWithOptions(image.Rect(0, 0, k.w, k.h), nil)
	var path vector.Path
	r := float64(k.r)
	ew := float64(k.edgeW) / 10
	w, h := float64(k.w), float64(k.h)
	if ew <= 0 {
		addRoundRect(&path, 0, 0, w, h, r)
		fillPath(img, &path, k.fill)
		return img
	}
	// The fill, then the outline stroked on the inside of the bounds.
	half := ew / 2
	addRoundRect(&path, half, half, w-ew, h-ew, math.Max(0, r-half))
	if k.fill.A > 0 {
		fillPath(img, &path, k.fill)
	}
	so := &vector.StrokeOptions{Width: float32(ew), LineJoin: vector.LineJoinRound}
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(k.edge)
	vector.StrokePath(img, &path, so, op)
	return img
}

// Circle fills a circle of radius rad centred at (cx, cy).
func (p *Painter) Circle(dst *ebiten.Image, cx, cy, rad float64, fill color.NRGBA) {
	d := 2 * rad
	p.RoundRect(dst, Rect{X: cx - rad, Y: cy - rad, W: d, H: d}, rad, fill, 0, color.NRGBA{})
}

// Ring draws a circle outline.
func (p *Painter) Ring(dst *ebiten.Image, cx, cy, rad, width float64, c color.NRGBA) {
	d := 2 * rad
	p.RoundRect(dst, Rect{X: cx - rad, Y: cy - rad, W: d, H: d}, rad, color.NRGBA{}, width, c)
}

// Fill fills a rectangle with no rounding (cheap, nothing cached).
func (p *Painter) Fill(dst *ebiten.Image, r Rect, c color.NRGBA) {
	vector.FillRect(dst, float32(r.X), float32(r.Y), float32(r.W), float32(r.H), c, false)
}

// Line strokes a straight line.
func (p *Painter) Line(dst *ebiten.Image, x0, y0, x1, y1, width float64, c color.NRGBA) {
	vector.StrokeLine(dst, float32(x0), float32(y0), float32(x1), float32(y1), float32(width), c, true)
}

// Text draws one line with (x, y) at the alignment point; size is in dp.
func (p *Painter) Text(dst *ebiten.Image, s string, size float64, w sprites.Weight, x, y float64, h, v text.Align, c color.NRGBA) {
	p.top = text.DrawOptions{}
	p.top.GeoM.Translate(math.Round(x), math.Round(y))
	// ScaleWithColor's arithmetic, without boxing c in a color.Color
	// (an allocation for every line of text drawn).
	r, g, b, a := c.RGBA()
	p.top.ColorScale.Scale(float32(r)/0xffff, float32(g)/0xffff, float32(b)/0xffff, float32(a)/0xffff)
	p.top.PrimaryAlign = h
	p.top.SecondaryAlign = v
	// A player's name may need a font of its own (Hangul on an English
	// screen): NeedRunes puts it in use before the face is taken.
	p.Fonts.NeedRunes(s)
	text.Draw(dst, s, p.Fonts.Face(size*p.Scale, w), &p.top)
}

// Measure returns the width of s at size (dp) and weight, in physical pixels.
func (p *Painter) Measure(s string, size float64, w sprites.Weight) float64 {
	p.Fonts.NeedRunes(s)
	width, _ := text.Measure(s, p.Fonts.Face(size*p.Scale, w), 0)
	return width
}

// Wrap splits s into lines no wider than width (physical pixels) at size
// (dp); explicit newlines are kept. It breaks where the language allows
// (package linebreak): at spaces, and between kanji and kana in Japanese,
// which writes none.
func (p *Painter) Wrap(s string, size float64, w sprites.Weight, width float64) []string {
	var lines []string
	measure := func(t string) float64 { return p.Measure(t, size, w) }
	start := 0
	for start <= len(s) {
		end := start
		for end < len(s) && s[end] != '\n' {
			end++
		}
		if para := s[start:end]; needsLinebreak(para) {
			lines = append(lines, linebreak.Wrap(para, width, measure)...)
		} else {
			lines = p.wrapLine(lines, para, size, w, width)
		}
		start = end + 1
	}
	return lines
}

// needsLinebreak reports whether s has characters between which a line may
// break without a space (kanji, kana): package linebreak wraps those; text
// with spaces only keeps the spaces as they are (a licence's indentation).
func needsLinebreak(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) {
			return true
		}
	}
	return false
}

func (p *Painter) wrapLine(dst []string, s string, size float64, w sprites.Weight, width float64) []string {
	if s == "" {
		return append(dst, "")
	}
	line := ""
	i := 0
	for i < len(s) {
		j := i
		for j < len(s) && s[j] != ' ' {
			j++
		}
		word := s[i:j]
		try := word
		if line != "" {
			try = line + " " + word
		}
		if line != "" && p.Measure(try, size, w) > width {
			dst = append(dst, line)
			line = word
		} else {
			line = try
		}
		i = j + 1
	}
	return append(dst, line)
}

// DrawImageAt draws img with its top-left corner at (x, y), scaled by s.
func (p *Painter) DrawImageAt(dst, img *ebiten.Image, x, y, s float64, alpha float32) {
	p.op = ebiten.DrawImageOptions{}
	p.op.GeoM.Scale(s, s)
	p.op.GeoM.Translate(x, y)
	if s != 1 {
		p.op.Filter = ebiten.FilterLinear
	}
	if alpha < 1 {
		p.op.ColorScale.ScaleAlpha(alpha)
	}
	dst.DrawImage(img, &p.op)
}

// Path returns a reset scratch path for one-off vector drawing.
func (p *Painter) Path() *vector.Path {
	p.path.Reset()
	return &p.path
}

// FillPath fills a path anti-aliased.
func (p *Painter) FillPath(dst *ebiten.Image, path *vector.Path, c color.NRGBA) {
	fillPath(dst, path, c)
}

// StrokePath strokes a path with round joins.
func (p *Painter) StrokePath(dst *ebiten.Image, path *vector.Path, width float64, c color.NRGBA) {
	so := &vector.StrokeOptions{Width: float32(width), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.StrokePath(dst, path, so, op)
}

func fillPath(dst *ebiten.Image, path *vector.Path, c color.NRGBA) {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	vector.FillPath(dst, path, nil, op)
}

// addRoundRect adds a closed rectangle with rounded corners.
func addRoundRect(p *vector.Path, x, y, w, h, r float64) {
	r = math.Min(r, math.Min(w, h)/2)
	f := func(v float64) float32 { return float32(v) }
	if r <= 0 {
		p.MoveTo(f(x), f(y))
		p.LineTo(f(x+w), f(y))
		p.LineTo(f(x+w), f(y+h))
		p.LineTo(f(x), f(y+h))
		p.Close()
		return
	}
	p.MoveTo(f(x+r), f(y))
	p.LineTo(f(x+w-r), f(y))
	p.Arc(f(x+w-r), f(y+r), f(r), -math.Pi/2, 0, vector.Clockwise)
	p.LineTo(f(x+w), f(y+h-r))
	p.Arc(f(x+w-r), f(y+h-r), f(r), 0, math.Pi/2, vector.Clockwise)
	p.LineTo(f(x+r), f(y+h))
	p.Arc(f(x+r), f(y+h-r), f(r), math.Pi/2, math.Pi, vector.Clockwise)
	p.LineTo(f(x), f(y+r))
	p.Arc(f(x+r), f(y+r), f(r), math.Pi, 3*math.Pi/2, vector.Clockwise)
	p.Close()
}

// Mix blends two colours, t in [0, 1].
func Mix(a, b color.NRGBA, t float64) color.NRGBA {
	t = math.Max(0, math.Min(1, t))
	l := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t + 0.5) }
	return color.NRGBA{R: l(a.R, b.R), G: l(a.G, b.G), B: l(a.B, b.B), A: l(a.A, b.A)}
}

// Alpha returns c with its opacity multiplied by a.
func Alpha(c color.NRGBA, a float64) color.NRGBA {
	c.A = uint8(float64(c.A)*math.Max(0, math.Min(1, a)) + 0.5)
	return c
}

// Clip keeps the sub-image of a screen that a scrolling area or a field
// draws into, clipped to its rectangle, so that a frame allocates nothing.
type Clip struct {
	dst, img *ebiten.Image
	r        Rect
}

// Of is the part of dst inside r (a new sub-image only when dst or r
// changed).
func (c *Clip) Of(dst *ebiten.Image, r Rect) *ebiten.Image {
	if c.dst != dst || c.r != r {
		c.dst, c.r = dst, r
		c.img = dst.SubImage(ImageRect(r)).(*ebiten.Image)
	}
	return c.img
}

// ImageRect is r as an image rectangle covering it whole (for SubImage
// clipping).
func ImageRect(r Rect) image.Rectangle {
	return image.Rect(int(r.X), int(r.Y), int(r.X+r.W+0.999), int(r.Y+r.H+0.999))
}

// Flame draws a flame, size high, centred at (x, y): an arena's streak
// (the next game scores double) and a berserk player's mark.
func (p *Painter) Flame(dst *ebiten.Image, x, y, size float64, col color.NRGBA) {
	var path vector.Path
	h, w := size, size*0.7
	top, bot := y-h/2, y+h/2
	path.MoveTo(float32(x), float32(top))
	path.CubicTo(float32(x+w*0.2), float32(top+h*0.3), float32(x+w/2), float32(y), float32(x+w/2), float32(y+h*0.15))
	path.CubicTo(float32(x+w/2), float32(bot), float32(x-w/2), float32(bot), float32(x-w/2), float32(y+h*0.15))
	path.CubicTo(float32(x-w/2), float32(y-h*0.1), float32(x-w*0.15), float32(y-h*0.05), float32(x), float32(top))
	path.Close()
	p.FillPath(dst, &path, col)
	if size >= 10 {
		// A lighter core low in the flame: fire, not a drop.
		p.flameCore(dst, x, y+h*0.18, size*0.5, Mix(col, color.NRGBA{255, 214, 90, 255}, 0.75))
	}
}

func (p *Painter) flameCore(dst *ebiten.Image, x, y, size float64, col color.NRGBA) {
	var path vector.Path
	h, w := size, size*0.7
	top, bot := y-h/2, y+h/2
	path.MoveTo(float32(x), float32(top))
	path.CubicTo(float32(x+w*0.2), float32(top+h*0.3), float32(x+w/2), float32(y), float32(x+w/2), float32(y+h*0.15))
	path.CubicTo(float32(x+w/2), float32(bot), float32(x-w/2), float32(bot), float32(x-w/2), float32(y+h*0.15))
	path.CubicTo(float32(x-w/2), float32(y-h*0.1), float32(x-w*0.15), float32(y-h*0.05), float32(x), float32(top))
	path.Close()
	p.FillPath(dst, &path, col)
}
