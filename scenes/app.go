// Package scenes is the shell of the game players see: the scene stack
// with its transitions, the Context every screen gets, the router (Pages)
// through which the pages under scenes/ (the title, New game, play,
// settings, …) open one another, focus, scrolling, the chrome they share,
// and the glue to the computer player, the sound and the saved settings.
//
// NewApp returns an ebiten.Game. The screen is drawn only when something
// changed (ebiten.SetScreenClearedEveryFrame(false)); an idle frame costs an
// Update that reads the input and returns, and a Draw that returns at once.
// Everything is in physical pixels: LayoutF multiplies the window size by
// the device scale, so text and art are crisp on HiDPI screens.
package scenes

import (
	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/audio"
	"bashni/i18n"
	"bashni/launch"
	"bashni/online/remote"
	"bashni/platform"
	"bashni/rules"
	"bashni/scenes/board"
	"bashni/scenes/input"
	"bashni/scenes/ui"
	"bashni/session"
	"bashni/sprites"
	"bashni/storage"
)

// Options configure the game. The zero value is a game with default
// settings, no sound and nothing saved.
type Options struct {
	// Settings are the player's preferences; nil fields of a zero value
	// are filled from storage.Defaults.
	Settings storage.Settings
	// Store keeps settings and the game in progress; nil keeps nothing.
	Store *storage.Store
	// Sound plays the effects; nil is silent.
	Sound *audio.Player
	// Notice is a one-line message shown on the title screen (a settings
	// file that could not be read, no sound device, …).
	Notice string
	// Text is the catalogue of the game's words in the player's language;
	// nil speaks English.
	Text *i18n.Catalog

	// Launch is what the player asked for at start: a game from a
	// position (FEN, Variant, Level, Watch, Friend) instead of the title,
	// the computer's Seed (tests make its choices repeatable), Mute (no
	// sound this run, the settings unchanged), the online games' Server
	// (-server, ?server=: it wins over the one in Settings) and a Game to
	// join at once (a link's ?game=).
	launch.Launch
	// Engine, if not nil, makes the computer players (tests inject a fast
	// one); nil uses the real computer player.
	Engine func(seed uint64) session.Engine
	// NoAttract turns off the computer-versus-computer game behind the
	// title menu (tests, benchmarks).
	NoAttract bool
	// Clipboard copies and pastes game records; nil uses the system's
	// (clipboard_desktop.go, clipboard_js.go).
	Clipboard platform.Clipboard

	// SiteServer is the server used when neither Launch nor Settings name
	// one: the site that served the page, if it is a bashni-server. With
	// none of them online play is hidden (App.Server).
	SiteServer string

	// Pages opens the screens of other packages (router.go); startup
	// sets it.
	Pages Pages
}

// App is the whole game, an ebiten.Game.
type App struct {
	meanwhile []func(c Context) bool // Meanwhile's, run after each tick's scene
	opts      Options
	settings  storage.Settings
	store     *storage.Store
	saver     *storage.Saver // writes off the game loop; nil without a store
	archiver  archiver       // adds finished games to the archive, off the game loop
	sound     *audio.Player
	// text is the game's words in the player's language; langLoading
	// brings the one chosen in Settings (language.go).
	text        *i18n.Catalog
	langLoading chan loaded
	// clipboard copies and pastes game records.
	clipboard platform.Clipboard

	theme    *sprites.Theme
	renderer *sprites.Renderer
	painter  *ui.Painter
	ptr      ui.Pointer
	keyboard ui.Keyboard // the one reader of the keyboard
	keys     Keys
	// Board gestures (package input): the adapter reads Ebitengine once a
	// tick, the scenes read gestures.
	rec      *input.Recognizer
	adapter  *input.Adapter
	gestures []input.Gesture

	// Screen size in physical pixels and the device scale.
	w, h, scale float64
	sizeChanged bool
	laidOut     bool  // a layout has been made (the first one is not delayed)
	layoutDue   int64 // tick at which a delayed layout happens (0: none)
	dirty       bool
	parts       []board.Part // redrawn alone when the screen is not dirty
	tick        int64

	// stack holds the scenes, the title at the bottom; scene is the one
	// shown (during a transition the one leaving), next the one coming in;
	// left is the top taken off last (drawn while it leaves); drawing is
	// the scene being drawn.
	stack        []stacked
	left         stacked
	drawing      Scene
	scene, next  Scene
	transition   int
	transFrom    *ebiten.Image
	transTo      *ebiten.Image
	transForward bool

	play Game // the game in progress, kept while other scenes show

	focus     focus     // the keyboard focus (focus.go)
	pageLines []string  // lines from the page's command line (play_speech.go)
	mirror    mirror    // the controls, for the page's accessible copy (mirror.go)
	announced announcer // what the desktop said of the screen (mirror.go)
	// pageLabelled: the page's command line has its label.
	pageLabelled bool

	quietSpinners bool // the spinners stand still (platform.SoftwareGL)

	err error
}

