package scenes

import (
	"fmt"
	"testing"

	"bashni/storage"

	"bashni/platform"
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
	// A label changed between the page's reading and its click (a
	// countdown): the click made from the list before still presses the
	// button in that place; one made two lists ago does not.
	bs.flip.Label = "Flip 0:59"
	_ = a.Update()
	if a.mirror.gen != gen+1 {
		t.Fatalf("a changed label published generation %d, want %d", a.mirror.gen, gen+1)
	}
	a.mirror.pending = append(a.mirror.pending, platform.Activation{Gen: gen, Index: flip, Pick: -1})
	_ = a.Update()
	if bs.flips != 2 {
		t.Errorf("a click on the list before a label changed pressed Flip %d times, want 2 in all", bs.flips)
	}
	bs.flip.Label = "Flip 0:58"
	_ = a.Update()
	a.mirror.pending = append(a.mirror.pending, platform.Activation{Gen: gen, Index: flip, Pick: -1})
	_ = a.Update()
	if bs.flips != 2 {
		t.Errorf("a click two lists old pressed Flip")
	}
	bs.flip.Label = "Flip"
	_ = a.Update()
	// A row arrives ahead of Flip between the reading and the click: the
	// click made from the list before reaches Flip by its name, not the
	// row now at Flip's old place.
	gen, flip = a.mirror.gen, a.mirror.find(platform.RoleButton, "Flip")
	bs.before = []ui.Button{{Label: "Arena", Rect: Rect{X: 100, Y: 200, W: 120, H: 48}}}
	_ = a.Update()
	if now := a.mirror.find(platform.RoleButton, "Flip"); now == flip {
		t.Fatalf("the row did not move Flip in the list (%d)", now)
	}
	a.mirror.pending = append(a.mirror.pending, platform.Activation{Gen: gen, Index: flip, Pick: -1})
	_ = a.Update()
	if bs.flips != 3 {
		t.Errorf("a click on Flip made before a row arrived pressed Flip %d times, want 3 in all", bs.flips)
	}
	bs.before = nil
	_ = a.Update()

	// New game's choices are radio groups named by their labels; a pick
	// chooses that option.
	ng := newChoiceScene(cat.T("newgame.computer_level"))
	a.Push(ng)
	for i := 0; i < 60 && a.scene != ng; i++ {
		_ = a.Update()
	}
	_ = a.Update()
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

// TestMirrorClickWhileTheScreenChanges: the screen changes in the very
// tick a click from the page arrives (a seek comes in and puts a row ahead
// of the button, the screen lists nothing while it opens, a countdown's
// label moves on, another screen opens): the click reaches the control it
// was made on, or nothing; never the control now at its Tab stop.
func TestMirrorClickWhileTheScreenChanges(t *testing.T) {
	for _, tc := range []struct {
		name string
		// change changes the screen after the click and before the tick
		// that takes it; after runs after each tick.
		change, after  func(a *App, bs *buttonScene)
		flips, befores int
	}{
		{name: "nothing changes", change: func(*App, *buttonScene) {}, flips: 1},
		{
			name: "a row arrives ahead of the button",
			change: func(_ *App, bs *buttonScene) {
				bs.before = []ui.Button{{Label: "Arena", Rect: Rect{X: 100, Y: 200, W: 120, H: 48}}}
			},
			flips: 1,
		},
		{
			name:   "the screen lists nothing for a few ticks",
			change: func(_ *App, bs *buttonScene) { bs.hold = true },
			after:  func(a *App, bs *buttonScene) { bs.hold = a.tick%4 != 0 },
			flips:  1,
		},
		{
			name:   "its label changes",
			change: func(_ *App, bs *buttonScene) { bs.flip.Label = "Flip 0:59" },
			flips:  1,
		},
		{
			name: "its label changes and a row arrives ahead of it",
			change: func(_ *App, bs *buttonScene) {
				bs.flip.Label = "Flip 0:59"
				bs.before = []ui.Button{{Label: "Arena", Rect: Rect{X: 100, Y: 200, W: 120, H: 48}}}
			},
			flips: 0, // not known to be the same control: nothing
		},
		{
			name:   "another screen opens",
			change: func(a *App, _ *buttonScene) { a.ShowOnly(newButtonScene()) },
			flips:  0,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, bs := buttonsApp(t)
			_ = a.Update()
			flip := a.mirror.find(platform.RoleButton, "Flip")
			a.mirror.pending = append(a.mirror.pending, platform.Activation{Gen: a.mirror.gen, Index: flip, Pick: -1})
			tc.change(a, bs)
			for i := 0; i < 10; i++ {
				_ = a.Update()
				if tc.after != nil {
					tc.after(a, bs)
				}
			}
			if bs.flips != tc.flips || bs.befores != tc.befores {
				t.Errorf("Flip pressed %d times and the rows ahead of it %d, want %d and %d", bs.flips, bs.befores, tc.flips, tc.befores)
			}
			if len(a.mirror.waiting) != 0 {
				t.Errorf("clicks still waiting: %+v", a.mirror.waiting)
			}
		})
	}
}

