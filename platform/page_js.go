//go:build js

package platform

import (
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/rules"
)

// InBrowser: the game runs in a web page (wasm/web/index.html), which turns
// the page's URL parameters into the command-line flags. A page must never
// stop over a parameter, so a bad -fen starts the title with a notice
// instead of ending the program.
const InBrowser = true

// SoftwareGL reports whether the page renders WebGL in software
// (index.html sets window.bashniSoftwareGL): then every drawn frame is
// expensive, so the thinking spinners stand still and the page shows its
// own CSS indicator while the computer thinks (the class "thinking" on
// <body>).
func SoftwareGL() bool { return js.Global().Get("bashniSoftwareGL").Truthy() }

// Wrap wraps the game for the page: it tells the page when the first frame
// is on screen (window.bashniReady) and publishes the game's state as
// window.bashni after every tick.
func Wrap(g Game) Game {
	PrepareCanvas()
	return &webGame{Game: g, pub: newPublisher(SoftwareGL())}
}

// webGame is the game with the page's hooks. Layout and LayoutF are the
// game's.
type webGame struct {
	Game
	pub    *publisher
	drawn  bool // Draw has run once: the next tick's frame shows the game
	readyd bool // window.bashniReady has been called
}

func (g *webGame) Update() error {
	err := g.Game.Update()
	g.pub.publish(g.Game)
	if g.drawn && !g.readyd {
		g.readyd = true
		if f := js.Global().Get("bashniReady"); f.Type() == js.TypeFunction {
			f.Invoke()
		}
	}
	return err
}

func (g *webGame) Draw(screen *ebiten.Image) {
	g.Game.Draw(screen)
	g.drawn = true
	g.pub.drew()
}

// publisher keeps window.bashni up to date: a plain object whose properties
// are rewritten only when they change (fps and tps about once a second), so
// that an idle tick allocates nothing.
//
//	window.bashni = {
//	  scene: "play",            // title, newgame, play, gameover, settings, rules, …
//	  fen: "W:W…:B…:H0:F1",     // the live position of the game in progress ("" before the first game)
//	  status: "ongoing",        // the protocol's status ("win W no-moves", "draw repetition", …), or the scene's name without a game
//	  moves: ["c3-d4", …],      // the game's moves up to the current ply, in notation
//	  ply: 1,
//	  thinking: false,          // the computer is searching (a move or a hint) in the game on screen
//	  animating: false,         // a move or a scene transition is being animated
//	  reducedMotion: false,     // moves shown without motion (Settings, or prefers-reduced-motion)
//	  fps: 60, tps: 60,         // ebiten.ActualFPS and ActualTPS
//	  board: {x, y, square, size, flipped}, // the game board in CSS pixels (square 0: none on screen)
//	  inspect: "",              // the square whose column inspector is open, if any
//	  draws: 12,                // frames the game has drawn (it draws only when something changed)
//	  scale: 2,                 // device pixels per CSS pixel
//	  online: "K7MP2Q",         // the online game's code ("" if none)
//	  namesFonts: 0,            // fonts of players' names fetched and in use
//	}
type publisher struct {
	obj, board  js.Value
	bodyClasses js.Value // document.body.classList when the page shows the thinking indicator
	snap        State
	online      string

	scene               string
	game                *rules.Game
	pos                 *rules.Position
	ply                 int
	noGame              bool
	outcome             rules.Outcome
	thinking, animating bool
	reducedMotion       bool
	fps, tps            float64
	geom                [3]float64
	size                int
	flipped             bool
	inspect             rules.Square
	scale               float64
	namesFonts          int
	first               bool
	draws               int  // frames the game has drawn
	controlsGen         int  // the controls last sent to the page's mirror
	redraw              bool // the next Draw draws
}

func newPublisher(thinkingClass bool) *publisher {
	p := &publisher{obj: js.Global().Get("Object").New(), board: js.Global().Get("Object").New(), first: true}
	if thinkingClass {
		p.bodyClasses = js.Global().Get("document").Get("body").Get("classList")
	}
	p.obj.Set("board", p.board)
	js.Global().Set("bashni", p.obj)
	return p
}

