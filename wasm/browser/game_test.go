package browser

import (
	"context"
	"image"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/home"
)

// The browser tests play the real game in headless Chromium: with a mouse
// at 1280×800, with a finger in an emulated phone at 390×844, while the
// computer thinks at level 7, and offline.

// settled waits until the game shows a position with the human to move and
// nothing moving: the computer has answered and the board is still.
func (b *browser) settled(what string, cond func(state) bool) state {
	b.t.Helper()
	b.waitState(what, 90*time.Second, func(s state) bool {
		return s.Scene == "play" && !s.Thinking && !s.Animating && cond(s)
	})
	b.nextFrame(what + ", drawn")
	return b.state()
}

// startNewGame goes from the title to a new game with the new-game screen's
// defaults (Bashni against the computer, White), by pointer on the buttons.
func (b *browser) startNewGame(canContinue bool) state {
	b.t.Helper()
	b.waitState("the title", time.Minute, func(s state) bool { return s.Scene == "title" && !s.Animating })
	b.press(b.titleButton(canContinue, func(r home.TitleRects) scenes.Rect { return r.NewGame }))
	b.waitState("the new-game screen", 10*time.Second, func(s state) bool { return s.Scene == "newgame" && !s.Animating })
	b.press(b.newGamePlay())
	return b.settled("a new game", func(s state) bool { return s.Ply == 0 && s.FEN != "" })
}

// humanMove picks a legal move of the side to move: a quiet single step if
// there is one (so that a drag is unambiguous), else the first legal move.
func (b *browser) humanMove(st state) rules.Move {
	b.t.Helper()
	moves := b.position(st).LegalMoves(nil)
	if len(moves) == 0 {
		b.t.Fatalf("no legal move in %s", st.FEN)
	}
	for _, m := range moves {
		if !m.IsCapture() && m.PathLen() == 2 {
			return m
		}
	}
	return moves[0]
}

// playByTaps enters a move square by square (tap-tap), then waits for the
// computer's answer.
func (b *browser) playByTaps(st state, m rules.Move) state {
	b.t.Helper()
	for i := 0; i < m.PathLen(); i++ {
		b.press(b.squareCenter(st, m.PathAt(i).String()))
	}
	return b.afterHumanMove(st, m)
}

// playByDrag drags the column from its square to where the move ends.
func (b *browser) playByDrag(st state, m rules.Move) state {
	b.t.Helper()
	x0, y0 := b.squareCenter(st, m.From().String())
	x1, y1 := b.squareCenter(st, m.To().String())
	b.slide(x0, y0, x1, y1)
	return b.afterHumanMove(st, m)
}

// afterHumanMove checks the move was played and waits for the computer's
// answer, the human to move again.
func (b *browser) afterHumanMove(before state, m rules.Move) state {
	b.t.Helper()
	st := b.waitState("the move "+m.String(), 10*time.Second, func(s state) bool { return s.Ply > before.Ply })
	if st.Ply != before.Ply+1 && (len(st.Moves) <= before.Ply || st.Moves[before.Ply] != m.String()) {
		b.t.Fatalf("played %v, the game has %v", m, st.Moves)
	}
	if got := st.Moves[before.Ply]; got != m.String() {
		b.t.Fatalf("played %v, the game recorded %v", m, got)
	}
	return b.settled("the computer's answer", func(s state) bool { return s.Ply >= before.Ply+2 || s.Status != "ongoing" })
}

// TestDesktopMouse plays with a mouse at 1280×800: the page loads (cold),
// a new game shows the start position, a move by click-click and one by
// drag, the computer answers each, and a reload (warm) continues the saved
// game through the title's Continue.
func TestDesktopMouse(t *testing.T) {
	srv := startServer(t)
	b := newBrowser(t, desktop)
	cold := b.open(srv.url(""))
	t.Logf("start-up, cold cache: %v", cold)
	var loaderGone bool
	b.eval(`!document.getElementById('loader') || document.getElementById('loader').classList.contains('done')`, &loaderGone)
	if !loaderGone {
		t.Error("the loading screen is still shown after the first frame")
	}

	st := b.startNewGame(false)
	if want := rules.NewPosition(rules.Bashni).FEN(); st.FEN != want || st.Status != "ongoing" || len(st.Moves) != 0 {
		t.Fatalf("a new game: fen %q status %q moves %v, want the start %q", st.FEN, st.Status, st.Moves, want)
	}
	img := b.expectBoard("desktop-1-start", st)
	checkStartPicture(t, b, img, st)

	m := b.humanMove(st)
	st = b.playByTaps(st, m)
	t.Logf("click-click %v, the computer answered %v", m, st.Moves[len(st.Moves)-1])
	img = b.expectBoard("desktop-2-after-clicks", st)
	checkMovedPicture(t, b, img, st, m)

	m = b.humanMove(st)
	st = b.playByDrag(st, m)
	t.Logf("drag %v, the computer answered %v", m, st.Moves[len(st.Moves)-1])
	b.expectBoard("desktop-3-after-drag", st)

	// The game is kept in localStorage; a reload offers to continue it.
	last := st.Moves[len(st.Moves)-1]
	b.waitFor("the saved game", `Object.keys(localStorage).some(k => k.startsWith('bashni/') && localStorage.getItem(k).includes(`+jsString(last)+`))`, 10*time.Second)
	warm := b.reload()
	t.Logf("start-up, warm cache (reload): %v", warm)
	b.waitState("the title", time.Minute, func(s state) bool { return s.Scene == "title" && !s.Animating })
	b.press(b.titleButton(true, func(r home.TitleRects) scenes.Rect { return r.Continue }))
	got := b.settled("the continued game", func(s state) bool { return s.FEN != "" })
	if got.FEN != st.FEN || !slices.Equal(got.Moves, st.Moves) {
		t.Fatalf("after a reload: fen %q moves %v, want %q %v", got.FEN, got.Moves, st.FEN, st.Moves)
	}
	b.expectBoard("desktop-4-continued", got)
	m = b.humanMove(got)
	b.playByTaps(got, m)
}