// stacked is a scene on the stack with the one under it (its backdrop).
type stacked struct{ scene, under Scene }

// transitionTicks is the length of a scene transition.
const transitionTicks = 14

// NewApp makes the game.
func NewApp(opts Options) *App {
	if opts.Settings == (storage.Settings{}) {
		opts.Settings = storage.Defaults()
	}
	opts.Settings.Normalize()
	opts.Settings = followSystemMotion(opts.Settings, platform.PrefersReducedMotion())
	if opts.Level <= 0 {
		opts.Level = storage.DefaultLevel
	}
	a := &App{opts: opts, settings: opts.Settings, store: opts.Store, sound: opts.Sound, scale: 1,
		keyboard: ui.EbitenKeyboard{}, quietSpinners: platform.SoftwareGL()}
	if a.store != nil {
		a.saver = storage.NewSaver(a.store)
	}
	a.text = opts.Text
	if a.text == nil {
		a.text = i18n.New(i18n.English)
	}
	a.clipboard = opts.Clipboard
	if a.clipboard == nil {
		a.clipboard = platform.NewClipboard()
	}
	a.theme = sprites.ThemeNamed(a.settings.Theme)
	a.renderer = sprites.NewRenderer(a.theme)
	a.renderer.SetLanguage(a.text)
	platform.SetSpeechLanguage(a.text.Lang().Code())
	a.painter = ui.NewPainter(a.renderer, 1)
	a.rec = input.NewRecognizer(input.Config{NoDrag: !a.settings.Input.AllowsDrag()})
	a.adapter = input.NewAdapter(a.rec)
	a.applySound()
	var title Scene = &bareTitle{notice: opts.Notice}
	if opts.Pages.Title != nil {
		title = opts.Pages.Title(a, opts.Notice, !opts.NoAttract)
	}
	a.stack = []stacked{{scene: title}}
	a.scene = title
	if opts.Game != "" && a.Server() != "" && opts.Pages.Online != nil {
		join := opts.Pages.Online(a, opts.Game)
		a.stack = append(a.stack, stacked{join, title})
		a.scene = join
	} else if id, err := remote.NormalizeArenaID(opts.Arena); opts.Arena != "" && err == nil && a.Server() != "" && opts.Pages.Arena != nil {
		// An arena's link: its table, over the title.
		ar := opts.Pages.Arena(a, id)
		a.stack = append(a.stack, stacked{ar, title})
		a.scene = ar
	} else if opts.FEN != "" || opts.Watch {
		ps, err := a.playFromOptions()
		if err != nil {
			if n, ok := title.(noticeTaker); ok {
				n.ShowNotice(a, err.Error())
			}
		} else if ps != nil {
			a.play = ps
			a.stack = append(a.stack, stacked{ps, title})
			a.scene = ps
		}
	}
	a.dirty = true
	a.sizeChanged = true
	return a
}

