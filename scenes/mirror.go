package scenes

import (
	"bashni/access"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes/ui"
)

// The controls' mirror (issue 22): a screen reader cannot read the canvas,
// so every tick the controls the scene on top runs through Used (and the
// rows it names with FocusItem) are listed with their role, name and
// state; when the list differs from the one the page shows, the page gets
// the new one (platform.State.Controls) and rebuilds its off-screen HTML
// copy. Activating a copy activates, on a following tick, the control of
// that role and name as the scene lists it (waiting), so it does exactly
// what a click or Enter on the canvas does. The
// list reuses its slices and the widgets' strings: an unchanged screen
// allocates nothing.
type mirror struct {
	cur   []platform.Control // this tick's, being listed
	shown []platform.Control // the page's
	gen   int
	// older are the lists before shown: older[k] is generation gen-1-k.
	// The list can change, even several times, between the page's reading
	// and its click (a countdown's label, rows that arrive as the lobby
	// opens); a click made from one of them still reaches the control it
	// was on: the one of the same role and name, or, when only its label
	// changed since the list before, the same kind of control at the same
	// Tab stop. Never another control.
	older [keptLists][]platform.Control
	// listing is the scene whose Update lists cur; shownScene the one
	// shown was listed for. A click made on one screen's list does
	// nothing on another screen.
	listing, shownScene Scene
	// used: a control acted this tick, so the scene may have returned
	// before listing the rest; the list waits for a whole tick.
	used bool
	acts []platform.Activation
	// pending are activations handed in outside a page (tests).
	pending []platform.Activation
	// waiting are the clicks found in the page's list, oldest first. The
	// first is armed each tick: it acts on the control of its role and
	// name as the scene lists it, not on a Tab stop's number, because
	// the screen may change in the very tick it acts (a seek that comes
	// in puts a row ahead of the button: the button's stop is then
	// another control's).
	waiting []clickTarget
	armed   bool // waiting[0] is being looked for this tick
	fired   bool // and was found
	seen    int  // this tick's controls so far of its role and name
	// fields counts this tick's text fields without a Tab stop
	// (MirrorEntry), which are told apart by it.
	fields int
}

// clickTarget is a control clicked in the page, as it was listed.
type clickTarget struct {
	role platform.Role
	name string
	// nth is which of the controls of that role and name it is (two rows
	// of one name: the second).
	nth int
	// index is its place in the list it was found in: a label that
	// changes the very tick the click arrives (a countdown) leaves the
	// control there.
	index      int
	relabelled bool // its label was followed once
	pick       int
	text       string
	scene      Scene
	// idle counts the ticks in which the screen listed no control (it is
	// opening); the click waits for its controls a while.
	idle int
}

// idleTicks is how long a click waits for a screen that lists nothing.
const idleTicks = 60

// keptLists is how many lists before the shown one a click may come from.
const keptLists = 4

// resolve is the index in shown of the control act was made on, or -1.
func (m *mirror) resolve(act platform.Activation) int {
	age := m.gen - act.Gen
	switch {
	case act.Index < 0 || age < 0 || age > keptLists:
		return -1
	case age == 0:
		if act.Index < len(m.shown) {
			return act.Index
		}
		return -1
	case act.Index >= len(m.older[age-1]):
		return -1
	}
	was := &m.older[age-1][act.Index]
	found := -1
	for i := range m.shown {
		if c := &m.shown[i]; c.Role == was.Role && c.Name == was.Name {
			if found >= 0 {
				return -1 // two of that name: which one is not known
			}
			found = i
		}
	}
	if found >= 0 {
		return found
	}
	if i := act.Index; age == 1 && i < len(m.shown) && m.shown[i].Role == was.Role && m.shown[i].Stop == was.Stop {
		return i
	}
	return -1
}

// add lists a control of this tick.
func (m *mirror) add(c platform.Control) {
	if m.looking() && c.Role == m.waiting[0].role && c.Name == m.waiting[0].name {
		m.seen++
	}
	m.cur = append(m.cur, c)
}

// looking reports whether a click from the page is looked for this tick.
func (m *mirror) looking() bool { return m.armed && !m.fired }

// wants reports whether the control about to be listed (add) is the one
// clicked in the page; it is then the click's, which acts once.
func (m *mirror) wants(role platform.Role, name string) bool {
	if !m.looking() {
		return false
	}
	t := &m.waiting[0]
	if t.role != role || t.name != name || m.seen != t.nth {
		return false
	}
	m.fired = true
	return true
}