// drew counts a frame the game drew (called after Draw).
func (p *publisher) drew() {
	if p.redraw {
		p.redraw = false
		p.draws++
		p.obj.Set("draws", p.draws)
	}
}

func (p *publisher) publish(g Game) {
	s := &p.snap
	g.Snapshot(s)
	o := p.obj
	first := p.first
	p.first = false

	if first || s.Online != p.online {
		p.online = s.Online
		o.Set("online", s.Online)
	}
	sceneChanged := first || s.Scene != p.scene
	if sceneChanged {
		p.scene = s.Scene
		o.Set("scene", s.Scene)
	}
	if g := s.Game; g == nil {
		if first || !p.noGame || sceneChanged {
			p.noGame, p.game, p.pos = true, nil, nil
			o.Set("fen", "")
			o.Set("moves", js.Global().Get("Array").New())
			o.Set("ply", 0)
			o.Set("status", s.Scene)
		}
	} else {
		pos := g.Position()
		if first || p.noGame || g != p.game || pos != p.pos || g.Ply() != p.ply {
			p.noGame, p.game, p.pos, p.ply = false, g, pos, g.Ply()
			o.Set("fen", pos.FEN())
			moves := g.Moves()
			arr := js.Global().Get("Array").New(len(moves))
			for i, m := range moves {
				arr.SetIndex(i, m.String())
			}
			o.Set("moves", arr)
			o.Set("ply", g.Ply())
			p.outcome = s.Outcome
			o.Set("status", s.Outcome.Status())
		} else if s.Outcome != p.outcome {
			p.outcome = s.Outcome
			o.Set("status", s.Outcome.Status())
		}
	}
	// The next Draw draws: count it once, however many ticks run before it.
	p.redraw = p.redraw || s.Redraw
	if first {
		o.Set("draws", 0)
	}
	if first || s.Thinking != p.thinking {
		p.thinking = s.Thinking
		o.Set("thinking", s.Thinking)
		if p.bodyClasses.Truthy() {
			p.bodyClasses.Call("toggle", "thinking", s.Thinking)
		}
	}
	if first || s.ReducedMotion != p.reducedMotion {
		p.reducedMotion = s.ReducedMotion
		o.Set("reducedMotion", s.ReducedMotion)
	}
	if first || s.NamesFonts != p.namesFonts {
		p.namesFonts = s.NamesFonts
		o.Set("namesFonts", s.NamesFonts)
	}
	if first || s.Animating != p.animating {
		p.animating = s.Animating
		o.Set("animating", s.Animating)
	}
	if fps := ebiten.ActualFPS(); first || fps != p.fps {
		p.fps = fps
		o.Set("fps", fps)
	}
	if tps := ebiten.ActualTPS(); first || tps != p.tps {
		p.tps = tps
		o.Set("tps", tps)
	}
	scale := s.Scale
	if scale <= 0 {
		scale = 1
	}
	if first || scale != p.scale {
		p.scale = scale
		o.Set("scale", scale)
	}
	b := s.Board
	geom := [3]float64{b.X / scale, b.Y / scale, b.Square / scale}
	size := 0
	if b.Square > 0 {
		size = b.Variant.Size()
	}
	if first || geom != p.geom || size != p.size || b.Flipped != p.flipped {
		p.geom, p.size, p.flipped = geom, size, b.Flipped
		p.board.Set("x", geom[0])
		p.board.Set("y", geom[1])
		p.board.Set("square", geom[2])
		p.board.Set("size", size)
		p.board.Set("flipped", b.Flipped)
	}
	if first || s.ControlsGen != p.controlsGen {
		p.controlsGen = s.ControlsGen
		mirror(s.ControlsGen, s.Controls)
	}
	if first || s.Inspect != p.inspect {
		p.inspect = s.Inspect
		name := ""
		if s.Inspect != rules.NoSquare {
			name = s.Inspect.String()
		}
		o.Set("inspect", name)
	}
}