// playFromOptions starts the game the command line asked for, on the
// play screen the App was given (nil without one).
func (a *App) playFromOptions() (Game, error) {
	cfg := GameConfig{Variant: a.opts.Variant, Level: a.opts.Level, Watch: a.opts.Watch, Friend: a.opts.Friend}
	if a.opts.FEN != "" {
		p, err := rules.ParseFEN(a.opts.Variant, a.opts.FEN)
		if err != nil {
			return nil, err
		}
		cfg.Start = p
		cfg.Human = p.SideToMove()
	}
	if a.opts.Pages.Play == nil {
		return nil, nil
	}
	return a.opts.Pages.Play(a, cfg), nil
}

// Settings returns the current settings.
func (a *App) Settings() storage.Settings { return a.settings }

// Text is the game's words in the player's language.
func (a *App) Text() *i18n.Catalog { return a.text }

// SoundNotice says why there is no sound ("" when there is).
func (a *App) SoundNotice() string {
	if a.sound == nil {
		return ""
	}
	return a.sound.Notice()
}

// SetSettings applies and saves new settings.
func (a *App) SetSettings(s storage.Settings) {
	s.Normalize()
	old := a.settings
	a.settings = s
	if s.Theme != old.Theme {
		a.theme = sprites.ThemeNamed(s.Theme)
		a.renderer.SetTheme(a.theme)
		a.painter.ThemeChanged()
	}
	a.applySound()
	a.rec.SetNoDrag(!s.Input.AllowsDrag())
	if s.Language != old.Language {
		a.changeLanguage(s.Language)
	}
	if a.saver != nil {
		a.saver.SaveSettings(s)
	}
	a.Invalidate()
}

func (a *App) applySound() {
	if a.sound == nil {
		return
	}
	a.sound.SetVolume(a.settings.Volume)
	a.sound.SetMuted(a.settings.Muted || a.opts.Mute)
}

// Play plays a sound effect (nothing without sound).
func (a *App) Play(e audio.Effect) {
	if a.sound != nil {
		a.sound.Play(e)
	}
}

// Invalidate asks for the screen to be redrawn.
func (a *App) Invalidate() { a.dirty = true }

// InvalidatePart asks for p alone to be redrawn in the next frame, unless
// the whole screen is (a board's animated frame, scenes/board.Partial).
func (a *App) InvalidatePart(p board.Part) {
	if !slices.Contains(a.parts, p) {
		a.parts = append(a.parts, p)
	}
}

// Spin redraws a turning spinner ten times a second, unless frames are
// dear (platform.SoftwareGL).
func (a *App) Spin() {
	if !a.quietSpinners && a.tick%6 == 0 {
		a.Invalidate()
	}
}

// Widget is a control of package ui (Button, Segmented, Toggle, Slider):
// Update follows the pointer and reports whether the control was used
// (clicked, a segment chosen, flipped, moved) and whether its look changed.
type Widget interface {
	Update(p *ui.Pointer) (used, changed bool)
}

// Used updates w from this tick's pointer, asks for a redraw when it was
// used or its look changed, and reports whether it was used.
func (a *App) Used(w Widget) bool {
	used, changed := w.Update(&a.ptr)
	stop := -1
	if k, ok := w.(keyStepper); ok {
		var byKeys bool
		if byKeys, stop = a.usedByKeys(w, k); byKeys {
			used, changed = true, true
		}
	}
	if c, ok := controlOf(w, stop); ok {
		a.mirror.add(c)
	}
	if used {
		a.mirror.used = true
	}
	if used || changed {
		a.Invalidate()
	}
	return used
}

// Tick is the number of Updates so far; animations count in ticks.
func (a *App) Tick() int64 { return a.tick }

// Pointer is this tick's pointer state.
func (a *App) Pointer() *ui.Pointer { return &a.ptr }

