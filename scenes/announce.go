package scenes

import (
	"bashni/platform"
)

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
