package e2e

import (
	"bashni/launch"
	"bashni/startup"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/home"
	"bashni/scenes/newgame"
	"bashni/scenes/online"
)

// TestNewGameScrollOnLandscapePhone opens New game on a phone on its side
// (844×390), where its rows do not fit: Play a friend online scrolls its
// rows to the code to join with the wheel, its title and buttons staying
// put, and Back (pinned at the card's foot) returns; then New game's rows
// are dragged by a finger to "You play", Level 1 and Black are tapped
// there, and Play (pinned) starts the game: the computer, White, answers
// on a Lasca board turned for Black, and the saved game holds the
// choices. With BASHNI_SCREENSHOTS set it writes docs'
// online-create-landscape.png and newgame-landscape.png.
func TestNewGameScrollOnLandscapePhone(t *testing.T) {
	const w, h = 844, 390
	config := t.TempDir()
	// A server address shows "Play a friend online"; nothing connects to it.
	g := startIn(t, w, h, guestEnv{config: config}, "-mute", "-seed", "7", "-server", "http://127.0.0.1:9")
	g.ticks(30)
	shot := func(name string) {
		if dir := os.Getenv("BASHNI_SCREENSHOTS"); dir != "" {
			if err := save(g.frame(), filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		}
	}
	ng := newgame.Layout(w, h, 1)
	ol := online.Layout(w, h, 1)
	if ng.MaxScroll() <= 0 || ol.MaxScroll() <= 0 {
		t.Fatalf("the rows fit at %dx%d: nothing to scroll (new game %.0f in %.0f, online %.0f in %.0f)", w, h, ng.Content, ng.Body.H, ol.Content, ol.Body.H)
	}
	g.click(mid(home.TitleLayoutOnline(w, h, 1, false, true).NewGame))
	g.ticks(40)
	g.move(1, 1)
	g.ticks(5)
	newGameTop := g.frame()

	// Play a friend online: the wheel scrolls its rows to the code to
	// join; the title, Back and Create game do not move.
	g.click(mid(newgame.OnlineButton(ng, 1)))
	g.ticks(40)
	g.friendCard(w, h)
	g.move(1, 1)
	g.ticks(5)
	onlineTop := g.frame()
	shot("online-create-landscape.png")
	g.wheelDown(ol.Body.X+ol.Body.W-40, ol.Body.Y+ol.Body.H/2, ol.MaxScroll())
	onlineEnd := g.frame()
	if d := differing(onlineTop, onlineEnd, ol.Body); d < 0.05 {
		t.Fatalf("the wheel did not scroll the online rows (%.1f%% of the body changed)", 100*d)
	}
	title := scenes.Rect{X: ol.Card.X, Y: ol.Card.Y, W: ol.Card.W, H: ol.Body.Y - ol.Card.Y - 2}
	for what, r := range map[string]scenes.Rect{"title": title, "Back": ol.Back, "Create game": ol.Create} {
		if d := differing(onlineTop, onlineEnd, r); d != 0 {
			t.Errorf("online: the %s moved or changed while the rows scrolled (%.1f%% of it)", what, 100*d)
		}
	}
	code := ol.Code
	code.Y -= ol.MaxScroll()
	if code.Y < ol.Body.Y || code.Y+code.H > ol.Body.Y+ol.Body.H {
		t.Fatalf("scrolled to the end, the code field %v is outside the body %v", code, ol.Body)
	}
	g.tap(mid(ol.Back))
	g.ticks(40)
	g.tap(mid(online.LobbyLayout(w, h, 1).Back)) // and the lobby's
	g.ticks(40)
	g.move(1, 1)
	g.ticks(5)
	if d := differing(newGameTop, g.frame(), ng.Card); d > 0.01 {
		t.Fatalf("Back did not return to New game (%.1f%% of its card differs)", 100*d)
	}

	// New game: Lasca at the top, then a finger drags the rows to their
	// end, where Level 1 and Black are tapped.
	g.tap(ng.Variant.X+ng.Variant.W*3/4, ng.Variant.Y+ng.Variant.H/2)
	bx := ng.Body.X + ng.Body.W - 40
	for i := 0; i < 2; i++ {
		g.touchDrag(bx, ng.Body.Y+ng.Body.H-10, bx, ng.Body.Y+10)
	}
	g.ticks(5)
	off := ng.MaxScroll()
	level, side := ng.Level, ng.Side
	level.Y -= off
	side.Y -= off
	for what, r := range map[string]scenes.Rect{"level": level, "you play": side} {
		if r.Y < ng.Body.Y || r.Y+r.H > ng.Body.Y+ng.Body.H {
			t.Fatalf("scrolled to the end, the %s choice %v is outside the body %v", what, r, ng.Body)
		}
	}
	g.tap(level.X+level.W/14, level.Y+level.H/2) // 1
	g.tap(side.X+side.W/2, side.Y+side.H/2)      // Black
	g.ticks(5)
	scrolled := g.frame()
	shot("newgame-landscape.png")
	ngTitle := scenes.Rect{X: ng.Card.X, Y: ng.Card.Y, W: ng.Card.W, H: ng.Body.Y - ng.Card.Y - 2}
	for what, r := range map[string]scenes.Rect{"title": ngTitle, "Back": ng.Back, "Play": ng.Start} {
		if d := differing(newGameTop, scrolled, r); d != 0 {
			t.Errorf("new game: the %s moved or changed while the rows scrolled (%.1f%% of it)", what, 100*d)
		}
	}
	if d := differing(newGameTop, scrolled, ng.Body); d < 0.05 {
		t.Fatalf("the finger did not scroll New game's rows (%.1f%% of the body changed)", 100*d)
	}

	// Play, pinned at the card's foot: the game starts.
	g.tap(mid(ng.Start))
	g.ticks(30)
	b := playBoard(w, h, rules.Lasca, true) // turned: Black at the bottom
	start := rules.NewPosition(rules.Lasca)
	answer := g.waitForAnswer(b, start, 1500)
	t.Logf("the computer opened with %v", answer)
	g.ticks(30)
	g.close()
	sg := readSaved(t, config)
	if sg.Data.Variant != "Lasca" || sg.Data.Opponent != "computer" || sg.Data.Level != 1 || sg.Data.Human != "black" || len(sg.Data.Moves) != 1 {
		t.Fatalf("saved game %+v, want Lasca against the computer at level 1, you Black, its first move made", sg.Data)
	}
}

// TestCardsScrollingDrawAllocatesNothing draws New game and Play a friend
// online where their rows scroll (844×390: clipped to the card's body,
// with a scroll bar) again and again: the game's code allocates nothing
// in a redraw.
func TestCardsScrollingDrawAllocatesNothing(t *testing.T) {
	inFrame(func() {
		const w, h = 844, 390
		app := scenes.NewApp(scenes.Options{Launch: launch.Launch{Seed: 1}, Pages: startup.Pages(), NoAttract: true})
		screen := ebiten.NewImage(w, h)
		app.LayoutF(w, h)
		if newgame.Layout(w, h, 1).MaxScroll() <= 0 || online.Layout(w, h, 1).MaxScroll() <= 0 {
			t.Fatal("the rows fit: nothing scrolls")
		}
		for name, s := range map[string]scenes.Scene{"new game": newgame.New(app), "online": online.New(app, "")} {
			s.Layout(app, w, h, 1)
			for i := 0; i < 3; i++ {
				s.Draw(app, screen)
			}
			for where, n := range ownAllocs(50, func() { s.Draw(app, screen) }) {
				t.Errorf("50 redraws of %s with its rows scrolled: %s allocates %d times, want 0", name, where, n)
			}
		}
	})
}
