package sprites

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/i18n"
	"bashni/rules"
)

// Pixel tests: draw with a real Renderer and read the pixels back.

// snapshot reads an image's pixels once, for many lookups.
type snapshot struct {
	w, h int
	pix  []byte
}

func snap(img *ebiten.Image) snapshot {
	b := img.Bounds()
	s := snapshot{w: b.Dx(), h: b.Dy(), pix: make([]byte, 4*b.Dx()*b.Dy())}
	img.ReadPixels(s.pix)
	return s
}

// at returns the (premultiplied) colour at integer pixel (x, y).
func (s snapshot) at(x, y int) color.RGBA {
	i := 4 * (y*s.w + x)
	return color.RGBA{s.pix[i], s.pix[i+1], s.pix[i+2], s.pix[i+3]}
}

func (s snapshot) atF(x, y float64) color.RGBA { return s.at(int(math.Floor(x)), int(math.Floor(y))) }

// near reports whether two opaque colours are within tol per channel.
func near(a color.RGBA, b color.NRGBA, tol int) bool {
	d := func(x, y uint8) int { return int(math.Abs(float64(int(x) - int(y)))) }
	return d(a.R, b.R) <= tol && d(a.G, b.G) <= tol && d(a.B, b.B) <= tol
}

func lum(c color.RGBA) float64 { return luminance(color.NRGBA{c.R, c.G, c.B, 255}) }

// testBoard draws an empty board for g into a fresh image with room for the
// frame, returning the image.
func testBoard(r *Renderer, g Geometry, coords bool) *ebiten.Image {
	o := g.Outer()
	img := ebiten.NewImage(int(o.X+o.W)+1, int(o.Y+o.H)+1)
	img.Fill(r.Theme().Background)
	r.DrawBoard(img, g, coords)
	return img
}

func TestColumnDrawnOnItsSquare(t *testing.T) {
	var r *Renderer
	onMain(func() { r = NewRenderer(ThemeNamed("Classic wood")) })
	defer onMain(r.Release)
	for _, flipped := range []bool{false, true} {
		for _, v := range rules.Variants {
			g := Geometry{Variant: v, X: 30, Y: 30, Square: 60, Flipped: flipped}
			d4, e5 := mustSquare(t, "d4"), mustSquare(t, "e5")
			if v == rules.Lasca {
				e5 = mustSquare(t, "c5")
			}
			x, y := g.SquareCenter(d4)
			bx, by := g.SquareCenter(e5)
			var s snapshot
			onMain(func() {
				img := testBoard(r, g, true)
				r.DrawColumn(img, x, y, column("W"), ColumnOptions{})
				r.DrawColumn(img, bx, by, column("BWW"), ColumnOptions{})
				s = snap(img)
			})
			th := r.Theme()
			if c := s.atF(x, y); !near(c, th.White.Face, 40) {
				t.Errorf("%v flipped=%v: centre of d4 is %v, want the white face %v", v, flipped, c, th.White.Face)
			}
			// The black column's top face is above its square's centre.
			l := r.ColumnLayout(column("BWW"), 0)
			if c := s.atF(bx, by+l.TopY); !near(c, th.Black.Face, 40) {
				t.Errorf("%v flipped=%v: top of the black column is %v, want the black face %v", v, flipped, c, th.Black.Face)
			}
			// A playable square nobody stands on keeps the board colour.
			empty := mustSquare(t, "b2")
			ex, ey := g.SquareCenter(empty)
			if c := s.atF(ex, ey); !near(c, th.DarkSquare, 45) {
				t.Errorf("%v flipped=%v: empty b2 is %v, want dark square %v", v, flipped, c, th.DarkSquare)
			}
		}
	}
}

func TestBoardSquaresAndOrientation(t *testing.T) {
	// High contrast has flat colours: every square's centre is exact.
	var r *Renderer
	onMain(func() { r = NewRenderer(ThemeNamed("High contrast")) })
	defer onMain(r.Release)
	th := r.Theme()
	for _, v := range rules.Variants {
		for _, flipped := range []bool{false, true} {
			g := Geometry{Variant: v, X: 20, Y: 20, Square: 32, Flipped: flipped}
			var s snapshot
			onMain(func() { s = snap(testBoard(r, g, false)) })
			n := v.Size()
			for rank := 0; rank < n; rank++ {
				for file := 0; file < n; file++ {
					sq := rules.SquareAt(file, rank)
					want := th.LightSquare
					if v.Playable(sq) {
						want = th.DarkSquare
					}
					x, y := g.SquareCenter(sq)
					if c := s.atF(x, y); !near(c, want, 3) {
						t.Fatalf("%v flipped=%v %v: centre %v, want %v", v, flipped, sq, c, want)
					}
				}
			}
		}
	}
}