// Keys are this tick's keys, as actions.
func (a *App) Keys() *Keys { return &a.keys }

// Keyboard is this tick's keyboard.
func (a *App) Keyboard() ui.Keyboard { return a.keyboard }

// Gestures are this tick's board gestures (in dp).
func (a *App) Gestures() []input.Gesture { return a.gestures }

// Size is the screen in physical pixels and the device scale.
func (a *App) Size() (w, h, scale float64) { return a.w, a.h, a.scale }

// Scale is the device scale.
func (a *App) Scale() float64 { return a.scale }

// Store keeps the saved game and the archive; nil keeps nothing.
func (a *App) Store() *storage.Store { return a.store }

// Seed makes the computer's choices repeatable.
func (a *App) Seed() uint64 { return a.opts.Seed }

// Game is the game in progress (nil before the first).
func (a *App) Game() Game { return a.play }

// SetGame makes g the game in progress.
func (a *App) SetGame(g Game) {
	if a.play != nil && a.play != g {
		a.play.ReplacedBy(g)
	}
	a.play = g
}

// Clipboard copies and pastes game records.
func (a *App) Clipboard() platform.Clipboard { return a.clipboard }

// Painter draws the interface.
func (a *App) Painter() *ui.Painter { return a.painter }

// Renderer draws the board art.
func (a *App) Renderer() *sprites.Renderer { return a.renderer }

// Push shows s over the current scene.
func (a *App) Push(s Scene) {
	a.stack = append(a.stack, stacked{s, a.top()})
	a.show(s, true)
}

// Pop goes back to the scene under the current one.
func (a *App) Pop() {
	if len(a.stack) > 1 {
		a.left = a.stack[len(a.stack)-1]
		a.stack = a.stack[:len(a.stack)-1]
	}
	a.show(a.top(), false)
}

// Home goes back to the title.
func (a *App) Home() {
	if len(a.stack) > 1 {
		a.left = a.stack[len(a.stack)-1]
	}
	a.stack = a.stack[:1]
	a.show(a.top(), false)
}

// Start shows s over the title in place of every other scene.
func (a *App) Start(s Scene) {
	if len(a.stack) > 1 {
		a.left = a.stack[len(a.stack)-1]
	}
	a.stack = append(a.stack[:1], stacked{s, a.stack[0].scene})
	a.show(s, true)
}

// OnTop is the scene on top of the stack (Context.OnTop).
func (a *App) OnTop() Scene { return a.top() }

// top is the scene on top of the stack.
func (a *App) top() Scene { return a.stack[len(a.stack)-1].scene }

// under is the scene s was shown over (nil for the title).
func (a *App) under(s Scene) Scene {
	for i := len(a.stack) - 1; i >= 0; i-- {
		if a.stack[i].scene == s {
			return a.stack[i].under
		}
	}
	if a.left.scene == s {
		return a.left.under
	}
	return nil
}

// show switches to scene s with a transition (forward: the new scene comes
// in from the right; back: from the left).
func (a *App) show(s Scene, forward bool) {
	if s == a.scene || s == a.next {
		return
	}
	s.Layout(a, a.w, a.h, a.scale)
	if a.settings.InstantAnimations || a.scene == nil {
		a.scene = s
		a.next = nil
		a.transition = 0
		a.Invalidate()
		return
	}
	a.rec.Reset(int(a.tick))
	a.next = s
	a.transition = transitionTicks
	a.transForward = forward
	a.Invalidate()
}

// Close saves the game in progress and writes what is still queued for
// the disk; call it after ebiten.RunGame returns.
func (a *App) Close() error {
	if a.saver == nil {
		return nil
	}
	a.saveOnExit()
	return a.saver.Flush()
}

// Quit ends the game at the next Update.
func (a *App) Quit() { a.err = ebiten.Termination }

