package sprites

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/rules"
)

// frameScene is a typical play-scene frame: the board, 24 columns of mixed
// heights, the markers of a position with a selection and the last move's
// route.
type frameScene struct {
	r       *Renderer
	g       Geometry
	dst     *ebiten.Image
	columns [64]rules.Column
	route   []Point
	phase   float64
}

func newFrameScene(square float64) *frameScene {
	r := NewRenderer(ThemeNamed("Classic wood"))
	g := FitGeometry(rules.Bashni, 0, 0, 10*square, 10*square, false)
	f := &frameScene{r: r, g: g, dst: ebiten.NewImage(int(10*square), int(10*square))}
	descs := []string{"W", "WW", "WB", "K", "WWB", "WBBB", "KWB", "WWWWWWBBBBBB", "W", "W", "WQ", "W",
		"B", "BB", "BW", "Q", "BBW", "BWWW", "QBW", "BBBBBBBWWWW", "B", "B", "BK", "B"}
	for i, sq := range rules.Bashni.Squares() {
		if i < 12 {
			f.columns[sq] = column(descs[i])
		} else if i >= 20 {
			f.columns[sq] = column(descs[i-8])
		}
	}
	f.route = g.RoutePoints(nil, []rules.Square{sqNamed("a3"), sqNamed("c5"), sqNamed("e7")})
	return f
}

func sqNamed(name string) rules.Square { return rules.SquareAt(int(name[0]-'a'), int(name[1]-'1')) }

// draw draws one frame, back to front.
func (f *frameScene) draw() {
	r, g, dst := f.r, f.g, f.dst
	r.DrawBoard(dst, g, true)
	x, y := g.SquareCenter(sqNamed("a3"))
	r.DrawMarker(dst, MarkerLastFrom, x, y, 0)
	x, y = g.SquareCenter(sqNamed("e7"))
	r.DrawMarker(dst, MarkerLastTo, x, y, 0)
	x, y = g.SquareCenter(sqNamed("c3"))
	r.DrawMarker(dst, MarkerSelected, x, y, 0)
	r.DrawRoute(dst, f.route, RouteLastMove)
	for _, s := range []string{"a1", "e3", "g3"} {
		x, y = g.SquareCenter(sqNamed(s))
		r.DrawMarker(dst, MarkerMovable, x, y, 0)
	}
	x, y = g.SquareCenter(sqNamed("d4"))
	r.DrawMarker(dst, MarkerMustCapture, x, y, f.phase)
	n := g.Size()
	for row := 0; row < n; row++ {
		for col := 0; col < n; col++ {
			s := g.SquareAtCell(col, row)
			if c := f.columns[s]; !c.IsEmpty() {
				x, y := g.SquareCenter(s)
				r.DrawColumn(dst, x, y, c, ColumnOptions{})
			}
		}
	}
	for _, s := range []string{"b4", "d6"} {
		x, y = g.SquareCenter(sqNamed(s))
		r.DrawMarker(dst, MarkerDestination, x, y, 0)
	}
	f.phase += 1.0 / 60
}

// drawExtras draws everything else a scene may draw every frame: every
// marker, a hint, animations' discs and crowns, the composition overlay,
// the inspector, panels, icons and the spinner.
func (f *frameScene) drawExtras() {
	r, g, dst := f.r, f.g, f.dst
	x, y := g.SquareCenter(sqNamed("e5"))
	for k := MarkerKind(0); k < markerCount; k++ {
		r.DrawMarker(dst, k, x, y, f.phase)
	}
	r.DrawRoute(dst, f.route[:2], RouteHint)
	c := f.columns[sqNamed("a1")]
	r.DrawColumn(dst, x, y, c, ColumnOptions{HideTop: 1, Lift: 20, Scale: 1.1})
	r.DrawColumn(dst, x, y, c, ColumnOptions{Ghost: true})
	r.DrawDisc(dst, x, y-30, rules.WhiteKing, DiscOptions{Scale: 1.2, Fade: 0.3, Shadow: true, Lift: 30})
	r.DrawCrown(dst, x, y, rules.Black, 1.5, 0.2)
	for _, sq := range g.Variant.Squares() {
		if c := f.columns[sq]; !c.IsEmpty() {
			x, y := g.SquareCenter(sq)
			r.DrawComposition(dst, x, y, c)
		}
	}
	r.DrawInspector(dst, 10, 10, f.columns[sqNamed("g3")], sqNamed("g3"))
	for s := PanelStyle(0); s < panelStyleCount; s++ {
		r.DrawPanel(dst, Rect{X: 20, Y: 20 + 50*float64(s), W: 160, H: 44}, 10, s)
	}
	for k := IconKind(0); k < iconCount; k++ {
		r.DrawIcon(dst, k, 40+30*float64(k), 300, 24, r.Theme().Text)
	}
	r.DrawSpinner(dst, 60, 360, 32, f.phase, r.Theme().Accent)
}

func countColumns(f *frameScene) int {
	n := 0
	for _, c := range f.columns {
		if !c.IsEmpty() {
			n++
		}
	}
	return n
}

