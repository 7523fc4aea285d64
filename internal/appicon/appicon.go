// Package appicon draws the game's app icon procedurally (a short column of
// discs with a crown on a dark tile), with the pure-Go rasteriser of
// golang.org/x/image/vector. It is the one source of every icon the game
// ships: the web manifest's icons (go generate ./wasm) and the Windows .ico,
// macOS .icns and Linux hicolor icons that cmd/release makes. Each size is
// drawn at that size, not scaled from a large one, so small icons stay sharp.
package appicon

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// Icon renders a size×size icon. A maskable icon keeps its artwork inside the
// central safe zone (80 %) and fills the whole square with the background, as
// launchers crop it to their own shape.
func Icon(size int, maskable bool) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	s := float32(size)
	bg := color.RGBA{0x2b, 0x21, 0x18, 0xff}
	if maskable {
		draw.Draw(img, img.Bounds(), image.NewUniform(bg), image.Point{}, draw.Src)
	} else {
		fill(img, roundedRect(s, 0, 0, s, s, s*0.22), bg)
	}
	// Inner board-like tile.
	scale := float32(1)
	if maskable {
		scale = 0.8
	}
	cx, cy := s/2, s/2
	unit := s * scale
	// Four discs, side view: two black prisoners under two white pieces,
	// the top one a king.
	discW, discH, rim := unit*0.64, unit*0.24, unit*0.075
	top := cy - unit*0.10
	dark := [2]color.RGBA{{0x4a, 0x3e, 0x37, 0xff}, {0x24, 0x1c, 0x18, 0xff}}
	light := [2]color.RGBA{{0xf6, 0xec, 0xd9, 0xff}, {0xc4, 0xac, 0x84, 0xff}}
	edge := color.RGBA{0x8a, 0x76, 0x66, 0xff}
	for i := 3; i >= 0; i-- {
		y := top + float32(i)*rim
		face, side := light[0], light[1]
		if i >= 2 {
			face, side = dark[0], dark[1]
			// A light outline keeps the dark discs visible on the dark tile.
			o := unit * 0.012
			fill(img, ellipse(cx, y+rim, discW/2+o, discH/2+o), edge)
			fill(img, rect(cx-discW/2-o, y, discW+2*o, rim), edge)
		}
		fill(img, ellipse(cx, y+rim, discW/2, discH/2), side)
		fill(img, rect(cx-discW/2, y, discW, rim), side)
		fill(img, ellipse(cx, y, discW/2, discH/2), face)
	}
	// A crown inlaid on the top face.
	gold := color.RGBA{0xd9, 0xa4, 0x2a, 0xff}
	fill(img, crown(cx, top+discH*0.22, unit*0.30, unit*0.16), gold)
	return img
}

// MacOS renders a size×size icon for a macOS .icns: the rounded tile inset
// on a transparent canvas the way Apple's icon grid wants it (an 824-pixel
// tile on a 1024-pixel canvas), so the icon is as big as its neighbours in the
// Dock and the Finder instead of larger.
func MacOS(size int) *image.RGBA {
	inner := (size*824 + 512) / 1024
	off := (size - inner) / 2
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	draw.Draw(img, image.Rect(off, off, off+inner, off+inner), Icon(inner, false), image.Point{}, draw.Src)
	return img
}

type path func(r *vector.Rasterizer)

func fill(img *image.RGBA, p path, c color.RGBA) {
	b := img.Bounds()
	r := vector.NewRasterizer(b.Dx(), b.Dy())
	p(r)
	r.Draw(img, b, image.NewUniform(c), image.Point{})
}

func rect(x, y, w, h float32) path {
	return func(r *vector.Rasterizer) {
		r.MoveTo(x, y)
		r.LineTo(x+w, y)
		r.LineTo(x+w, y+h)
		r.LineTo(x, y+h)
		r.ClosePath()
	}
}

func roundedRect(_ float32, x, y, w, h, rad float32) path {
	return func(r *vector.Rasterizer) {
		const k = 0.5523 // control distance for a quarter circle
		r.MoveTo(x+rad, y)
		r.LineTo(x+w-rad, y)
		r.CubeTo(x+w-rad+rad*k, y, x+w, y+rad-rad*k, x+w, y+rad)
		r.LineTo(x+w, y+h-rad)
		r.CubeTo(x+w, y+h-rad+rad*k, x+w-rad+rad*k, y+h, x+w-rad, y+h)
		r.LineTo(x+rad, y+h)
		r.CubeTo(x+rad-rad*k, y+h, x, y+h-rad+rad*k, x, y+h-rad)
		r.LineTo(x, y+rad)
		r.CubeTo(x, y+rad-rad*k, x+rad-rad*k, y, x+rad, y)
		r.ClosePath()
	}
}

func ellipse(cx, cy, rx, ry float32) path {
	return func(r *vector.Rasterizer) {
		const n = 64
		for i := 0; i <= n; i++ {
			a := 2 * math.Pi * float64(i) / n
			x, y := cx+rx*float32(math.Cos(a)), cy+ry*float32(math.Sin(a))
			if i == 0 {
				r.MoveTo(x, y)
			} else {
				r.LineTo(x, y)
			}
		}
		r.ClosePath()
	}
}

// crown is a three-pointed crown whose base is centred on (cx, baseY).
func crown(cx, baseY, w, h float32) path {
	return func(r *vector.Rasterizer) {
		l, rt := cx-w/2, cx+w/2
		r.MoveTo(l, baseY)
		r.LineTo(l-w*0.04, baseY-h)
		r.LineTo(l+w*0.25, baseY-h*0.45)
		r.LineTo(cx, baseY-h*1.15)
		r.LineTo(rt-w*0.25, baseY-h*0.45)
		r.LineTo(rt+w*0.04, baseY-h)
		r.LineTo(rt, baseY)
		r.ClosePath()
	}
}
