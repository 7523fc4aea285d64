package appicon

import (
	"image/color"
	"testing"
)

func TestIcon(t *testing.T) {
	for _, tc := range []struct {
		size     int
		maskable bool
	}{{16, false}, {32, false}, {192, false}, {512, false}, {512, true}} {
		img := Icon(tc.size, tc.maskable)
		if img.Bounds().Dx() != tc.size || img.Bounds().Dy() != tc.size {
			t.Fatalf("size %v, want %d", img.Bounds(), tc.size)
		}
		corner := img.RGBAAt(0, 0)
		if tc.maskable && corner.A != 255 {
			t.Errorf("%d: maskable icon corner is transparent: %v", tc.size, corner)
		}
		if !tc.maskable && corner.A != 0 {
			t.Errorf("%d: rounded icon corner is opaque: %v", tc.size, corner)
		}
		// The top disc is light, the crown golden, near the centre.
		c := img.RGBAAt(tc.size/2, tc.size/2-tc.size/20)
		if c.R < 0xc0 || c.G < 0xa0 {
			t.Errorf("%d: centre %v is not the light disc or crown", tc.size, c)
		}
	}
}

func TestMacOS(t *testing.T) {
	for _, size := range []int{16, 128, 1024} {
		img := MacOS(size)
		if img.Bounds().Dx() != size {
			t.Fatalf("size %v, want %d", img.Bounds(), size)
		}
		// Apple's grid: a margin of 100/1024 around the tile stays transparent.
		margin := size * 90 / 1024
		for _, p := range [][2]int{{size / 2, margin - 1}, {margin - 1, size / 2}, {size / 2, size - margin}, {size - margin, size / 2}} {
			if margin > 0 && img.RGBAAt(p[0], p[1]).A != 0 {
				t.Errorf("%d: margin pixel %v is not transparent: %v", size, p, img.RGBAAt(p[0], p[1]))
			}
		}
		// The tile's dark background just inside the margin.
		if c := img.RGBAAt(size/2, size*120/1024); size >= 128 && (c.A != 255 || c == (color.RGBA{})) {
			t.Errorf("%d: tile edge %v is not the opaque background", size, c)
		}
	}
}