// TestFrameDoesNotAllocate draws frame after frame in the running game
// loop, once the sprites are cached, and checks that drawing allocates
// nothing. Ebitengine's render and event threads allocate a little on their
// own while a frame runs, so counting the process's mallocs would be flaky:
// the test profiles every allocation and counts those whose stack passes
// through the frame's draw calls. Reading the profile needs garbage
// collections, which empty sync.Pools, so the refills of Ebitengine's
// scratch-slice pool right after them are not counted: a frame that makes
// no garbage triggers no collection in a running game.
func TestFrameDoesNotAllocate(t *testing.T) {
	var f *frameScene
	onMain(func() { f = newFrameScene(90) })
	defer onMain(f.r.Release)
	if n := countColumns(f); n != 24 {
		t.Fatalf("scene has %d columns, want 24", n)
	}
	draw := func() { f.draw(); f.drawExtras() }
	for i := 0; i < 40; i++ { // build the caches; Ebitengine moves sprites to its atlas after 10 frames
		onMain(draw)
	}

	rate := runtime.MemProfileRate
	runtime.MemProfileRate = 1
	defer func() { runtime.MemProfileRate = rate }()
	before := allocsUnder("(*frameScene).draw", "(*frameScene).drawExtras")
	const frames = 30
	for range frames {
		onMain(draw)
	}
	after := allocsUnder("(*frameScene).draw", "(*frameScene).drawExtras")
	for stack, n := range after {
		if n -= before[stack]; n != 0 {
			t.Errorf("%d frames allocated %d objects while drawing, at\n%s", frames, n, stack)
		}
	}
}

// allocsUnder counts the objects allocated so far (as the memory profile
// knows them) by stacks that pass through a function whose name ends with
// one of fns, by stack (written out, innermost call first).
func allocsUnder(fns ...string) map[string]int64 {
	// The profile is published by garbage collections, up to two behind.
	runtime.GC()
	runtime.GC()
	n, _ := runtime.MemProfile(nil, true)
	records := make([]runtime.MemProfileRecord, n+50)
	n, ok := runtime.MemProfile(records, true)
	if !ok {
		panic("memory profile grew too fast")
	}
	counts := map[string]int64{}
	for _, r := range records[:n] {
		var b strings.Builder
		frames := runtime.CallersFrames(r.Stack())
		for {
			fr, more := frames.Next()
			fmt.Fprintf(&b, "\t%s (%s:%d)\n", fr.Function, filepath.Base(fr.File), fr.Line)
			if strings.HasPrefix(fr.Function, "sync.(*Pool)") {
				break // a pool refilled after a collection
			}
			if slices.ContainsFunc(fns, func(fn string) bool { return strings.HasSuffix(fr.Function, fn) }) {
				counts[b.String()] += r.AllocObjects
				break
			}
			if !more {
				break
			}
		}
	}
	return counts
}

// BenchmarkDrawFrame draws a full play-scene frame — board, 24 columns,
// markers and a route — in the running game loop, one frame per iteration
// once the sprites are cached. ns/op is the whole frame including
// Ebitengine's own work (flushing to the GPU, presenting); draw-ns/op is the
// time spent in the sprites calls.
func BenchmarkDrawFrame(b *testing.B) {
	for _, s := range []float64{40, 90, 180} {
		b.Run(sizeName(s), func(b *testing.B) {
			var f *frameScene
			onMain(func() { f = newFrameScene(s) })
			defer onMain(f.r.Release)
			var spent time.Duration
			timed := func() {
				start := time.Now()
				f.draw()
				spent += time.Since(start)
			}
			for i := 0; i < 10; i++ {
				onMain(f.draw)
			}
			spent = 0
			b.ReportAllocs()
			b.ResetTimer()
			n := 0
			for b.Loop() {
				onMain(timed)
				n++
			}
			b.ReportMetric(float64(spent.Nanoseconds())/float64(n), "draw-ns/op")
		})
	}
}

// BenchmarkEmptyFrame is the baseline of BenchmarkDrawFrame: a frame of
// the test loop that draws nothing. Its allocations are Ebitengine's own per
// frame (GL calls through purego, window events); the difference to
// BenchmarkDrawFrame is the cost of drawing.
func BenchmarkEmptyFrame(b *testing.B) {
	nothing := func() {}
	b.ReportAllocs()
	for b.Loop() {
		onMain(nothing)
	}
}

// BenchmarkRebuildSprites measures a size change (a window resize): every
// sprite of the frame drawn again.
func BenchmarkRebuildSprites(b *testing.B) {
	var f *frameScene
	onMain(func() { f = newFrameScene(90) })
	defer onMain(f.r.Release)
	size := 90.0
	rebuild := func() {
		size++
		f.g.Square = size
		f.draw()
	}
	b.ReportAllocs()
	for b.Loop() {
		onMain(rebuild)
	}
}

func sizeName(s float64) string {
	switch s {
	case 40:
		return "phone40"
	case 90:
		return "desktop90"
	}
	return "hidpi180"
}
