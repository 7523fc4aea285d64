package scenes

import (
	"fmt"
	"testing"
	"time"

	"bashni/platform"
	"bashni/rules"
	"bashni/session"
	"bashni/storage"
)

// TestTouchTargetsOnAPhone walks every screen at 390×844 dp and fails when
// a control is smaller than MinTouchDP (44 dp) either way. The controls are
// the screens' Tab stops (every control goes through Context.Used or
// Context.Focus), so a screen's new button is checked without listing it
// here.
func TestTouchTargetsOnAPhone(t *testing.T) {
	const w, h = 390, 844
	st := storage.Defaults()
	st.InstantAnimations = true
	a := NewApp(Options{Settings: st, NoAttract: true, Clipboard: &platform.Memory{},
		Engine: func(uint64) session.Engine { return slowEngine{delay: time.Hour} }})
	a.keyboard = fakeKeys{}
	a.w, a.h, a.scale = w, h, 1
	a.sizeChanged = false
	a.layoutNow()
	a.ptr.Touch = true // a phone: no hover, the import field waits for a tap
	title := a.stack[0].scene

	ps := NewPlayScene(a, GameConfig{Variant: rules.Bashni, Human: rules.White, Level: 1})
	a.SetGame(ps)
	record := "1. c3-d4 f6-e5 2. d4:f6 g7:e5 *"
	im, err := parseImport(record, rules.Bashni)
	if err != nil {
		t.Fatal(err)
	}
	over := NewPlayScene(a, GameConfig{Variant: rules.Bashni, Human: rules.White, Level: 1,
		Start: mustPosition(t, "W:Wc3:Bd4:H0:F30")})
	screens := []struct {
		name  string
		scene Scene
		setup func()
	}{
		{"title", title, nil},
		{"new game", NewNewGameScene(a), nil},
		{"play", ps, nil},
		{"play menu", ps, func() { ps.openMenu(a) }},
		{"game over", NewGameOverScene(a, over), func() {
			over.sess.Play(mustMove(t, over.sess.Game().Position(), "c3:e5"))
		}},
		{"settings", NewSettingsScene(a), nil},
		{"rules", NewRulesScene(a), nil},
		{"archive", NewArchiveScene(a), nil},
		{"import", NewImportScene(a), nil},
		{"replay", NewReplayScene(a, im), nil},
		{"editor", NewEditorScene(a, rules.NewPosition(rules.Bashni)), nil},
		{"about", NewAboutScene(a), nil},
		{"lessons", NewLessonsScene(a), nil},
		{"lesson", NewLessonScene(a, 0), nil},
		{"puzzle", NewPuzzleScene(a, rules.Bashni), nil},
		{"analysis", NewAnalysisScene(a, rules.NewPosition(rules.Bashni), nil, rules.White), nil},
	}
	for _, sc := range screens {
		t.Run(sc.name, func(t *testing.T) {
			a.stack = append(a.stack[:1], stacked{sc.scene, title})
			if sc.scene == title {
				a.stack = a.stack[:1]
			}
			a.scene, a.next, a.transition = sc.scene, nil, 0
			sc.scene.Layout(a, w, h, 1)
			if sc.setup != nil {
				sc.setup()
			}
			for i := 0; i < 3; i++ {
				if err := a.Update(); err != nil {
					t.Fatal(err)
				}
			}
			if len(a.focus.rects) == 0 {
				t.Fatalf("%s: no controls found", sc.name)
			}
			for i, r := range a.focus.rects {
				if r.W < MinTouchDP-0.5 || r.H < MinTouchDP-0.5 {
					t.Errorf("%s: control %d at (%.0f, %.0f) is %.1f×%.1f dp, under %d dp", sc.name, i, r.X, r.Y, r.W, r.H, MinTouchDP)
				}
			}
			t.Logf("%s: %d controls, smallest %s", sc.name, len(a.focus.rects), smallest(a.focus.rects))
		})
	}
	if rh := ArchiveLayout(w, h, 1, 20).RowH; rh < MinTouchDP {
		t.Errorf("the archive's rows are %.1f dp tall, under %d", rh, MinTouchDP)
	}
}

func smallest(rs []Rect) string {
	m := rs[0]
	for _, r := range rs {
		if min(r.W, r.H) < min(m.W, m.H) {
			m = r
		}
	}
	return fmt.Sprintf("%.0f×%.0f", m.W, m.H)
}
