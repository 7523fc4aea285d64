// Package scenes is the game players see: the scene manager with its
// transitions, the title, new-game, play, game-over, settings and rules
// scenes, the board with its living columns, and the glue to the computer
// player, the sound and the saved settings.
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

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/audio"
	"bashni/rules"
	"bashni/scenes/input"
	"bashni/scenes/ui"
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
	// Mute silences the game for this run without changing the settings.
	Mute bool
	// Notice is a one-line message shown on the title screen (a settings
	// file that could not be read, no sound device, …).
	Notice string

	// FEN starts a game from this position (in Variant) at once, skipping
	// the title; the human plays the side to move against the computer,
	// or the computer plays both sides with Watch.
	FEN     string
	Variant rules.Variant
	// Watch starts a game of the computer against itself.
	Watch bool
	// Level is the computer's level (1–7) for FEN and Watch; 0 means 4.
	Level int
	// Friend makes a FEN game a game between two people.
	Friend bool
	// Seed makes the computer's choices repeatable (tests).
	Seed uint64
	// Engine, if not nil, makes the computer players (tests inject a fast
	// one); nil uses the real computer player.
	Engine func(seed uint64) Engine
	// NoAttract turns off the computer-versus-computer game behind the
	// title menu (tests, benchmarks).
	NoAttract bool
	// Clipboard copies and pastes game records; nil uses the system's
	// (clipboard_desktop.go, clipboard_js.go).
	Clipboard Clipboard
}

// App is the whole game, an ebiten.Game.
type App struct {
	opts     Options
	settings storage.Settings
	store    *storage.Store
	saver    *storage.Saver // writes off the game loop; nil without a store
	archiver archiver       // adds finished games to the archive, off the game loop
	sound    *audio.Player
	// clipboard copies and pastes game records.
	clipboard Clipboard

	theme    *sprites.Theme
	renderer *sprites.Renderer
	painter  *ui.Painter
	ptr      ui.Pointer
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
	tick        int64

	scene, next  Scene
	transition   int
	transFrom    *ebiten.Image
	transTo      *ebiten.Image
	transForward bool

	play  *PlayScene // the game in progress, kept while other scenes show
	title *TitleScene

	err error
}

// Scene is one screen of the game.
type Scene interface {
	// Layout is called when the scene is shown and whenever the screen
	// size changes; sizes are physical pixels.
	Layout(a *App, w, h, scale float64)
	// Update runs once per tick while the scene is current. It calls
	// a.Invalidate when the screen must be redrawn.
	Update(a *App) error
	// Draw draws the whole scene.
	Draw(a *App, dst *ebiten.Image)
}

// transitionTicks is the length of a scene transition.
const transitionTicks = 14

// NewApp makes the game.
func NewApp(opts Options) *App {
	if opts.Settings == (storage.Settings{}) {
		opts.Settings = storage.Defaults()
	}
	opts.Settings.Normalize()
	if opts.Level <= 0 {
		opts.Level = 4 // Club player
	}
	a := &App{opts: opts, settings: opts.Settings, store: opts.Store, sound: opts.Sound, scale: 1}
	if a.store != nil {
		a.saver = storage.NewSaver(a.store)
	}
	a.clipboard = opts.Clipboard
	if a.clipboard == nil {
		a.clipboard = newSystemClipboard()
	}
	a.theme = sprites.ThemeNamed(a.settings.Theme)
	a.renderer = sprites.NewRenderer(a.theme)
	a.painter = ui.NewPainter(a.renderer, 1)
	a.rec = input.NewRecognizer(input.Config{NoDrag: !a.settings.Input.AllowsDrag()})
	a.adapter = input.NewAdapter(a.rec)
	a.applySound()
	a.title = NewTitleScene(a)
	switch {
	case opts.FEN != "" || opts.Watch:
		ps, err := a.playFromOptions()
		if err != nil {
			a.title.notice = err.Error()
			a.scene = a.title
		} else {
			a.play = ps
			a.scene = ps
		}
	default:
		a.scene = a.title
	}
	a.dirty = true
	a.sizeChanged = true
	return a
}

