package e2e

import (
	"image"
	"math"
	"strconv"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/play"
)

// inspectFEN has two-high and three-high white columns on f4 and g5, next
// to the panel at 1280×800, and no capture for either side (nothing on the
// board pulses).
const inspectFEN = "W:Wa1,c1,e1,g5-00/1,f4-0/0:Bb8,d8,h8,a7:H0:F10"

func (g *game) rightClick(x, y float64) {
	g.sess.MoveCursor(x, y)
	g.ticks(1)
	g.sess.PressMouseButton(ebiten.MouseButtonRight)
	g.ticks(2)
	g.sess.ReleaseMouseButton(ebiten.MouseButtonRight)
	g.ticks(2)
}

// changed is the bounding box of the pixels that differ between a and b.
func changed(a, b *image.RGBA) image.Rectangle {
	var r image.Rectangle
	bd := a.Bounds()
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			if !near(at(a, float64(x), float64(y)), at(b, float64(x), float64(y)), 6) {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}

// inspectorMinWidth is the narrowest an inspector is drawn on a board of
// squares sq pixels wide: 12.5 units of 0.3 squares (14 to 48 pixels),
// sprites/inspector.go.
func inspectorMinWidth(sq float64) int {
	u := math.Max(14, math.Min(48, math.Round(0.3*sq)))
	return int(12.5*u) - 1
}

// TestInspectorWholeAndOnTop pins the inspector of columns next to the
// panel with a right click and checks that all of it is drawn (the panel
// once hid most of it) and that it stays off the panel.
func TestInspectorWholeAndOnTop(t *testing.T) {
	for _, sz := range screenshotSizes {
		for _, at := range []string{"g5", "f4"} {
			w, h := float64(sz[0]), float64(sz[1])
			g := start(t, sz[0], sz[1], "-seed", "1", "-mute", "-fen", inspectFEN)
			b := playBoard(w, h, rules.Bashni, false)
			l := scenes.ComputePlayLayout(w, h, 1, rules.Bashni, false)
			g.move(2, 2)
			g.ticks(30)
			before := g.frame()
			g.rightClick(b.centre(at))
			g.move(2, 2) // off the board: a pinned inspector stays
			g.ticks(10)
			after := g.frame()
			g.snap(after, at+"-"+strconv.Itoa(sz[0]))
			box := changed(before, after)
			if box.Dx() < inspectorMinWidth(b.g.Square) {
				t.Errorf("%v: the inspector of %s shows %v, narrower than an inspector (%d px): something hides it", sz, at, box, inspectorMinWidth(b.g.Square))
			}
			if !box.In(image.Rect(0, 0, sz[0], sz[1])) {
				t.Errorf("%v: the inspector of %s at %v is not inside the screen", sz, at, box)
			}
			if l.Landscape {
				panel := image.Rect(int(l.Panel.X)+1, int(l.Panel.Y)+1, int(l.Panel.X+l.Panel.W)-1, int(l.Panel.Y+l.Panel.H)-1)
				if box.Overlaps(panel) {
					t.Errorf("%v: the inspector of %s at %v covers the panel %v though the board has room on the other side", sz, at, box, panel)
				}
			}
			g.close()
		}
	}
}

// TestInspectorScreenshots writes the inspector of g5 (the mouse resting
// on it) at both sizes into BASHNI_SCREENSHOTS, as inspector-g5-WxH.png.
func TestInspectorScreenshots(t *testing.T) {
	dir := screenshotDir(t)
	for _, sz := range screenshotSizes {
		g := start(t, sz[0], sz[1], "-seed", "1", "-mute", "-fen", inspectFEN)
		b := playBoard(float64(sz[0]), float64(sz[1]), rules.Bashni, false)
		g.ticks(30)
		g.move(b.centre("e5"))
		g.move(b.centre("g5"))
		g.ticks(40)
		g.shot(dir, "inspector-g5")
		g.close()
	}
}

// TestUXScreenshots writes the game-over card (with Analysis), the replay
// paused with its playback row, and a hint's note beside a game whose
// status line still says whose move it is (ux-toast-hint: once a toast),
// at both sizes, into BASHNI_SCREENSHOTS.
func TestUXScreenshots(t *testing.T) {
	dir := screenshotDir(t)
	for _, sz := range screenshotSizes {
		w, h := float64(sz[0]), float64(sz[1])
		g := start(t, sz[0], sz[1], "-seed", "1", "-mute", "-fen", finaleFEN)
		b := playBoard(w, h, rules.Bashni, false)
		g.ticks(30)
		g.click(b.centre("c3"))
		g.click(b.centre("e5"))
		g.ticks(240)
		g.shot(dir, "ux-gameover")
		r := play.GameOverLayout(w, h, 1, rules.Bashni)
		g.click(mid(r.Replay))
		g.ticks(20)
		l := scenes.ComputePlayLayout(w, h, 1, rules.Bashni, false)
		ctl := l.ControlButtons(5, nil)
		g.click(mid(ctl[2])) // pause
		g.ticks(30)
		g.shot(dir, "ux-replay-paused")
		g.close()

		g = start(t, sz[0], sz[1], "-seed", "1", "-mute", "-level", "3", "-fen", showcaseFEN)
		g.ticks(30)
		g.key(ebiten.KeyH)
		g.untilHint() // searched in real time, off the game loop
		g.shot(dir, "ux-toast-hint")
		g.close()
	}
}
