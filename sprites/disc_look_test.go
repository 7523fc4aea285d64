package sprites

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/rules"
)

// rimDip is how much darker the deepest line across a rim profile is than
// the lighter of the brightest points above and below it (0: no line
// across it). profile runs down the rim.
func rimDip(profile []float64) float64 {
	worst := 0.0
	for i := 1; i+1 < len(profile); i++ {
		above, below := 0.0, 0.0
		for _, v := range profile[:i] {
			above = max(above, v)
		}
		for _, v := range profile[i+1:] {
			below = max(below, v)
		}
		worst = max(worst, min(above, below)-profile[i])
	}
	return worst
}

// columnProfile draws column c on a dark square of size s and returns the
// luminance down its rims, left of centre (clear of the king's medallion):
// from the front of the top face to the bottom of the lowest rim, without
// the outlines at both ends.
func columnProfile(th *Theme, s float64, c rules.Column, dump string) []float64 {
	var prof []float64
	onMain(func() {
		r := NewRenderer(th)
		defer r.Release()
		r.SetSquareSize(s)
		size := int(2 * s)
		img := ebiten.NewImage(size, size)
		img.Fill(th.DarkSquare)
		cx, cy := s, s*1.2
		r.DrawColumn(img, cx, cy, c, ColumnOptions{NoBadge: true, NoShadow: true})
		sn := snap(img)
		m := r.Metrics()
		l := r.ColumnLayout(c, 0)
		edge := discEdgeWidth(s)
		x := cx - 0.35*m.Radius
		// The front of the top face at x, then down to the bottom rim.
		top := cy + l.TopY + m.FaceHalf*0.94 + edge*1.5
		bottom := cy + l.Slots[0].FaceY + m.FaceHalf*0.94 + float64(l.Slots[0].Thickness) - edge*1.5
		for y := top; y <= bottom; y++ {
			prof = append(prof, lum(sn.atF(x, y)))
		}
		if dump != "" {
			f, err := os.Create(dump)
			if err == nil {
				_ = png.Encode(f, sn.image())
				f.Close()
			}
		}
	})
	return prof
}

func (s snapshot) image() image.Image {
	img := image.NewRGBA(image.Rect(0, 0, s.w, s.h))
	copy(img.Pix, s.pix)
	return img
}

// TestASingleManLooksLikeOneDisc: down the rim of a single man no line
// crosses it (a groove there read as two stacked discs), in every theme, at
// the square sizes of 1280×800 and of 390×844 at device scale 2; a
// two-high column shows the line between its discs.
func TestASingleManLooksLikeOneDisc(t *testing.T) {
	dir := os.Getenv("BASHNI_SHOTS")
	for _, th := range Themes() {
		for _, s := range []float64{87, 85} {
			for _, side := range []rules.Color{rules.White, rules.Black} {
				man := rules.ColumnOf(rules.NewPiece(side, false))
				dump := ""
				if dir != "" {
					dump = filepath.Join(dir, "disc-"+th.Name+"-"+side.String()+".png")
				}
				if d := rimDip(columnProfile(th, s, man, dump)); d > 0.08 {
					t.Errorf("%s, square %v: a single %v man's rim is crossed by a line %.2f darker: it looks like two discs", th.Name, s, side, d)
				}
				two := rules.ColumnOf(rules.NewPiece(side, false), rules.NewPiece(side, false)) // the same colour: only the line tells them apart
				if d := rimDip(columnProfile(th, s, two, "")); d < 0.15 {
					t.Errorf("%s, square %v: a two-high %v column shows no line between its discs (%.2f)", th.Name, s, side, d)
				}
			}
		}
	}
}
