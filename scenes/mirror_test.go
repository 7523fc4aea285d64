package scenes

import (
	"testing"

	"bashni/access"
	"bashni/storage"

	"bashni/platform"
	"bashni/rules"
	"bashni/scenes/ui"
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

// fieldScene is a screen with one text field and a button after it.
type fieldScene struct {
	stubScene
	field, code *ui.TextField
	save        ui.Button
}

func (s *fieldScene) Update(c Context) error {
	c.FocusField(s.field, "Server")
	c.MirrorField(s.code, "Code")
	c.Used(&s.save)
	return nil
}

// A text field is mirrored as a text box holding its text, and what is
// typed into the box becomes the field's text.
func TestMirrorTextField(t *testing.T) {
	a, _ := buttonsApp(t)
	fs := &fieldScene{stubScene: stubScene{"field"}, field: ui.NewTextField("http://…"), code: ui.NewTextField("K7M2PQ"), save: ui.Button{Label: "Save", Rect: Rect{X: 100, Y: 200, W: 120, H: 48}}}
	fs.field.Layout(Rect{X: 100, Y: 100, W: 300, H: 48})
	fs.field.SetText("http://old")
	fs.field.Changed = false
	a.ShowOnly(fs)
	_ = a.Update()
	_ = a.Update()
	box := a.mirror.find(platform.RoleTextField, "Server")
	if box < 0 || a.mirror.shown[box].Value != "http://old" {
		t.Fatalf("no text box holding the field's text in %+v", a.mirror.shown)
	}
	a.mirror.pending = append(a.mirror.pending, platform.Activation{Gen: a.mirror.gen, Index: box, Pick: -1, Text: "http://192.168.1.5:8080"})
	_ = a.Update()
	if fs.field.Text() != "http://192.168.1.5:8080" || !fs.field.Changed {
		t.Errorf("typed into the box: the field has %q (changed %v)", fs.field.Text(), fs.field.Changed)
	}
	if fs.field.Focused() {
		t.Errorf("text typed in the page's box started typing on the canvas")
	}
	_ = a.Update()
	if box = a.mirror.find(platform.RoleTextField, "Server"); box < 0 || a.mirror.shown[box].Value != "http://192.168.1.5:8080" {
		t.Errorf("the box does not show the new text: %+v", a.mirror.shown)
	}
	// A field without a Tab stop (the online card's code) too.
	code := a.mirror.find(platform.RoleTextField, "Code")
	if code < 0 {
		t.Fatalf("no text box for the code in %+v", a.mirror.shown)
	}
	a.mirror.pending = append(a.mirror.pending, platform.Activation{Gen: a.mirror.gen, Index: code, Pick: -1, Text: "k7m2pq"})
	_ = a.Update()
	if fs.code.Text() != "k7m2pq" || fs.field.Text() != "http://192.168.1.5:8080" {
		t.Errorf("typed into the code's box: code %q, server %q", fs.code.Text(), fs.field.Text())
	}
}
