package scenes

import (
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestDesktopSaysScreensAndFocus: on the desktop the shell says a screen's
// name when it opens and the focused control with its state when Tab
// moves to it or the arrows change it, once each, and nothing while
// nothing changes.
func TestDesktopSaysScreensAndFocus(t *testing.T) {
	a, _ := buttonsApp(t)
	kb := a.keyboard.(fakeKeys)
	var said []string
	a.announced.say = func(s string) { said = append(said, s) }
	cat := a.Text()

	ng := newChoiceScene(cat.T("newgame.computer_level"))
	a.Push(ng)
	for i := 0; i < 60 && a.scene != ng; i++ {
		_ = a.Update()
	}
	_ = a.Update()
	if !slices.Equal(said, []string{cat.T("screen.newgame")}) {
		t.Fatalf("New game opened: said %q, want its name alone", said)
	}
	// Tab to the level choice, hearing each control on the way.
	for i := 0; i < 20 && !(a.focus.ring == ng.level.Bounds()); i++ {
		press(a, kb, ebiten.KeyTab)
	}
	if !(a.focus.ring == ng.level.Bounds()) {
		t.Fatalf("Tab never reached the level choice")
	}
	level := cat.F("spoken.choice", "Name", ng.level.Name, "Choice", ng.level.Options[ng.level.Selected])
	if said[len(said)-1] != level {
		t.Errorf("focus on the level: said %q last, want %q", said[len(said)-1], level)
	}
	n := len(said)
	for i := 0; i < 5; i++ {
		_ = a.Update()
	}
	if len(said) != n {
		t.Errorf("nothing changed and it said %q", said[n:])
	}
	press(a, kb, ebiten.KeyArrowRight)
	_ = a.Update()
	level = cat.F("spoken.choice", "Name", ng.level.Name, "Choice", ng.level.Options[ng.level.Selected])
	if len(said) != n+1 || said[n] != level {
		t.Errorf("the level stepped: said %q, want %q", said[n:], level)
	}
}