// clicked is the click wants found this tick.
func (m *mirror) clicked() *clickTarget { return &m.waiting[0] }

// targetOf is the control of shown at that index, as a click's target.
func (m *mirror) targetOf(at int, act platform.Activation) clickTarget {
	c := &m.shown[at]
	nth := 0
	for i := 0; i < at; i++ {
		if m.shown[i].Role == c.Role && m.shown[i].Name == c.Name {
			nth++
		}
	}
	return clickTarget{role: c.Role, name: c.Name, nth: nth, index: at, pick: act.Pick, text: act.Text, scene: m.shownScene}
}

// controlOf describes a package ui widget; stop is its Tab stop (-1 none).
func controlOf(w Widget, stop int) (platform.Control, bool) {
	switch w := w.(type) {
	case *ui.Button:
		name := w.Label
		if name == "" {
			name = w.Name
		}
		return platform.Control{Role: platform.RoleButton, Name: name, Detail: w.Sub, Disabled: w.Disabled, Selected: b2i(w.Toggled), Stop: stop}, true
	case *ui.Segmented:
		return platform.Control{Role: platform.RoleRadioGroup, Name: w.Name, Options: w.Options, Selected: w.Selected, Disabled: w.Disabled, Stop: stop}, true
	case *ui.Toggle:
		return platform.Control{Role: platform.RoleSwitch, Name: w.Label, Selected: b2i(w.On), Stop: stop}, true
	case *ui.Slider:
		return platform.Control{Role: platform.RoleSlider, Name: w.Label, Value: w.Text, Selected: int(w.Value*20 + 0.5), Stop: stop}, true
	}
	return platform.Control{}, false
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// beginTick takes the page's activations: each is resolved to the control
// it was made on, and the oldest waiting is looked for as this tick's
// scene lists its controls.
func (m *mirror) beginTick(a *App) {
	m.cur = m.cur[:0]
	m.used, m.fields = false, 0
	m.listing = a.scene
	m.acts = platform.Activations(append(m.acts[:0], m.pending...))
	m.pending = m.pending[:0]
	for _, act := range m.acts {
		if at := m.resolve(act); at >= 0 && !m.shown[at].Disabled {
			m.waiting = append(m.waiting, m.targetOf(at, act))
		}
		a.Invalidate()
	}
	// A click made on another screen's list does nothing here.
	kept := m.waiting[:0]
	for _, t := range m.waiting {
		if t.scene == a.scene {
			kept = append(kept, t)
		}
	}
	clear(m.waiting[len(kept):])
	m.waiting = kept
	m.armed, m.fired, m.seen = len(m.waiting) > 0, false, 0
}

// endTick publishes the list when it changed, and settles the click
// looked for: found, it is done; not found, it waits for a screen that
// listed nothing or stopped early, follows a label that changed this
// tick, or is dropped (its control is gone).
func (m *mirror) endTick() {
	if m.armed {
		m.settle()
	}
	if m.used {
		return
	}
	// The list shown is now this scene's, also when it is the same as
	// the screen's before (another screen of one Back button).
	m.shownScene = m.listing
	if len(m.cur) == len(m.shown) {
		same := true
		for i := range m.cur {
			if !m.cur[i].Same(&m.shown[i]) {
				same = false
				break
			}
		}
		if same {
			return
		}
	}
	// Changed: copy, options too (a widget may rewrite its slice in place).
	// The oldest list's slice is reused for the new one.
	reuse := m.older[keptLists-1]
	copy(m.older[1:], m.older[:keptLists-1])
	m.older[0], m.shown = m.shown, reuse[:0]
	for _, c := range m.cur {
		if c.Options != nil {
			c.Options = append([]string(nil), c.Options...)
		}
		m.shown = append(m.shown, c)
	}
	m.gen++
}

// settle decides what becomes of the click looked for this tick.
func (m *mirror) settle() {
	t := &m.waiting[0]
	switch {
	case m.fired:
	case m.used:
		return // another control acted first: next tick
	case len(m.cur) == 0:
		if t.idle++; t.idle <= idleTicks {
			return
		}
	case !t.relabelled && m.relabelledOnly(t):
		// Its label changed this tick: the control in its place.
		c := &m.cur[t.index]
		t.name, t.nth, t.relabelled = c.Name, 0, true
		for i := 0; i < t.index; i++ {
			if m.cur[i].Role == c.Role && m.cur[i].Name == c.Name {
				t.nth++
			}
		}
		return
	}
	copy(m.waiting, m.waiting[1:])
	m.waiting[len(m.waiting)-1] = clickTarget{}
	m.waiting = m.waiting[:len(m.waiting)-1]
}

// relabelledOnly reports whether this tick's list is the one shown but
// for the label of t's control: a countdown moved on, nothing came or
// went, so the control in its place is its own.
func (m *mirror) relabelledOnly(t *clickTarget) bool {
	if len(m.cur) != len(m.shown) || t.index >= len(m.cur) || m.shown[t.index].Name != t.name {
		return false
	}
	for i := range m.cur {
		c, was := &m.cur[i], &m.shown[i]
		if c.Role != was.Role || c.Stop != was.Stop || (i != t.index && c.Name != was.Name) {
			return false
		}
	}
	return true
}

// FocusItem is Focus for a row of a list that opens something (a past
// game): it is mirrored in the page as a control named name.
func (a *App) FocusItem(r ui.Rect, name string) FocusState {
	st := a.focus.stop(a, r, false, a.mirror.wants(platform.RoleItem, name))
	a.mirror.add(platform.Control{Role: platform.RoleItem, Name: name, Stop: a.focus.count - 1})
	if st.Activated {
		a.mirror.used = true
	}
	return st
}

// FocusField is Focus for a one-line text field (the online card's code,
// Settings' server): it is mirrored in the page as a text box named name
// holding the field's text, and what is typed there (committed with Enter
// or by leaving the box) becomes the field's text, Changed set, as if
// typed on the canvas.
func (a *App) FocusField(f *ui.TextField, name string) FocusState {
	typed := a.mirror.wants(platform.RoleTextField, name)
	st := a.focus.stop(a, f.Rect, false, false)
	stop := a.focus.count - 1
	if typed {
		// Typed in the page (Enter or not): the text only, as if typed on
		// the canvas; the field is not asked to start typing.
		if t := a.mirror.clicked().text; t != f.Text() {
			f.SetText(t)
			f.Changed = true
			a.Invalidate()
		}
		a.mirror.used = true
	}
	a.mirror.add(platform.Control{Role: platform.RoleTextField, Name: name, Value: f.Text(), Stop: stop})
	return st
}

// MirrorField mirrors a text field that is no Tab stop (the online card's
// code, typed into at once) as FocusField does.
func (a *App) MirrorField(f *ui.TextField, name string) {
	a.MirrorEntry(f, name, FieldState{})
}

// FieldState is what the page's mirror says of a text field besides its
// name and text, as the sighted player reads it around the field.
type FieldState struct {
	// Note is why the field is asked for, or, Refused, why its text was
	// refused (the box's description).
	Note    string
	Refused bool
}

// MirrorEntry mirrors a text field that is no Tab stop and that Enter
// submits (the lobby's name and transfer code) as MirrorField does, with
// its state; submitted reports that Enter was pressed in the page's box
// this tick, its text already the field's, so the screen does what Enter
// on the canvas does.
func (a *App) MirrorEntry(f *ui.TextField, name string, st FieldState) (submitted bool) {
	m := &a.mirror
	k := m.fields
	m.fields++
	if m.wants(platform.RoleTextField, name) {
		typed := m.clicked()
		if f.Text() != typed.text {
			f.SetText(typed.text)
			f.Changed = true
			a.Invalidate()
		}
		submitted = typed.pick == platform.PickSubmit
		m.used = true
	}
	m.add(platform.Control{Role: platform.RoleTextField, Name: name, Value: f.Text(), Detail: st.Note, Invalid: st.Refused, Stop: -2 - k})
	return submitted
}

// JoinTyped opens the online card joining the game of the code typed
// ("join K7M2PQ"): the card says what it does, or what is wrong with the
// code.
func JoinTyped(c Context, code string) {
	if online := c.Pages().Online; online != nil {
		c.Push(online(c, code))
	}
}

// commandTaker is a scene that answers the page's command line (the play
// screen, and the game-over card over it).
type commandTaker interface {
	PageCommand(c Context, line string)
}

// pageCommands hands the lines typed into the page's command line to the
// scene shown; without a game it says so.
func (a *App) pageCommands() {
	if !a.pageLabelled {
		a.pageLabelled = true
		platform.LabelCommandLine(a.text.T("command.prompt"))
	}
	a.pageLines = platform.Commands(a.pageLines[:0])
	for _, line := range a.pageLines {
		if t, ok := a.scene.(commandTaker); ok {
			t.PageCommand(a, line)
		} else if cmd, err := access.Parse(a.text, rules.NewPosition(rules.Bashni), line); err == nil && cmd.Kind == access.KindNew {
			if start := a.opts.Pages.StartTyped; start != nil {
				start(a, cmd) // "new lasca black 1" from the title
			}
		} else if err == nil && cmd.Kind == access.KindArena && a.opts.Pages.Arena != nil {
			a.Push(a.opts.Pages.Arena(a, cmd.Code)) // "arena", "join arena ID"
		} else if err == nil && cmd.Kind == access.KindWatch && a.opts.Pages.Live != nil && a.Server() != "" {
			a.Push(a.opts.Pages.Live(a, true)) // "watch", "tv": the top game
		} else if err == nil && cmd.Kind == access.KindJoin {
			JoinTyped(a, cmd.Code) // "join K7M2PQ"
		} else if err != nil && err.Error() == a.text.T("command.join_needs") {
			platform.Speak(err.Error()) // "join" without a code
		} else {
			platform.Speak(a.text.T("access.no_game"))
		}
	}
}

// Spoken screens (issue 22). On the desktop a screen reader cannot see the
// controls Ebitengine draws, so the shell says, through the desktop's
// speech (platform.Speak, which speaks only when a screen reader runs or
// BASHNI_SPEAK=1 asks), the screen's name when a screen opens and the
// focused control, with its state, when the keyboard focus moves to it or
// its state changes. In a page the screen reader reads the mirrored
// controls (mirror.go) itself.
type announcer struct {
	scene   Scene
	stop    int              // the focused stop last said (-1: none)
	control platform.Control // what was said of it
	say     func(string)     // nil: platform.Speak (tests listen here)
}

func (an *announcer) speak(text string) {
	if an.say != nil {
		an.say(text)
		return
	}
	platform.Speak(text)
}

// screenNames are the screens' names, by Scene.Name.
var screenNames = map[string]string{
	SceneTitle: "screen.title", SceneNewGame: "screen.newgame", ScenePlay: "screen.play",
	SceneGameOver: "screen.gameover", SceneSettings: "screen.settings", SceneRules: "screen.rules",
	SceneArchive: "screen.archive", SceneImport: "screen.import", SceneReplay: "screen.replay",
	SceneEditor: "screen.editor", SceneAbout: "screen.about", SceneLessons: "screen.lessons",
	SceneLesson: "screen.lesson", ScenePuzzle: "screen.puzzle", SceneAnalysis: "screen.analysis",
	"online": "screen.online", // online.SceneOnline
}

// announce speaks what changed this tick, after the scene's Update (the
// focus and the mirror's list are this tick's). It allocates only when it
// speaks.
func (a *App) announce() {
	if !platform.SpeaksFocus {
		return
	}
	an := &a.announced
	if a.scene != an.scene {
		an.scene, an.stop = a.scene, -1
		if id, ok := screenNames[a.scene.Name()]; ok {
			an.speak(a.text.T(id))
		}
	}
	i := a.focus.index
	if i < 0 || a.mirror.used {
		an.stop = i
		return
	}
	for k := range a.mirror.cur {
		c := &a.mirror.cur[k]
		if c.Stop != i {
			continue
		}
		if i == an.stop && c.Same(&an.control) {
			return
		}
		an.stop, an.control = i, *c
		an.speak(a.spokenControl(c))
		return
	}
	// A stop the mirror does not list (the board, a text field): its
	// screen speaks for it.
	an.stop = i
}

// spokenControl is what is said of a control: its name, its state.
func (a *App) spokenControl(c *platform.Control) string {
	t := a.text
	var s string
	switch c.Role {
	case platform.RoleRadioGroup:
		s = c.Name
		if c.Selected >= 0 && c.Selected < len(c.Options) {
			s = t.F("spoken.choice", "Name", c.Name, "Choice", c.Options[c.Selected])
		}
	case platform.RoleSwitch:
		if c.Selected != 0 {
			s = t.F("spoken.on", "Name", c.Name)
		} else {
			s = t.F("spoken.off", "Name", c.Name)
		}
	case platform.RoleSlider:
		s = t.F("spoken.choice", "Name", c.Name, "Choice", c.Value)
	default:
		s = c.Name
		if c.Detail != "" {
			s += t.T("common.separator") + c.Detail
		}
	}
	if c.Disabled {
		s = t.F("spoken.unavailable", "Name", s)
	}
	return s
}