// Update is ebiten.Game's Update.
func (a *App) Update() error {
	if a.err != nil {
		return a.err
	}
	a.tick++
	if a.sizeChanged {
		// While a window is being resized the old layout is drawn on the
		// new screen; the layout follows once the size has been still for
		// a moment, because a new board size redraws every sprite.
		a.sizeChanged = false
		a.Invalidate()
		if a.laidOut {
			a.layoutDue = a.tick + resizeSettleTicks
		} else {
			a.layoutNow()
		}
	}
	// A CJK font subset fetched for the player's language is put in use
	// here, on the game's goroutine; text is measured again with it.
	if changed, err := sprites.PollFonts(); err != nil {
		a.notify(err.Error())
	} else if changed {
		a.relayoutAll()
	}
	a.pollLanguage()
	if a.layoutDue != 0 && a.tick >= a.layoutDue {
		a.layoutNow()
	}
	a.ptr.Read()
	a.keys.Read(a.keyboard)
	a.adapter.Update(int(a.tick), a.scale)
	a.gestures = a.rec.Drain()
	if a.transition > 0 {
		a.transition--
		a.Invalidate()
		if a.transition == 0 {
			a.scene, a.next = a.next, nil
		}
		// Scenes take no input during a transition. A computer that is
		// thinking keeps thinking: its answer waits in a channel.
		return nil
	}
	a.focus.beginTick(a)
	a.mirror.beginTick(a)
	if err := a.scene.Update(a); err != nil {
		return err
	}
	a.focus.endTick(a)
	a.mirror.endTick()
	a.announce()
	a.runMeanwhile()
	a.pageCommands()
	a.dropStrayPastes()
	if a.saver != nil && a.tick%60 == 0 {
		if msg := a.takeSaveMessage(); msg != "" {
			a.notify(msg)
		}
	}
	return a.err
}

// Meanwhile runs f after each tick's screen until it returns false.
func (a *App) Meanwhile(f func(c Context) bool) { a.meanwhile = append(a.meanwhile, f) }

// Notify shows a one-line notice on the screen shown.
func (a *App) Notify(msg string) { a.notify(msg) }

func (a *App) runMeanwhile() {
	if len(a.meanwhile) == 0 {
		return
	}
	fs := a.meanwhile
	a.meanwhile = nil // one that f adds runs from the next tick
	for _, f := range fs {
		if f(a) {
			a.meanwhile = append(a.meanwhile, f)
		}
	}
}

// notify shows a one-line notice on the scene shown if it takes notices,
// else on the title.
func (a *App) notify(msg string) {
	if n, ok := a.scene.(noticeTaker); ok {
		n.ShowNotice(a, msg)
		return
	}
	if n, ok := a.stack[0].scene.(noticeTaker); ok {
		n.ShowNotice(a, msg)
	}
	a.Invalidate()
}

// resizeSettleTicks is how long the window size must stay still before
// the scenes are laid out for it.
const resizeSettleTicks = 18

func (a *App) layoutNow() {
	a.layoutDue = 0
	a.laidOut = true
	a.painter.Scale = a.scale
	a.renderer.SetDeviceScale(a.scale)
	a.scene.Layout(a, a.w, a.h, a.scale)
	if a.next != nil {
		a.next.Layout(a, a.w, a.h, a.scale)
	}
	a.Invalidate()
}

// Draw is ebiten.Game's Draw. It draws only when something changed; the
// screen keeps the last frame otherwise.
func (a *App) Draw(screen *ebiten.Image) {
	if !a.dirty {
		if len(a.parts) > 0 && a.transition == 0 {
			for _, p := range a.parts {
				p.DrawPart(screen)
			}
		}
		clear(a.parts)
		a.parts = a.parts[:0]
		return
	}
	a.dirty = false
	clear(a.parts)
	a.parts = a.parts[:0]
	if a.transition > 0 && a.next != nil {
		a.drawTransition(screen)
		return
	}
	screen.Fill(a.background())
	a.drawing = a.scene
	a.scene.Draw(a, screen)
	a.drawFocus(screen)
}

