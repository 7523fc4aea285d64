package wasm

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"path"
	"testing"

	"bashni/internal/appicon"
)

// The page's icons are the shared artwork, pixel for pixel: the desktop
// downloads draw their icons from the same code, so a change to the artwork
// that was not regenerated here (go generate ./wasm) fails.
func TestIconsAreTheSharedArtwork(t *testing.T) {
	for _, ic := range Icons {
		b, err := Web.ReadFile(path.Join("web/icons", ic.Name))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", ic.Name, err)
		}
		// PNG stores non-premultiplied colour: compare in that form, as
		// image/png converts the drawing when it encodes it.
		got, want := nrgba(img), nrgba(appicon.Icon(ic.Size, ic.Maskable))
		if got.Bounds() != want.Bounds() {
			t.Errorf("%s: %v, want %v", ic.Name, got.Bounds(), want.Bounds())
			continue
		}
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("%s differs from bashni/internal/appicon's drawing: run go generate ./wasm", ic.Name)
		}
	}
	// Every icon the page ships is in the list (and so checked).
	files, err := fs.Glob(Web, "web/icons/*")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(Icons) {
		t.Errorf("web/icons has %d files, Icons lists %d", len(files), len(Icons))
	}
}

func nrgba(img image.Image) *image.NRGBA {
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			out.SetNRGBA(x-b.Min.X, y-b.Min.Y, color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA))
		}
	}
	return out
}
