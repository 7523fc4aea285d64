package scenes

import (
	"testing"

	"bashni/access"
	"bashni/storage"

	"bashni/platform"
	"bashni/rules"
)

// find is the index of the mirrored control with that role and name.
func (m *mirror) find(role platform.Role, name string) int {
	for i, c := range m.shown {
		if c.Role == role && c.Name == name {
			return i
		}
	}
	return -1
}

// buttonsApp is an App at 1280×800 showing a screen of two buttons, driven
// by a fake keyboard.
func buttonsApp(t *testing.T) (*App, *buttonScene) {
	t.Helper()
	st := storage.Defaults()
	st.InstantAnimations = true
	a := NewApp(Options{Settings: st, NoAttract: true, Clipboard: &platform.Memory{}, Pages: Pages{Play: stubPlay}})
	a.keyboard = fakeKeys{}
	a.Resize(1280, 800, 1)
	s := newButtonScene()
	a.ShowOnly(s)
	_ = a.Update()
	return a, s
}

// TestMirrorListsAndActivatesTheControls: the controls of the screen on
// top are listed with their roles, names and states, the list changes
// only when the screen does, and activating a listed control does what
// the control does.
func TestMirrorListsAndActivatesTheControls(t *testing.T) {
	a, bs := buttonsApp(t)
	_ = a.Update()
	cat := a.Text()
	flip := a.mirror.find(platform.RoleButton, "Flip")
	if flip < 0 {
		t.Fatalf("no Flip button in %+v", a.mirror.shown)
	}
	if undo := a.mirror.find(platform.RoleButton, "Undo"); undo < 0 || !a.mirror.shown[undo].Disabled {
		t.Errorf("Undo (disabled) is not listed as disabled: %+v", a.mirror.shown)
	}
	gen := a.mirror.gen
	_ = a.Update()
	if a.mirror.gen != gen {
		t.Errorf("an unchanged screen published its controls again")
	}
	a.mirror.pending = append(a.mirror.pending, platform.Activation{Gen: gen, Index: flip, Pick: -1})
	_ = a.Update()
	if bs.flips != 1 {
		t.Errorf("Flip activated in the mirror was pressed %d times", bs.flips)
	}
	// A stale list (an older generation) activates nothing.
	a.mirror.pending = append(a.mirror.pending, platform.Activation{Gen: gen - 1, Index: flip, Pick: -1})
	_ = a.Update()
	if bs.flips != 1 {
		t.Errorf("a stale activation pressed Flip again")
	}

	// New game's choices are radio groups named by their labels; a pick
	// chooses that option.
	a.Push(NewNewGameScene(a))
	for i := 0; i < 60 && a.scene.Name() != SceneNewGame; i++ {
		_ = a.Update()
	}
	_ = a.Update()
	ng := a.scene.(*NewGameScene)
	level := a.mirror.find(platform.RoleRadioGroup, cat.T("newgame.computer_level"))
	if level < 0 || len(a.mirror.shown[level].Options) != 7 {
		t.Fatalf("no level choice in %+v", a.mirror.shown)
	}
	a.mirror.pending = append(a.mirror.pending, platform.Activation{Gen: a.mirror.gen, Index: level, Pick: 4})
	_ = a.Update()
	_ = a.Update()
	if ng.level.Selected != 4 || a.mirror.shown[level].Selected != 4 {
		t.Errorf("level picked 5: selected %d, mirrored %d", ng.level.Selected, a.mirror.shown[level].Selected)
	}
	if a.KeyboardFocus() {
		t.Errorf("an activation in the mirror showed the focus ring")
	}
}

// An idle tick with the mirror allocates nothing (the play screen's own:
// scenes/play).
func TestMirrorIdleTickAllocatesNothing(t *testing.T) {
	a, _ := buttonsApp(t)
	for i := 0; i < 5; i++ {
		_ = a.Update()
	}
	if n := testing.AllocsPerRun(50, func() { _ = a.Update() }); n > 0 {
		t.Errorf("an idle tick allocates %v times", n)
	}
}

// A typed "new" (from the title, or the play screen through the router's
// StartTyped) starts the game it names and keeps its choices.
func TestTypedNewGame(t *testing.T) {
	a, _ := buttonsApp(t)
	cmd, err := access.Parse(a.Text(), rules.NewPosition(rules.Bashni), "new lasca black 2")
	if err != nil {
		t.Fatal(err)
	}
	StartTyped(a, cmd)
	g, ok := a.Game().(*stubGame)
	if !ok {
		t.Fatal("no new game")
	}
	if g.cfg.Variant != rules.Lasca || g.cfg.Human != rules.Black || g.cfg.Level != 2 || g.cfg.Friend {
		t.Errorf("new lasca black 2 asked for %+v", g.cfg)
	}
	if lv := a.Settings().NewGame.Level; lv != 2 {
		t.Errorf("new game level %d, want 2", lv)
	}
}