func TestCoordinatesCanBeSwitchedOff(t *testing.T) {
	for _, theme := range Themes() {
		var r *Renderer
		onMain(func() { r = NewRenderer(theme) })
		for _, v := range rules.Variants {
			g := Geometry{Variant: v, X: 40, Y: 40, Square: 50}
			// Coordinates are light on a dark frame in every theme: count
			// frame pixels brighter than halfway between the two.
			threshold := (luminance(theme.Frame) + luminance(theme.Coordinates)) / 2
			textPixels := func(coords bool) int {
				var s snapshot
				onMain(func() { s = snap(testBoard(r, g, coords)) })
				o, in := g.Outer(), g.Inner()
				n := 0
				for y := int(o.Y) + 2; y < int(o.Y+o.H)-2; y++ {
					for x := int(o.X) + 2; x < int(o.X+o.W)-2; x++ {
						if in.Contains(float64(x)+0.5, float64(y)+0.5) || !(Rect{o.X + 4, o.Y + 4, o.W - 8, o.H - 8}).Contains(float64(x), float64(y)) {
							continue
						}
						if float64(x) > in.X-3 && float64(x) < in.X+in.W+3 && float64(y) > in.Y-3 && float64(y) < in.Y+in.H+3 {
							continue // the inlay line round the squares
						}
						if lum(s.at(x, y)) > threshold {
							n++
						}
					}
				}
				return n
			}
			if n := textPixels(false); n != 0 {
				t.Errorf("%s %v: %d text-coloured pixels in the frame with coordinates off", theme.Name, v, n)
			}
			if n := textPixels(true); n < 50 {
				t.Errorf("%s %v: only %d text pixels in the frame with coordinates on", theme.Name, v, n)
			}
		}
		onMain(r.Release)
	}
}

func TestHideTopAndFade(t *testing.T) {
	c := column("WB") // white on a black prisoner
	var hidden, faded, ghost snapshot
	var l ColumnLayout
	var m DiscMetrics
	onMain(func() {
		r := NewRenderer(ThemeNamed("High contrast"))
		defer r.Release()
		r.SetSquareSize(80)
		l, m = r.ColumnLayout(c, 0), r.Metrics()
		img := ebiten.NewImage(200, 200)
		r.DrawColumn(img, 100, 100, c, ColumnOptions{HideTop: 1, NoShadow: true})
		hidden = snap(img)
		img.Clear()
		r.DrawColumn(img, 100, 100, column("W"), ColumnOptions{Fade: 1})
		faded = snap(img)
		img.Clear()
		r.DrawColumn(img, 100, 100, column("W"), ColumnOptions{Ghost: true, NoShadow: true})
		ghost = snap(img)
	})
	// With the white top hidden, the black prisoner stays where it was and
	// nothing is drawn where the white top was.
	if got := hidden.atF(100, 100+l.Slots[0].FaceY); lum(got) > 0.2 {
		t.Errorf("hiding the top: face pixel %v is not the dark prisoner", got)
	}
	if got := hidden.atF(100, 100+l.TopY-m.FaceHalf*0.75); got.A != 0 {
		t.Errorf("hiding the top: pixel %v where the white top would be", got)
	}
	if got := faded.at(100, 100); got.A != 0 {
		t.Errorf("a fully faded column left %v", got)
	}
	if got := ghost.at(100, 100); got.A == 0 || got.A > 150 {
		t.Errorf("a ghost should be faint, got alpha %d", got.A)
	}
}

func TestMarkersAndRoute(t *testing.T) {
	g := Geometry{Variant: rules.Bashni, X: 20, Y: 20, Square: 50}
	th := ThemeNamed("High contrast")
	x, y := g.SquareCenter(mustSquare(t, "c3"))
	dx, dy := g.SquareCenter(mustSquare(t, "b4"))
	route := g.RoutePoints(nil, []rules.Square{mustSquare(t, "a1"), mustSquare(t, "c3"), mustSquare(t, "e5")})
	var s snapshot
	onMain(func() {
		r := NewRenderer(th)
		defer r.Release()
		img := testBoard(r, g, false)
		r.DrawMarker(img, MarkerSelected, x, y, 0)
		r.DrawMarker(img, MarkerDestination, dx, dy, 0)
		r.DrawRoute(img, route, RouteLastMove)
		s = snap(img)
	})
	// The selected square's frame is in the selection colour near its edge.
	if c := s.atF(x-g.Square/2+2, y); !near(c, withAlpha(th.Selected, 1), 60) {
		t.Errorf("selected frame %v, want about %v", c, th.Selected)
	}
	// The destination's centre dot is the light tint of the theme's colour.
	if want := mix(withAlpha(th.Destination, 1), color.NRGBA{255, 255, 255, 255}, 0.7); !near(s.atF(dx, dy), want, 40) {
		t.Errorf("destination dot %v, want about %v", s.atF(dx, dy), want)
	}
	// Halfway between a1 and c3 is the route line (over b2's centre).
	b2x, b2y := g.SquareCenter(mustSquare(t, "b2"))
	if c := s.atF(b2x, b2y); near(c, th.DarkSquare, 20) {
		t.Errorf("no route over b2: %v", c)
	}
}

