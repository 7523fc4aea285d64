package sprites

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// grainTileSize is the side of the wood grain tile. Squares sample regions
// of it at random offsets, so no two squares look alike.
const grainTileSize = 512

// grainArt is wood grain as two white masks, the dark streaks and the light
// ones, tinted with shades of the wood they lie on when drawn (black and
// white overlays would turn warm wood grey). It depends on neither theme
// colours nor size.
type grainArt struct {
	dark, light *ebiten.Image
}

func (g *grainArt) release() {
	g.dark.Deallocate()
	g.light.Deallocate()
}

// grainTiles returns the grain masks, making them on first use.
func (r *Renderer) grainTiles() *grainArt {
	if r.grain == nil {
		dark, light := renderGrainTiles(grainTileSize, 5)
		r.grain = &grainArt{dark: dark, light: light}
	}
	return r.grain
}

// renderGrainTiles draws grain running along x: long fibres, growth rings
// wandering across them, and fine pores.
func renderGrainTiles(size int, seed uint32) (dark, light *ebiten.Image) {
	darkPix := image.NewRGBA(image.Rect(0, 0, size, size))
	lightPix := image.NewRGBA(image.Rect(0, 0, size, size))
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			fx, fy := float64(x), float64(y)
			fibres := fbm(fx/110, fy/4.5, seed, 4)*2 - 1
			warp := fbm(fx/220, fy/50, seed+7, 3) * 46
			ring := math.Sin((fy + warp) * 2 * math.Pi / 26)
			ringLine := math.Pow(math.Max(0, ring), 8)
			pores := fbm(fx/3, fy/1.1, seed+13, 2)*2 - 1
			d := 0.6*fibres - 0.38*ringLine + 0.12*pores
			i := darkPix.PixOffset(x, y)
			pix, a := lightPix.Pix, d
			if d < 0 {
				pix, a = darkPix.Pix, -d
			}
			v := uint8(math.Min(1, a) * 255)
			pix[i], pix[i+1], pix[i+2], pix[i+3] = v, v, v, v // premultiplied white
		}
	}
	dark = ebiten.NewImageWithOptions(darkPix.Bounds(), &ebiten.NewImageOptions{Unmanaged: true})
	dark.WritePixels(darkPix.Pix)
	light = ebiten.NewImageWithOptions(lightPix.Bounds(), &ebiten.NewImageOptions{Unmanaged: true})
	light.WritePixels(lightPix.Pix)
	return dark, light
}

// drawGrain lays the grain over a region of dst: the masks tinted with a
// darker and a lighter shade of base, at the given strengths. geo maps tile
// pixels to dst.
func drawGrain(dst *ebiten.Image, g *grainArt, src image.Rectangle, geo ebiten.GeoM, base color.NRGBA, dark, light float64, blend ebiten.Blend) {
	for i, mask := range []*ebiten.Image{g.dark, g.light} {
		op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear, Blend: blend}
		op.GeoM = geo
		if i == 0 {
			op.ColorScale.ScaleWithColor(lit(base, rgb(0xffffff), -0.55))
			op.ColorScale.ScaleAlpha(float32(dark))
		} else {
			op.ColorScale.ScaleWithColor(lit(base, rgb(0xfff8e8), 0.5))
			op.ColorScale.ScaleAlpha(float32(light))
		}
		dst.DrawImage(mask.SubImage(src).(*ebiten.Image), op)
	}
}
