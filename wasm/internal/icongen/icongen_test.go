package icongen

import (
	"image/color"
	"testing"
)

func TestIcon(t *testing.T) {
	for _, tc := range []struct {
		size     int
		maskable bool
	}{{192, false}, {512, false}, {512, true}} {
		img := Icon(tc.size, tc.maskable)
		if img.Bounds().Dx() != tc.size {
			t.Fatalf("size %d", img.Bounds().Dx())
		}
		corner := img.RGBAAt(0, 0)
		if tc.maskable && corner.A != 255 {
			t.Errorf("maskable icon corner is transparent: %v", corner)
		}
		if !tc.maskable && corner.A != 0 {
			t.Errorf("rounded icon corner is opaque: %v", corner)
		}
		// The top disc is light, the crown golden, near the centre.
		c := img.RGBAAt(tc.size/2, tc.size/2-tc.size/20)
		if c.R < 0xc0 || c.G < 0xa0 {
			t.Errorf("centre %v is not the light disc or crown", c)
		}
		if c == (color.RGBA{}) {
			t.Error("empty centre")
		}
	}
}