func TestInspectorGrowsWithTheColumn(t *testing.T) {
	d4 := mustSquare(t, "d4")
	var small, tall image.Rectangle
	var same bool
	onMain(func() {
		r := NewRenderer(nil)
		defer r.Release()
		a := r.Inspector(column("WB"), d4)
		small = a.Bounds()
		tall = r.Inspector(column("WWWWBBBBBBBB"), d4).Bounds()
		same = r.Inspector(column("WB"), d4) == a
	})
	if small.Dy() >= tall.Dy() || small.Dx() != tall.Dx() {
		t.Errorf("inspector sizes %v and %v", small, tall)
	}
	if !same {
		t.Errorf("the inspector of the same column was drawn again")
	}
}

func TestIconsAreDrawn(t *testing.T) {
	var snaps [iconCount]snapshot
	onMain(func() {
		r := NewRenderer(nil)
		defer r.Release()
		img := ebiten.NewImage(48, 48)
		for k := IconKind(0); k < iconCount; k++ {
			img.Clear()
			r.DrawIcon(img, k, 24, 24, 32, rgb(0xffffff))
			snaps[k] = snap(img)
		}
	})
	for k, s := range snaps {
		n := 0
		for y := 0; y < 48; y++ {
			for x := 0; x < 48; x++ {
				if s.at(x, y).A > 128 {
					n++
				}
			}
		}
		if n < 20 || n > 32*32*3/4 {
			t.Errorf("icon %d covers %d pixels", k, n)
		}
	}
}

func TestSameSizeKeepsTheCache(t *testing.T) {
	// The cache holders are plain Go; no drawing happens here.
	r := NewRenderer(nil)
	r.SetSquareSize(70)
	a := r.sprites()
	r.SetSquareSize(70)
	r.SetTheme(ThemeNamed(r.Theme().Name))
	if r.sprites() != a {
		t.Error("setting the same size or theme dropped the sprites")
	}
	r.SetSquareSize(71)
	if r.sprites() == a {
		t.Error("a new size kept the old sprites")
	}
	b := r.sprites()
	r.SetSquareSize(70)
	if r.sprites() != a {
		t.Error("going back to the previous size drew its sprites again")
	}
	r.SetSquareSize(71)
	if r.sprites() != b {
		t.Error("switching between two sizes lost the other one's sprites")
	}
	r.SetTheme(ThemeNamed("High contrast"))
	if r.sprites() == b {
		t.Error("a new theme kept the old sprites")
	}
}

// The inspector speaks the renderer's language, and keeps a panel per
// language.
func TestInspectorSpeaksTheLanguage(t *testing.T) {
	defer UseLanguage(i18n.English)
	useLanguage(t, i18n.Japanese)
	d4 := mustSquare(t, "d4")
	var en, ja snapshot
	var enImg, jaImg, again *ebiten.Image
	onMain(func() {
		r := NewRenderer(nil)
		defer r.Release()
		enImg = r.Inspector(column("WB"), d4)
		en = snap(enImg)
		r.SetLanguage(i18n.New(i18n.Japanese))
		jaImg = r.Inspector(column("WB"), d4)
		ja = snap(jaImg)
		r.SetLanguage(i18n.New(i18n.English))
		again = r.Inspector(column("WB"), d4)
	})
	if enImg == jaImg {
		t.Fatal("the Japanese inspector is the English one")
	}
	if again != enImg {
		t.Error("the English inspector was drawn again after a switch")
	}
	differ := 0
	for y := 0; y < min(en.h, ja.h); y++ {
		for x := 0; x < min(en.w, ja.w); x++ {
			if en.at(x, y) != ja.at(x, y) {
				differ++
			}
		}
	}
	if differ < 200 {
		t.Errorf("the Japanese inspector differs from the English one in %d pixels", differ)
	}
}
