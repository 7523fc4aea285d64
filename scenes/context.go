package scenes

import (
	"github.com/hajimehoshi/ebiten/v2"

	"bashni/audio"
	"bashni/i18n"
	"bashni/platform"
	"bashni/scenes/input"
	"bashni/scenes/ui"
	"bashni/session"
	"bashni/sprites"
	"bashni/storage"
)

// Scene is one screen of the game. Scenes are kept on a stack (App): the
// title at the bottom, the screen shown on top.
type Scene interface {
	// Name is the scene's name for tools and tests (window.bashni.scene
	// in the browser): "title", "play", "settings", …
	Name() string
	// Layout is called when the scene is shown and whenever the screen
	// size changes; sizes are physical pixels.
	Layout(c Context, w, h, scale float64)
	// Update runs once per tick while the scene is on top. It calls
	// c.Invalidate when the screen must be redrawn.
	Update(c Context) error
	// Draw draws the whole scene.
	Draw(c Context, dst *ebiten.Image)
}

// The scenes' names (Scene.Name). Tools and the browser tests read them in
// window.bashni.scene: they never change.
const (
	SceneTitle    = "title"
	SceneNewGame  = "newgame"
	ScenePlay     = "play"
	SceneGameOver = "gameover"
	SceneSettings = "settings"
	SceneRules    = "rules"
	SceneArchive  = "archive"
	SceneImport   = "import"
	SceneReplay   = "replay"
	SceneEditor   = "editor"
	SceneAbout    = "about"
	SceneLessons  = "lessons"
	SceneLesson   = "lesson"
	ScenePuzzle   = "puzzle"
	SceneAnalysis = "analysis"
)

// Context is what a scene may use of the game around it: navigation, the
// drawing tools, this tick's input, sound, the settings, games and saves,
// and the platform. The App is the one Context; scenes get nothing else.
type Context interface {
	// Push shows s over the current scene (it comes in from the right).
	Push(s Scene)
	// Pop goes back to the scene under the current one (the title if
	// there is none).
	Pop()
	// Home goes back to the title.
	Home()
	// Start shows s over the title in place of every other scene (a new
	// game).
	Start(s Scene)
	// DrawBackdrop draws what a card floats over: the scene under the
	// current one (the game in progress, the title's board), veiled.
	DrawBackdrop(dst *ebiten.Image)

	// Invalidate asks for the screen to be redrawn.
	Invalidate()
	// Spin says a spinner turns on screen this tick: the App redraws it
	// now and then, or never where a drawn frame is dear (a page without
	// a GPU, which shows its own indicator).
	Spin()
	// Tick is the number of Updates so far; animations count in ticks.
	Tick() int64
	// Size is the screen in physical pixels and the device scale.
	Size() (w, h, scale float64)
	// Scale is the device scale (physical pixels per dp).
	Scale() float64
	// Painter draws the interface; Renderer the board art.
	Painter() *ui.Painter
	Renderer() *sprites.Renderer

	// Pointer is this tick's pointer, Keys its keys (as actions),
	// Keyboard its keyboard (for text and the odd key), Gestures its
	// board gestures (package input, in dp).
	Pointer() *ui.Pointer
	Keys() *Keys
	Keyboard() ui.Keyboard
	Gestures() []input.Gesture
	// Used updates a control from the pointer, asks for a redraw when its
	// look changed, and reports whether it was used.
	Used(w Widget) bool
	// Focus registers a Tab stop at r that is not a package ui control (a
	// list's row) and reports what the keyboard did to it; FocusArrows is
	// one that takes the arrow keys itself (the board). KeyboardFocus
	// reports whether a stop has the focus (focus.go).
	Focus(r Rect) FocusState
	FocusArrows(r Rect) FocusState
	// FocusItem is Focus for a list's row that opens something, named
	// for the page's mirror of the controls.
	FocusItem(r Rect, name string) FocusState
	// FocusField is Focus for a one-line text field, mirrored in the page
	// as a text box named name: what is typed there becomes its text.
	FocusField(f *ui.TextField, name string) FocusState
	// MirrorField mirrors a text field that is no Tab stop the same way.
	MirrorField(f *ui.TextField, name string)
	// MirrorEntry mirrors such a field with its state (a note, a refused
	// text) and reports whether Enter was pressed in the page's box.
	MirrorEntry(f *ui.TextField, name string, st FieldState) (submitted bool)
	KeyboardFocus() bool
	// FocusRing is the rectangle of the stop that has the keyboard focus
	// (ok false when none does), for a screen that scrolls it into view.
	FocusRing() (r Rect, ok bool)
	// ClipFocus says the stops registered next this tick are in a
	// scrolling area r, their ring clipped to it; Rect{} ends it.
	ClipFocus(r Rect)

	// Text is the game's words in the player's language (package i18n;
	// i18n/CATALOGUE.md lists the messages by screen). Look words up when
	// laying out or when what is shown changes, not in Draw.
	Text() *i18n.Catalog

	// Play plays a sound effect (nothing without sound).
	Play(e audio.Effect)
	// SoundNotice says why there is no sound ("" when there is).
	SoundNotice() string

	// Settings are the player's preferences; SetSettings applies and
	// saves new ones.
	Settings() storage.Settings
	SetSettings(s storage.Settings)

	// Store keeps the saved game and the archive; nil keeps nothing.
	Store() *storage.Store
	// Archive is the list of finished games, the one that just ended
	// included.
	Archive() ([]storage.ArchivedGame, storage.Notice)
	// NewSession starts the game cfg describes, saved and archived.
	NewSession(cfg GameConfig) *session.Session
	// NewBrain makes a computer player for one session's searches.
	NewBrain() *session.Brain
	// Seed makes the computer's (and the random colour's) choices
	// repeatable; 0 is a new game each time.
	Seed() uint64
	// Game is the game in progress, kept while other scenes show (nil
	// before the first); SetGame makes g the one.
	Game() Game
	SetGame(g Game)

	// Pages opens the screens of other packages (router.go).
	Pages() *Pages
	// OnTop is the screen on top (the one shown once a transition ends):
	// a page's background work checks the player is still on its screen.
	OnTop() Scene

	// Meanwhile runs f after each tick's screen, whatever screen shows,
	// until it returns false: a page's work that outlives its screen (the
	// lobby's seek while the player plays the computer). Notify shows a
	// one-line notice on the screen shown.
	Meanwhile(f func(c Context) bool)
	Notify(msg string)

	// Clipboard copies and pastes game records.
	Clipboard() platform.Clipboard

	// Server is the online games' server (http://host:port); "" hides
	// online play. ServerGiven is the one given at start (-server,
	// ?server=), which wins over Settings.OnlineServer; "" if none.
	Server() string
	ServerGiven() string
}

// noticeTaker is a scene that shows a one-line notice (the game could not
// be saved, …); the App gives it to the scene on top, else to the title.
type noticeTaker interface {
	ShowNotice(c Context, msg string)
}

// pasteReader is a scene that reads text pasted into the page itself; on
// other scenes the App drops it.
type pasteReader interface {
	ReadsPastes()
}

// backdropper is a scene that draws itself as a backdrop (a card over it
// shows it veiled) otherwise than by its Draw.
type backdropper interface {
	Backdrop(c Context, dst *ebiten.Image)
}
