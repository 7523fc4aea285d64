package scenes

import (
	"testing"

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

// TestMirrorListsAndActivatesTheControls: the controls of the screen on
// top are listed with their roles, names and states, the list changes
// only when the screen does, and activating a listed control does what
// the control does.
func TestMirrorListsAndActivatesTheControls(t *testing.T) {
	a, _ := keyApp(t, "W:Wc3,e1:Bd4,f6,d6,a7,h8:H0:F12")
	ps := a.scene.(*PlayScene)
	_ = a.Update()
	cat := a.Text()
	flip := a.mirror.find(platform.RoleButton, cat.T("play.flip"))
	if flip < 0 {
		t.Fatalf("no Flip button in %+v", a.mirror.shown)
	}
	if undo := a.mirror.find(platform.RoleButton, cat.T("play.undo")); undo < 0 || !a.mirror.shown[undo].Disabled {
		t.Errorf("Undo (nothing to undo) is not listed as disabled: %+v", a.mirror.shown)
	}
	gen := a.mirror.gen
	_ = a.Update()
	if a.mirror.gen != gen {
		t.Errorf("an unchanged screen published its controls again")
	}
	a.mirror.pending = append(a.mirror.pending, platform.Activation{Gen: gen, Index: flip, Pick: -1})
	_ = a.Update()
	if !ps.flipped {
		t.Errorf("Flip activated in the mirror did not flip the board")
	}
	// A stale list (an older generation) activates nothing.
	a.mirror.pending = append(a.mirror.pending, platform.Activation{Gen: gen - 1, Index: flip, Pick: -1})
	_ = a.Update()
	if !ps.flipped {
		t.Errorf("a stale activation flipped the board back")
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

// An idle tick with the mirror allocates nothing.
func TestMirrorIdleTickAllocatesNothing(t *testing.T) {
	a, _ := keyApp(t, "W:Wc3,e1:Bd4,f6,d6,a7,h8:H0:F12")
	for i := 0; i < 5; i++ {
		_ = a.Update()
	}
	if n := testing.AllocsPerRun(50, func() { _ = a.Update() }); n > 0 {
		t.Errorf("an idle tick allocates %v times", n)
	}
}

// The game's typed commands act as their buttons and menu items do: flip,
// resign, and a new game with its choices.
func TestTypedGameCommands(t *testing.T) {
	a, _ := keyApp(t, "W:Wc3,e1:Bd4,f6,d6,a7,h8:H0:F12")
	ps := a.scene.(*PlayScene)
	ps.PageCommand(a, "flip")
	if !ps.flipped {
		t.Errorf("flip did not turn the board")
	}
	ps.PageCommand(a, "resign")
	if o := ps.sess.Outcome(); !o.Over() || o.Reason != rules.Resignation {
		t.Errorf("resign: the game is %+v", o)
	}
	ps.PageCommand(a, "new lasca black 2")
	for i := 0; i < 60 && (a.play == ps || a.scene.Name() != ScenePlay); i++ {
		_ = a.Update()
	}
	g := a.play
	if g == ps {
		t.Fatal("no new game")
	}
	if you, _ := g.Session().Local(); g.Session().Game().Variant() != rules.Lasca || you != rules.Black {
		t.Errorf("new lasca black 2 started %v, the person plays %v", g.Session().Game().Variant(), you)
	}
	if lv := a.Settings().NewGame.Level; lv != 2 {
		t.Errorf("new game level %d, want 2", lv)
	}
}