// checkStartPicture checks the start position by colour at the squares:
// white discs on the dark squares of ranks 1–3, black on ranks 6–8, the
// board on ranks 4–5.
func checkStartPicture(t *testing.T, b *browser, img image.Image, st state) {
	t.Helper()
	counts := map[kind]int{}
	for _, q := range rules.Bashni.Squares() {
		x, y := b.squareCenter(st, q.String())
		k, _ := classify(img, x*b.dev.scale, (y-0.12*st.Board.Square)*b.dev.scale)
		want := empty
		switch {
		case q.Rank() <= 2:
			want = whiteTop
		case q.Rank() >= 5:
			want = blackTop
		}
		if k != want {
			t.Errorf("start position: %v shows %v, want %v", q, k, want)
		}
		counts[k]++
	}
	if counts[whiteTop] != 12 || counts[blackTop] != 12 {
		t.Errorf("start position: %d white and %d black discs seen, want 12 and 12", counts[whiteTop], counts[blackTop])
	}
}

// checkMovedPicture checks that the square a white man left shows the board
// and the square it went to a white disc (unless the computer took it).
func checkMovedPicture(t *testing.T, b *browser, img image.Image, st state, m rules.Move) {
	t.Helper()
	p := b.position(st)
	x, y := b.squareCenter(st, m.From().String())
	if k, c := classify(img, x*b.dev.scale, y*b.dev.scale); p.Column(m.From()).IsEmpty() && k != empty {
		t.Errorf("%v was left, but shows %v (%v)", m.From(), k, c)
	}
	if c := p.Column(m.To()); !c.IsEmpty() && c.Owner() == rules.White {
		x, y = b.squareCenter(st, m.To().String())
		if k, col := classify(img, x*b.dev.scale, (y-0.12*st.Board.Square)*b.dev.scale); k != whiteTop {
			t.Errorf("%v was moved to, but shows %v (%v)", m.To(), k, col)
		}
	}
}

func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// TestPhoneTouch plays with a finger in an emulated phone (390×844 CSS
// pixels, device scale 2, mobile and touch): the title and the new-game
// screen by taps, a move by tap-tap and one by dragging a finger, the
// computer answers, a long press opens the column inspector. The first tap
// unlocks the page's audio.
func TestPhoneTouch(t *testing.T) {
	srv := startServer(t)
	b := newBrowser(t, phone)
	t.Logf("start-up, cold cache: %v", b.open(srv.url("")))
	var audio []string
	b.eval(`window.__audioContexts.map(c => c.state)`, &audio)
	if len(audio) != 1 || audio[0] == "running" {
		t.Errorf("before any gesture: audio contexts %v, want one, not running (browsers block sound until a gesture)", audio)
	}

	st := b.startNewGame(false)
	b.eval(`window.__audioContexts.map(c => c.state)`, &audio)
	if len(audio) != 1 || audio[0] != "running" {
		t.Errorf("after the first taps: audio contexts %v, want one running", audio)
	}

	// Portrait: the board spans the width at the top, with squares a
	// finger can hit.
	side := st.Board.Square * float64(st.Board.Size)
	if st.Board.X < 0 || st.Board.X+side > float64(phone.width) || side < 0.85*float64(phone.width) || st.Board.Y+side > 0.6*float64(phone.height) {
		t.Errorf("portrait layout: board at (%v, %v), %v wide, in a %d×%d screen", st.Board.X, st.Board.Y, side, phone.width, phone.height)
	}
	if st.Board.Square < 40 {
		t.Errorf("squares are %.1f CSS pixels, too small for a finger", st.Board.Square)
	}
	b.expectBoard("phone-1-start", st)

	m := b.humanMove(st)
	st = b.playByTaps(st, m)
	t.Logf("tap-tap %v, the computer answered %v", m, st.Moves[len(st.Moves)-1])
	b.expectBoard("phone-2-after-taps", st)

	m = b.humanMove(st)
	st = b.playByDrag(st, m)
	t.Logf("finger drag %v, the computer answered %v", m, st.Moves[len(st.Moves)-1])
	before := b.expectBoard("phone-3-after-drag", st)

	// A long press on a column opens its inspector until the finger lifts.
	sq := tallestColumn(b.position(st), rules.White)
	x, y := b.squareCenter(st, sq.String())
	b.touchDown(x, y)
	got := b.waitState("the inspector", 5*time.Second, func(s state) bool { return s.Inspect != "" })
	if got.Inspect != sq.String() {
		t.Errorf("a long press on %v opened the inspector of %q", sq, got.Inspect)
	}
	b.waitScreen("phone-4-inspector", "the inspector", func(open image.Image) bool { return changedPixels(before, open) >= 2000 })
	b.touchUp()
	b.waitState("the inspector to close", 5*time.Second, func(s state) bool { return s.Inspect == "" })
	if after := b.state(); after.Ply != st.Ply {
		t.Errorf("a long press played a move: %v", after.Moves)
	}
}