// TestMirrorClickOnASameLookingScreen: a screen whose controls are the
// same as the screen's before it (the page's list is not sent again)
// takes the clicks made on it.
func TestMirrorClickOnASameLookingScreen(t *testing.T) {
	a, first := buttonsApp(t)
	second := newButtonScene()
	a.ShowOnly(second)
	gen := a.mirror.gen
	_ = a.Update()
	if a.mirror.gen != gen {
		t.Fatalf("the same controls were sent again (generation %d, was %d)", a.mirror.gen, gen)
	}
	a.mirror.pending = append(a.mirror.pending, platform.Activation{Gen: a.mirror.gen, Index: a.mirror.find(platform.RoleButton, "Flip"), Pick: -1})
	_ = a.Update()
	if second.flips != 1 || first.flips != 0 {
		t.Errorf("Flip pressed on the screen shown %d times, on the one before %d; want 1 and 0", second.flips, first.flips)
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

// choiceScene is a card with a choice of seven and a button: New game's
// level (scenes/newgame) as the mirror and the announcer see it.
type choiceScene struct {
	stubScene
	level ui.Segmented
	back  ui.Button
}

// newChoiceScene is a choice of levels 1 to 7 named name, level 1 chosen.
func newChoiceScene(name string) *choiceScene {
	s := &choiceScene{stubScene: stubScene{SceneNewGame}}
	s.level = ui.Segmented{Name: name, Options: []string{"1", "2", "3", "4", "5", "6", "7"}, Rect: Rect{X: 100, Y: 100, W: 490, H: 48}}
	s.back = ui.Button{Label: "Back", Rect: Rect{X: 100, Y: 200, W: 120, H: 48}}
	return s
}

func (s *choiceScene) Update(c Context) error {
	c.Used(&s.level)
	c.Used(&s.back)
	return nil
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

// entryScene is a screen with a text field that Enter submits (the
// lobby's name) and its state.
type entryScene struct {
	stubScene
	name      *ui.TextField
	state     FieldState
	submitted []string // the texts submitted, in order
}

func (s *entryScene) Update(c Context) error {
	if c.MirrorEntry(s.name, "Your name", s.state) {
		s.submitted = append(s.submitted, s.name.Text())
	}
	return nil
}

// A text field that Enter submits: the box carries the field's note and
// refusal, text committed by leaving the box only edits the field, and
// Enter in the box edits it and submits once, as Enter on the canvas.
func TestMirrorEntry(t *testing.T) {
	a, _ := buttonsApp(t)
	es := &entryScene{stubScene: stubScene{"entry"}, name: ui.NewTextField("Your name"), state: FieldState{Note: "Rated games need a name."}}
	a.ShowOnly(es)
	_ = a.Update()
	_ = a.Update()
	box := func() platform.Control {
		t.Helper()
		i := a.mirror.find(platform.RoleTextField, "Your name")
		if i < 0 {
			t.Fatalf("no text box for the name in %+v", a.mirror.shown)
		}
		return a.mirror.shown[i]
	}
	if b := box(); b.Detail != "Rated games need a name." || b.Invalid {
		t.Fatalf("the box before anything is typed: %+v", b)
	}
	steps := []struct {
		what      string
		pick      int
		text      string
		submitted []string
	}{
		{"left the box", -1, "an", nil},
		{"Enter", platform.PickSubmit, "ab", []string{"ab"}},
		{"Enter again, the same text", platform.PickSubmit, "ab", []string{"ab", "ab"}},
		{"left the box again", -1, "Anna", []string{"ab", "ab"}},
	}
	for _, st := range steps {
		a.mirror.pending = append(a.mirror.pending, platform.Activation{Gen: a.mirror.gen, Index: a.mirror.find(platform.RoleTextField, "Your name"), Pick: st.pick, Text: st.text})
		_ = a.Update()
		_ = a.Update()
		if es.name.Text() != st.text || fmt.Sprint(es.submitted) != fmt.Sprint(st.submitted) {
			t.Errorf("%s: the field holds %q, submitted %q; want %q, %q", st.what, es.name.Text(), es.submitted, st.text, st.submitted)
		}
		if b := box(); b.Value != st.text {
			t.Errorf("%s: the box shows %q", st.what, b.Value)
		}
	}
	// Refused: the box says why, and is marked invalid.
	es.state = FieldState{Note: "Someone already has that name.", Refused: true}
	_ = a.Update()
	if b := box(); b.Detail != "Someone already has that name." || !b.Invalid {
		t.Errorf("the refused name's box: %+v", b)
	}
}