// playFromOptions starts the game the command line asked for.
func (a *App) playFromOptions() (*PlayScene, error) {
	cfg := GameConfig{Variant: a.opts.Variant, Level: a.opts.Level, Opponent: OpponentComputer}
	if a.opts.FEN != "" {
		p, err := rules.ParseFEN(a.opts.Variant, a.opts.FEN)
		if err != nil {
			return nil, err
		}
		cfg.Start = p
		cfg.Human = p.SideToMove()
	}
	if a.opts.Watch {
		cfg.Opponent = OpponentWatch
	}
	if a.opts.Friend {
		cfg.Opponent = OpponentFriend
	}
	return NewPlayScene(a, cfg), nil
}

// Settings returns the current settings.
func (a *App) Settings() storage.Settings { return a.settings }

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

// widget is a control of package ui (Button, Segmented, Toggle, Slider):
// Update follows the pointer and reports whether the control was used
// (clicked, a segment chosen, flipped, moved) and whether its look changed.
type widget interface {
	Update(p *ui.Pointer) (used, changed bool)
}

// used updates w from this tick's pointer, asks for a redraw when it was
// used or its look changed, and reports whether it was used.
func (a *App) used(w widget) bool {
	used, changed := w.Update(&a.ptr)
	if used || changed {
		a.Invalidate()
	}
	return used
}

// Tick is the number of Updates so far; animations count in ticks.
func (a *App) Tick() int64 { return a.tick }

// Pointer is this tick's pointer state.
func (a *App) Pointer() *ui.Pointer { return &a.ptr }

// Painter draws the interface.
func (a *App) Painter() *ui.Painter { return a.painter }

// Renderer draws the board art.
func (a *App) Renderer() *sprites.Renderer { return a.renderer }

// GoTo switches to scene s with a transition (forward: the new scene comes
// in from the right; back: from the left).
func (a *App) GoTo(s Scene, forward bool) {
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
	if a.layoutDue != 0 && a.tick >= a.layoutDue {
		a.layoutNow()
	}
	a.ptr.Read()
	a.keys.Read()
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
	if err := a.scene.Update(a); err != nil {
		return err
	}
	a.dropStrayPastes()
	if a.saver != nil && a.tick%60 == 0 {
		if msg := a.takeSaveMessage(); msg != "" {
			if a.play != nil && a.scene == a.play {
				a.play.say(a, msg)
			} else {
				a.title.notice = msg
				a.Invalidate()
			}
		}
	}
	return a.err
}

// resizeSettleTicks is how long the window size must stay still before
// the scenes are laid out for it.
const resizeSettleTicks = 18

func (a *App) layoutNow() {
	a.layoutDue = 0
	a.laidOut = true
	a.painter.Scale = a.scale
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
		return
	}
	a.dirty = false
	if a.transition > 0 && a.next != nil {
		a.drawTransition(screen)
		return
	}
	screen.Fill(a.background())
	a.scene.Draw(a, screen)
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
	a.scene.Draw(a, a.transFrom)
	a.transTo.Fill(bg)
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

// goBack returns to the scene a screen was opened from, *from; a screen
// opened from nowhere returns to the title, which *from then keeps.
func (a *App) goBack(from *Scene) {
	if *from == nil {
		*from = a.title
	}
	a.GoTo(*from, false)
}

// drawBackdrop draws what a menu card floats over: the scene it came from
// (the game in progress, or the title's board), veiled.
func (a *App) drawBackdrop(dst *ebiten.Image, from Scene) {
	switch f := from.(type) {
	case *PlayScene:
		f.board.Draw(dst)
		f.drawPanel(a, dst)
	case interface{ backdrop(*App, *ebiten.Image) }:
		f.backdrop(a, dst)
	default:
		a.title.board.Draw(dst)
	}
	b := dst.Bounds()
	a.painter.Fill(dst, Rect{W: float64(b.Dx()), H: float64(b.Dy())}, color.NRGBA{0x10, 0x0a, 0x06, 185})
}

// uiTap is the sound of a button.
const uiTap = audio.UITap