// tallestColumn is the square of side c's tallest column.
func tallestColumn(p *rules.Position, c rules.Color) rules.Square {
	best, h := rules.NoSquare, 0
	for _, q := range p.Variant().Squares() {
		if col := p.Column(q); !col.IsEmpty() && col.Owner() == c && col.Height() > h {
			best, h = q, col.Height()
		}
	}
	return best
}

// changedPixels counts the pixels that differ clearly between two
// screenshots of the same size.
func changedPixels(a, b image.Image) int {
	n := 0
	r := a.Bounds().Intersect(b.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if absDiff(r1, r2)+absDiff(g1, g2)+absDiff(b1, b2) > 3*24*257 {
				n++
			}
		}
	}
	return n
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

// TestURLParameters starts a Lasca game from a FEN given in the URL, with
// parameters the page does not know, and a bad FEN, which must not stop the
// game.
func TestURLParameters(t *testing.T) {
	srv := startServer(t)
	b := newBrowser(t, desktop)
	want, err := rules.ParseFEN(rules.Lasca, "W:Wa1,c1,e1-00,c3:Bc5,e5-1,g7")
	if err != nil {
		t.Fatal(err)
	}
	b.open(srv.url("?variant=lasca&fen=" + url.QueryEscape(want.FEN()) + "&level=1&unknown=1&seed=7"))
	st := b.settled("the game from the URL", func(s state) bool { return s.FEN != "" })
	if st.FEN != want.FEN() || st.Board.Size != 7 || st.Ply != 0 {
		t.Fatalf("?fen=%s: the game shows %q on a board of %d", want.FEN(), st.FEN, st.Board.Size)
	}
	b.expectBoard("url-lasca-fen", st)

	b.open(srv.url("?fen=not-a-position&level=9&watch=maybe"))
	st = b.waitState("the title", time.Minute, func(s state) bool { return s.Scene == "title" })
	if st.FEN != "" {
		t.Errorf("a bad ?fen started a game: %q", st.FEN)
	}
}

// TestWithoutWebGLOrWebAssembly: a browser without WebGL, or without
// WebAssembly, gets a plain message instead of a game that never starts.
func TestWithoutWebGLOrWebAssembly(t *testing.T) {
	srv := startServer(t)
	for _, tc := range []struct {
		name   string
		flags  []chromedp.ExecAllocatorOption
		script string // run before the page's own
		want   string
	}{
		{"no WebGL", []chromedp.ExecAllocatorOption{chromedp.Flag("disable-webgl", true)}, "", "WebGL"},
		{"no WebAssembly", nil, "delete window.WebAssembly", "WebAssembly"},
	} {
		b := newBrowser(t, desktop, tc.flags...)
		if tc.script != "" {
			b.run(chromedp.ActionFunc(func(ctx context.Context) error {
				_, err := page.AddScriptToEvaluateOnNewDocument(tc.script).Do(ctx)
				return err
			}))
		}
		b.run(chromedp.Navigate(srv.url("")))
		b.waitFor("the message", `!!window.bashniLoadError`, 30*time.Second)
		var msg string
		var shown bool
		b.eval(`window.bashniLoadError`, &msg)
		b.eval(`(() => { const s = document.getElementById('status'); return s.className === 'error' && s.textContent === window.bashniLoadError && s.offsetParent !== null; })()`, &shown)
		if !strings.Contains(msg, tc.want) || !shown {
			t.Errorf("%s: message %q (shown: %v), want one that names %s", tc.name, msg, shown, tc.want)
		}
		t.Logf("%s: %s", tc.name, msg)
	}
}
