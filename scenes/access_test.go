package scenes

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/launch"
	"bashni/platform"
	"bashni/rules"
	"bashni/session"
	"bashni/storage"
)

// press runs one tick of the app with keys down (a modifier first), then
// one with them up.
func press(a *App, kb fakeKeys, keys ...ebiten.Key) {
	for _, k := range keys {
		kb[k] = 1
	}
	_ = a.Update()
	for _, k := range keys {
		delete(kb, k)
	}
	_ = a.Update()
}

// keyApp is an App at 1280×800 on a game from fen (on a stub of the play
// screen, scenes/play; the person plays the side to move, the computer
// never answers), driven by a fake keyboard.
func keyApp(t *testing.T, fen string) (*App, fakeKeys) {
	t.Helper()
	st := storage.Defaults()
	st.InstantAnimations = true
	a := NewApp(Options{Launch: launch.Launch{FEN: fen, Variant: rules.Bashni}, Settings: st, NoAttract: true, Pages: Pages{Play: stubPlay}, Clipboard: &platform.Memory{}, Engine: func(uint64) session.Engine { return slowEngine{delay: time.Hour} }})
	kb := fakeKeys{}
	a.keyboard = kb
	a.w, a.h, a.scale = 1280, 800, 1
	a.sizeChanged = false
	a.layoutNow()
	_ = a.Update()
	if a.scene.Name() != ScenePlay {
		t.Fatalf("the game did not start: %s", a.scene.Name())
	}
	return a, kb
}

// TestSystemMotion: the system's reduced-motion preference is the default
// of InstantAnimations until the player chooses in Settings.
func TestSystemMotion(t *testing.T) {
	for _, tc := range []struct {
		chosen, instant, prefers, want bool
	}{
		{false, false, true, true},
		{false, true, false, true}, // on in an older save: the player's choice
		{false, false, false, false},
		{true, false, true, false}, // the player turned it off
		{true, true, false, true},
	} {
		s := storage.Defaults()
		s.MotionChosen, s.InstantAnimations = tc.chosen, tc.instant
		if got := followSystemMotion(s, tc.prefers).InstantAnimations; got != tc.want {
			t.Errorf("chosen=%v instant=%v prefers=%v: instant %v, want %v", tc.chosen, tc.instant, tc.prefers, got, tc.want)
		}
	}
}