func (a *App) background() color.NRGBA {
	return a.renderer.Theme().Background
}

func (a *App) drawTransition(screen *ebiten.Image) {
	b := screen.Bounds()
	if a.transFrom == nil || a.transFrom.Bounds() != b {
		if a.transFrom != nil {
			a.transFrom.Deallocate()
			a.transTo.Deallocate()
		}
		a.transFrom = ebiten.NewImage(b.Dx(), b.Dy())
		a.transTo = ebiten.NewImage(b.Dx(), b.Dy())
	}
	bg := a.background()
	a.transFrom.Fill(bg)
	a.drawing = a.scene
	a.scene.Draw(a, a.transFrom)
	a.transTo.Fill(bg)
	a.drawing = a.next
	a.next.Draw(a, a.transTo)

	t := 1 - float64(a.transition)/transitionTicks
	e := t * t * (3 - 2*t) // smoothstep
	shift := a.scale * 28 * (1 - e)
	if !a.transForward {
		shift = -shift
	}
	screen.Fill(bg)
	op := &ebiten.DrawImageOptions{}
	op.ColorScale.ScaleAlpha(float32(1 - e))
	screen.DrawImage(a.transFrom, op)
	op = &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(shift), 0)
	op.ColorScale.ScaleAlpha(float32(e))
	screen.DrawImage(a.transTo, op)
}

// DrawFinalScreen presents the drawn screen the platform's way
// (platform.DrawFinalScreen: in a page, without blending).
func (a *App) DrawFinalScreen(screen ebiten.FinalScreen, offscreen *ebiten.Image, geoM ebiten.GeoM) {
	platform.DrawFinalScreen(screen, offscreen, geoM)
}

// Layout is never called: LayoutF is.
func (a *App) Layout(w, h int) (int, int) {
	sw, sh := a.LayoutF(float64(w), float64(h))
	return int(sw), int(sh)
}

// LayoutF makes the screen as many physical pixels as the window has, so
// that nothing is scaled up blurrily on HiDPI screens.
func (a *App) LayoutF(w, h float64) (float64, float64) {
	s := ebiten.Monitor().DeviceScaleFactor()
	if s <= 0 {
		s = 1
	}
	sw, sh := math.Ceil(w*s), math.Ceil(h*s)
	if sw != a.w || sh != a.h || s != a.scale {
		a.w, a.h, a.scale = sw, sh, s
		a.sizeChanged = true
		a.dirty = true
	}
	return sw, sh
}

// DrawBackdrop draws what a menu card floats over: the scene under the
// current one (the game in progress, the title's board), veiled.
func (a *App) DrawBackdrop(dst *ebiten.Image) {
	drawing := a.drawing
	under := a.under(drawing)
	a.drawing = under // a backdrop may draw its own backdrop
	if f, ok := under.(backdropper); ok {
		f.Backdrop(a, dst)
	} else if under != nil {
		under.Draw(a, dst)
	}
	a.drawing = drawing
	b := dst.Bounds()
	a.painter.Fill(dst, Rect{W: float64(b.Dx()), H: float64(b.Dy())}, color.NRGBA{0x10, 0x0a, 0x06, 185})
}

// UITap is the sound of a button.
const UITap = audio.UITap

// Server is the online games' server: the one given at start (-server,
// ?server=), else the one saved in Settings, else the site that served
// the page when it is a bashni-server; "" hides online play. It follows
// the setting as it changes: New game offers online play at once.
func (a *App) Server() string {
	switch {
	case a.opts.Server != "":
		return a.opts.Server
	case a.settings.OnlineServer != "":
		return a.settings.OnlineServer
	}
	return a.opts.SiteServer
}

// ServerGiven is the server given at start (-server, ?server=), "" if
// none: Settings can then only show it.
func (a *App) ServerGiven() string { return a.opts.Server }
