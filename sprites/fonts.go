package sprites

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
)

// Weight selects one of the Go fonts.
type Weight uint8

const (
	Regular Weight = iota
	Medium
	Bold
	weightCount
)

// Fonts hands out text faces of the Go fonts by pixel size and weight, made
// once and kept, for every piece of text in the game. Sizes are in physical
// pixels (the em size), rounded to half a pixel so that a resize does not
// create a face per frame.
//
// The faces are text/v2 GoXFaces over golang.org/x/image/font/opentype, not
// GoTextFaces: the game's text (Latin and Cyrillic, left to right) needs no
// shaping, and GoTextFace's shaper (go-text/typesetting) would add 0.9 MB to
// the gzipped WebAssembly download.
type Fonts struct {
	sources [weightCount]*opentype.Font
	faces   map[faceKey]text.Face
}

type faceKey struct {
	halfPixels int
	weight     Weight
}

// NewFonts parses the Go fonts. They are compiled into the binary, so this
// cannot fail short of a corrupted build, and then it panics.
func NewFonts() *Fonts {
	f := &Fonts{faces: map[faceKey]text.Face{}}
	for w, ttf := range [weightCount][]byte{goregular.TTF, gomedium.TTF, gobold.TTF} {
		src, err := opentype.Parse(ttf)
		if err != nil {
			panic(fmt.Sprintf("sprites: parsing the Go fonts: %v", err))
		}
		f.sources[w] = src
	}
	return f
}

// Face returns the face of the given size (pixels) and weight.
func (f *Fonts) Face(size float64, w Weight) text.Face {
	if w >= weightCount {
		w = Regular
	}
	k := faceKey{halfPixels: max(2, int(math.Round(size*2))), weight: w}
	face, ok := f.faces[k]
	if !ok {
		xf, err := opentype.NewFace(f.sources[w], &opentype.FaceOptions{Size: float64(k.halfPixels) / 2, DPI: 72})
		if err != nil {
			panic(fmt.Sprintf("sprites: a face of the Go fonts: %v", err))
		}
		face = text.NewGoXFace(xf)
		f.faces[k] = face
	}
	return face
}

// Measure returns the width and line height of s in the given face.
func (f *Fonts) Measure(s string, size float64, w Weight) (width, height float64) {
	face := f.Face(size, w)
	return text.Measure(s, face, face.Metrics().HAscent+face.Metrics().HDescent)
}

// Draw draws one line of text with (x, y) at the point given by the
// alignments: text.AlignStart/Center/End horizontally (left, centre, right)
// and vertically (top, middle, bottom of the line).
func (f *Fonts) Draw(dst *ebiten.Image, s string, size float64, w Weight, x, y float64, h, v text.Align, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.PrimaryAlign = h
	op.SecondaryAlign = v
	text.Draw(dst, s, f.Face(size, w), op)
}
