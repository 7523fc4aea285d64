package sprites

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/i18n"
)

// Renderer draws the game's art for one theme at one square size. It builds
// every sprite the first time it is needed and keeps it until the theme or
// the size changes, so a frame costs DrawImage calls only. The sprites of
// the previous size are kept too, so a scene may switch between two sizes
// every frame (a board and a thumbnail) without redrawing anything.
//
// A Renderer is not safe for concurrent use; Ebitengine draws on one
// goroutine anyway. All sizes and positions are physical pixels.
type Renderer struct {
	theme  Theme
	square float64
	m      DiscMetrics
	fonts  *Fonts
	words  *i18n.Catalog // the language of the inspector's text
	dp     float64       // physical pixels per dp (SetDeviceScale); 0 means 1
	art    *art          // sprites for theme × square size; nil until needed
	prev   *art          // sprites of the size before, kept for switching back
	grain  *grainArt     // wood grain for the theme; survives size changes
	icons  iconCache     // white icons by kind and size; survive theme changes
	panels panelCache    // 9-slice panels by style and radius; follow the theme
	sc     scratch       // images reused while sprites are drawn

	// op is reused by every per-frame draw so that drawing allocates nothing.
	op ebiten.DrawImageOptions
}

// DefaultSquareSize is the square size a new Renderer starts with.
const DefaultSquareSize = 64

// NewRenderer returns a renderer for a copy of theme t (the default theme
// if t is nil).
func NewRenderer(t *Theme) *Renderer {
	if t == nil {
		t = Themes()[0]
	}
	r := &Renderer{theme: *t, fonts: NewFonts(), words: i18n.New(i18n.English)}
	r.setSquare(DefaultSquareSize)
	return r
}

// SetLanguage sets the language of the text the renderer draws (the column
// inspector's); English until set. The fonts follow UseLanguage.
func (r *Renderer) SetLanguage(c *i18n.Catalog) {
	if c != nil {
		r.words = c
	}
}

// Theme returns the renderer's theme. Read it, do not change it: use
// SetTheme.
func (r *Renderer) Theme() *Theme { return &r.theme }

// SetTheme switches to a copy of t; sprites are redrawn when next needed.
func (r *Renderer) SetTheme(t *Theme) {
	if t == nil || *t == r.theme {
		return
	}
	r.theme = *t
	r.dropArt()
	r.panels.release()
	if r.grain != nil {
		r.grain.release()
		r.grain = nil
	}
}

// SetSquareSize sets the size of a board square in physical pixels; every
// size-dependent sprite follows it. Calling it with the current size costs
// nothing, so a scene may call it every frame.
func (r *Renderer) SetSquareSize(px float64) {
	if px < 8 || math.IsNaN(px) {
		px = 8
	}
	if px == r.square {
		return
	}
	cur := r.art
	if r.prev != nil && r.prev.m.Square == px {
		r.art = r.prev
	} else {
		if r.prev != nil {
			r.prev.release()
		}
		r.art = nil
	}
	r.prev = cur
	r.setSquare(px)
}

func (r *Renderer) setSquare(px float64) {
	r.square = px
	r.m = MetricsFor(px)
}

// SquareSize is the current square size.
func (r *Renderer) SquareSize() float64 { return r.square }

// Metrics are the disc proportions at the current square size.
func (r *Renderer) Metrics() DiscMetrics { return r.m }

// Fonts is the renderer's font cache, for all the text of the game.
func (r *Renderer) Fonts() *Fonts { return r.fonts }

// Release frees every cached image now rather than when the garbage
// collector gets to them. The renderer remains usable.
func (r *Renderer) Release() {
	r.dropArt()
	if r.grain != nil {
		r.grain.release()
		r.grain = nil
	}
	r.icons.release()
	r.panels.release()
	r.sc.release()
}

func (r *Renderer) dropArt() {
	for _, a := range []**art{&r.art, &r.prev} {
		if *a != nil {
			(*a).release()
			*a = nil
		}
	}
}

// sprites returns the sprite cache for the current theme and size.
func (r *Renderer) sprites() *art {
	if r.art == nil {
		r.art = newArt(&r.theme, r.m, &r.sc)
	}
	return r.art
}

// blit draws a sprite with its anchor at (x, y), reusing r.op. At scale 1
// the position is rounded to whole pixels so sprites stay sharp.
func (r *Renderer) blit(dst, src *ebiten.Image, x, y, scale, alpha float64) {
	r.op = ebiten.DrawImageOptions{}
	anchor(&r.op.GeoM, src)
	if scale != 1 {
		r.op.GeoM.Scale(scale, scale)
		r.op.Filter = ebiten.FilterLinear
	} else {
		x, y = math.Round(x), math.Round(y)
	}
	r.op.GeoM.Translate(x, y)
	if alpha < 1 {
		r.op.ColorScale.ScaleAlpha(float32(max(0, alpha)))
	}
	dst.DrawImage(src, &r.op)
}

// blitRotated draws a sprite rotated by angle (radians) about its anchor.
func (r *Renderer) blitRotated(dst, src *ebiten.Image, x, y, angle, scale float64, cs ebiten.ColorScale) {
	r.op = ebiten.DrawImageOptions{}
	anchor(&r.op.GeoM, src)
	r.op.GeoM.Scale(scale, scale)
	r.op.GeoM.Rotate(angle)
	r.op.GeoM.Translate(x, y)
	r.op.Filter = ebiten.FilterLinear
	r.op.ColorScale = cs
	dst.DrawImage(src, &r.op)
}
