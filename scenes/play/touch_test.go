//go:build !js

package play

import (
	"testing"

	"bashni/i18n"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/storage"
)

// TestTouchTargetsOnAPhone: every control of the play screen (with its
// menu, between friends) and of the game-over card, in every language, on
// a phone held both ways, is at least scenes.MinTouchDP either way.
func TestTouchTargetsOnAPhone(t *testing.T) {
	for _, l := range i18n.Langs() {
		for _, sz := range [][2]float64{{390, 844}, {844, 390}} {
			cat, err := i18n.Load(l)
			if err != nil {
				t.Fatal(err)
			}
			st := storage.Defaults()
			st.InstantAnimations = true
			a, _ := newApp(t, scenes.Options{Text: cat, Settings: st, Clipboard: &platform.Memory{}})
			a.Resize(sz[0], sz[1], 1)
			var hits []scenes.Rect
			a.SetTouch(&hits)
			ps := New(a, scenes.GameConfig{Variant: rules.Bashni, Human: rules.White, Level: 1})
			a.SetGame(ps)
			over := New(a, scenes.GameConfig{Variant: rules.Bashni, Human: rules.White, Level: 1,
				Start: mustPosition(t, "W:Wc3:Bd4:H0:F30")})
			friend := New(a, scenes.GameConfig{Variant: rules.Lasca, Friend: true})
			for _, sc := range []struct {
				name  string
				scene scenes.Scene
				setup func()
				hits  bool // widgets hit-test something (the board alone does not)
			}{
				{"play", ps, nil, false},
				{"play menu", ps, func() { ps.openMenu(a) }, true},
				{"play a friend", friend, nil, true},
				{"game over", NewGameOver(a, over), func() {
					_ = over.sess.Play(mustMove(t, over.sess.Game().Position(), "c3:e5"))
				}, true},
			} {
				name := l.Code() + " " + sc.name
				if n := scenetest.TouchTargets(t, a, &hits, name, sc.scene, sz[0], sz[1], sc.setup); n == 0 && sc.hits {
					t.Errorf("%s %gx%g: no widget hit-tested anything", name, sz[0], sz[1])
				}
			}
		}
	}
}
