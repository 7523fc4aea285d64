// Command spritesheet renders a sample sheet of everything package sprites
// draws — boards of both variants in both orientations, columns of every
// height with prisoners and buried kings, markers, a route, the inspector,
// the composition overlay and the icons — for every theme, and saves it as
// a PNG. It needs a display (Xvfb will do):
//
//	xvfb-run -a -s "-screen 0 1600x1200x24" go run ./sprites/cmd/spritesheet -out /tmp/sheet.png
package main

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"log"
	"os"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/sprites"
)

func main() {
	out := flag.String("out", "sheet.png", "PNG file to write")
	square := flag.Float64("square", 90, "square size in pixels")
	theme := flag.String("theme", "", "render only this theme (default: all, one under the other)")
	grey := flag.Bool("grey", false, "also write a greyscale copy (name-grey.png) to check Black and White apart without colour")
	only := flag.String("only", "", "render only one part: board, columns, markers, panels")
	flag.Parse()

	var themes []*sprites.Theme
	for _, t := range sprites.Themes() {
		if *theme == "" || t.Name == *theme {
			themes = append(themes, t)
		}
	}
	if len(themes) == 0 {
		log.Fatalf("no theme named %q; themes: %v", *theme, sprites.ThemeNames())
	}
	g := &game{themes: themes, square: *square, only: *only}
	ebiten.SetWindowSize(320, 240)
	ebiten.SetWindowTitle("spritesheet")
	if err := ebiten.RunGame(g); err != nil && !errors.Is(err, ebiten.Termination) {
		log.Fatal(err)
	}
	if g.err != nil {
		log.Fatal(g.err)
	}
	if err := writePNG(*out, g.result); err != nil {
		log.Fatal(err)
	}
	fmt.Println("wrote", *out, g.result.Bounds().Size())
	if *grey {
		name := (*out)[:len(*out)-len(".png")] + "-grey.png"
		if err := writePNG(name, greyscale(g.result)); err != nil {
			log.Fatal(err)
		}
		fmt.Println("wrote", name)
	}
}

// game renders the sheet on its first update, reads it back and stops.
type game struct {
	themes []*sprites.Theme
	square float64
	only   string
	result *image.RGBA
	err    error
}

func (g *game) Update() error {
	var sheets []*image.RGBA
	for _, t := range g.themes {
		sheets = append(sheets, renderSheet(t, g.square, g.only))
	}
	g.result = stack(sheets)
	return ebiten.Termination
}

func (g *game) Draw(*ebiten.Image) {}

func (g *game) Layout(int, int) (int, int) { return 320, 240 }

func writePNG(name string, img image.Image) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func stack(imgs []*image.RGBA) *image.RGBA {
	w, h := 0, 0
	for _, img := range imgs {
		w = max(w, img.Bounds().Dx())
		h += img.Bounds().Dy()
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	y := 0
	for _, img := range imgs {
		b := img.Bounds()
		for row := 0; row < b.Dy(); row++ {
			copy(out.Pix[out.PixOffset(0, y+row):], img.Pix[img.PixOffset(0, row):img.PixOffset(b.Dx(), row)])
		}
		y += b.Dy()
	}
	return out
}

func greyscale(src *image.RGBA) *image.Gray {
	out := image.NewGray(src.Bounds())
	for y := src.Bounds().Min.Y; y < src.Bounds().Max.Y; y++ {
		for x := src.Bounds().Min.X; x < src.Bounds().Max.X; x++ {
			out.Set(x, y, color.GrayModel.Convert(src.At(x, y)))
		}
	}
	return out
}
