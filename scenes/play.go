package scenes

import (
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"bashni/audio"
	"bashni/rules"
	"bashni/scenes/input"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// Timing of the play scene, in ticks (60 a second).
const (
	gameOverPause     = 45  // after the last move, before the game-over card
	minThinkTicks     = 20  // the computer never answers faster than this
	explanationTicks  = 300 // how long the compulsory-capture explanation stays
	replayStepTicks   = 50  // pause between moves when replaying a game
	attractPauseTicks = 70
)

// PlayScene is a game in progress: the board, the players, the move list
// and the controls.
type PlayScene struct {
	match   *Match
	thinker *Thinker
	layout  PlayLayout
	flipped bool
	board   *boardView
	app     *App
	entry   *input.MoveEntry

	anim      *moveAnim
	animQueue []rules.Move // further moves to animate after this one (redo, replay)
	cueBuf    []audio.Effect

	viewPly int // the ply shown while reviewing the move list; -1 follows the game

	hint     HintResult
	hintPly  int
	hintWait bool

	thinkStart int64
	answer     rules.Move // the computer's move, held until shown (zero: none)

	overAt     int64 // tick the game ended (0: not over)
	overShown  bool
	replaying  bool
	replayNext int64

	explainShown bool
	explainUntil int64
	explainSq    rules.Square // the square touched: the banner keeps clear of it
	notice       string
	noticeUntil  int64

	// Pointer on the board.
	dragging  bool
	dragX     float64
	dragY     float64
	hoverSq   rules.Square
	inspector inspectorGestures

	// Widgets.
	btnUndo, btnRedo, btnFlip, btnHint, btnMenu ui.Button
	btnReturn                                   ui.Button
	moves                                       moveList
	menu                                        actionMenu
	export                                      exporter

	// archived is the ply and outcome of the finish last archived, so that
	// a finished game goes into the archive once.
	archivedPly     int
	archivedOutcome rules.Outcome

	ctlRects []Rect
}

// NewPlayScene starts a game.
func NewPlayScene(a *App, cfg GameConfig) *PlayScene {
	m, err := NewMatch(cfg)
	if err != nil {
		m, _ = NewMatch(GameConfig{Variant: cfg.Variant, Opponent: cfg.Opponent, Level: cfg.Level, Human: cfg.Human})
	}
	s := &PlayScene{match: m, viewPly: -1, hoverSq: rules.NoSquare, entry: input.NewMoveEntry(nil), archivedPly: -1}
	s.board = newBoardView(a.renderer)
	s.inspector.board = s.board
	s.app = a
	s.thinker = NewThinker(a.newEngine())
	s.thinker.NewGame()
	s.flipped = m.Cfg.Opponent != OpponentWatch && m.Cfg.Human == rules.Black && a.settings.FlipForBlack
	s.btnUndo = ui.Button{Label: "Undo", Icon: ui.IconUndo, Kind: ui.Flat}
	s.btnRedo = ui.Button{Label: "Redo", Icon: ui.IconRedo, Kind: ui.Flat}
	s.btnFlip = ui.Button{Label: "Flip", Icon: ui.IconFlip, Kind: ui.Flat}
	s.btnHint = ui.Button{Label: "Hint", Icon: ui.IconHint, Kind: ui.Flat}
	s.btnMenu = ui.Button{Label: "Menu", Icon: ui.IconMenu, Kind: ui.Flat}
	s.btnReturn = ui.Button{Label: "Back to game", Icon: ui.IconPlay, Kind: ui.Primary, TextSize: 15}
	s.positionChanged(a)
	return s
}

// newEngine makes a computer player.
func (a *App) newEngine() Engine {
	if a.opts.Engine != nil {
		return a.opts.Engine(a.opts.Seed)
	}
	return NewEngine(a.opts.Seed)
}

// Match is the game being played.
func (s *PlayScene) Match() *Match { return s.match }

// Layout places everything.
func (s *PlayScene) Layout(a *App, w, h, scale float64) {
	s.layout = ComputePlayLayout(w, h, scale, s.match.Game.Variant(), s.flipped)
	s.board.g = s.layout.Board
	s.board.coords = a.settings.ShowCoordinates
	s.board.bounds = Rect{X: 0, Y: 0, W: w, H: h}
	s.ctlRects = s.layout.ControlButtons(5, s.ctlRects[:0])
	for i, b := range []*ui.Button{&s.btnUndo, &s.btnRedo, &s.btnFlip, &s.btnHint, &s.btnMenu} {
		b.Rect = s.ctlRects[i]
	}
	st := s.layout.Status
	bw := math.Min(st.W*0.45, s.layout.DP(170))
	s.btnReturn.Rect = Rect{X: st.X + st.W - bw, Y: st.Y + (st.H-s.layout.DP(MinTouchDP))/2, W: bw, H: s.layout.DP(MinTouchDP)}
	s.moves.rect = s.layout.MoveList
	s.moves.scale = scale
	s.moves.follow = true
	s.menu.relayout(w, h, scale)
	if s.anim != nil {
		s.anim.apply(s.board)
	}
}

// live reports whether the board shows the game (not a past position).
func (s *PlayScene) live() bool { return s.viewPly < 0 }

// shownPly is the ply on the board.
func (s *PlayScene) shownPly() int {
	if s.viewPly >= 0 {
		return s.viewPly
	}
	return s.match.Game.Ply()
}

// positionChanged refreshes everything that depends on the position: legal
// moves, highlights, the computer.
func (s *PlayScene) positionChanged(a *App) {
	g := s.match.Game
	ply := s.shownPly()
	pos := g.PositionAt(ply)
	s.board.clearMarks()
	s.inspector.reset()
	s.board.pos = pos
	s.board.frame = nil
	s.board.hideTop = [64]int8{}
	s.board.flyers = s.board.flyers[:0]
	s.board.last = rules.Move{}
	if ply > 0 {
		s.board.last = g.AllMoves()[ply-1]
	}
	s.dragging = false
	if s.live() && s.match.HumanToMove() && !s.replaying {
		s.entry.ResetFor(g.Position())
	} else {
		s.entry.Reset(nil)
	}
	s.refreshMarks()
	if s.hintPly != g.Ply() {
		s.hint = HintResult{}
	}
	if !s.hint.Best.IsZero() && s.live() {
		s.board.hint = s.hint.Best
	}
	s.moves.current = ply
	s.moves.follow = true
	s.inspector.hover(a, s.anim != nil)
	a.Invalidate()
}

// humanMoves reports whether a person is entering a move now.
func (s *PlayScene) humanMoves() bool { return s.entry.Selectable() != 0 }

// refreshMarks sets the highlights and the partial route from the move
// entry.
func (s *PlayScene) refreshMarks() {
	b := s.board
	b.movable, b.dests, b.capture = 0, 0, false
	b.selected = rules.NoSquare
	b.entered = b.entered[:0]
	b.jumped = 0
	b.hideTop = [64]int8{}
	b.flyers = b.flyers[:0]
	if !s.humanMoves() {
		return
	}
	b.capture = s.entry.MustCapture()
	sel := s.entry.Selected()
	if sel == rules.NoSquare {
		b.movable = s.entry.Selectable()
		return
	}
	b.selected = sel
	path := s.entry.Path()
	if len(path) > 1 {
		b.entered = append(b.entered, path[1:]...)
		b.jumped = s.entry.Jumped()
	}
	if b.capture {
		b.movable = bit(sel)
	}
	if s.app.settings.ShowDestinations {
		b.dests = s.entry.Targets()
	}
	// The column stands where its route has got to; a dragged one follows
	// the pointer.
	cur := s.entry.Current()
	if cur != sel || s.dragging {
		c := b.pos.Column(sel)
		b.hideTop[sel] = hideAll
		if s.dragging {
			cx, cy := b.g.SquareCenter(cur)
			b.flyers = append(b.flyers,
				flyer{kind: flyColumn, col: c, x: cx, y: cy, ghost: true},
				flyer{kind: flyColumn, col: c, x: s.dragX, y: s.dragY + b.g.Square*0.3, lift: b.g.Square * 0.3, scale: 1.08})
		} else {
			x, y := b.g.SquareCenter(cur)
			b.flyers = append(b.flyers, flyer{kind: flyColumn, col: c, x: x, y: y})
		}
	}
}

// Update runs the scene for one tick.
func (s *PlayScene) Update(a *App) error {
	s.pollComputer(a)
	s.export.poll(a, s.say)
	s.stepAnimation(a)
	s.stepReplay(a)
	if s.menu.open {
		s.menu.update(a)
		return nil
	}
	s.handleKeys(a)
	s.handlePanel(a)
	s.handleBoard(a)
	s.startComputer(a)
	s.checkOver(a)
	s.tickEffects(a)
	return nil
}

// tickEffects keeps the time-driven drawing going: the must-capture pulse,
// the thinking spinner, timed messages.
func (s *PlayScene) tickEffects(a *App) {
	if s.board.capture && s.board.movable != 0 {
		s.board.phase = float64(a.tick%60) / 60
		a.Invalidate()
	}
	if s.thinker.Busy() && a.tick%6 == 0 && !quietSpinners {
		a.Invalidate()
	}
	if s.explainUntil != 0 && a.tick >= s.explainUntil {
		s.explainUntil = 0
		a.Invalidate()
	}
	if s.noticeUntil != 0 && a.tick >= s.noticeUntil {
		s.noticeUntil = 0
		s.notice = ""
		a.Invalidate()
	}
}

// --- the computer ---------------------------------------------------------

func (s *PlayScene) startComputer(a *App) {
	if !s.live() || s.replaying || s.anim != nil || !s.answer.IsZero() {
		return
	}
	if !s.match.ComputerToMove() || s.thinker.BusyWith(thinkMove) {
		return
	}
	s.thinkStart = a.tick
	s.thinker.Start(s.match.Game.History(), s.match.Cfg.Level)
	a.Invalidate()
}

func (s *PlayScene) pollComputer(a *App) {
	if th, ok := s.thinker.Poll(); ok {
		switch th.Kind {
		case thinkMove:
			if th.Ply == s.match.Game.Ply() && !th.Move.IsZero() {
				s.answer = th.Move
			}
		case thinkHint:
			s.hintWait = false
			if th.Ply == s.match.Game.Ply() {
				s.hint = th.Hint
				s.hintPly = th.Ply
				if s.live() {
					s.board.hint = th.Hint.Best
				}
			}
		}
		a.Invalidate()
	}
	// Play the answer once the board is ready for it and the computer has
	// "thought" for a moment.
	if !s.answer.IsZero() && s.anim == nil && s.live() && a.tick-s.thinkStart >= minThinkTicks {
		mv := s.answer
		s.answer = rules.Move{}
		if s.match.ComputerToMove() {
			s.playMove(a, mv, 0)
		}
	}
}

// --- moves and animation --------------------------------------------------

// playMove plays a move in the game and shows it. shownHops is how many hops
// of it the board already shows (entered hop by hop, or dropped at the end
// by a drag): the animation starts from there.
func (s *PlayScene) playMove(a *App, mv rules.Move, shownHops int) {
	before := s.match.Game.Position()
	if err := s.match.Play(mv); err != nil {
		return
	}
	s.hint = HintResult{}
	s.hintWait = false
	s.board.hint = rules.Move{}
	s.dragging = false
	s.entry.Reset(nil)
	a.saveGame(s)
	s.finishAnimation(a)
	s.startAnim(a, before, mv, 1, shownHops)
}

// startAnim starts the animation of mv from before, skipping the first
// shownHops hops (0: all of it).
func (s *PlayScene) startAnim(a *App, before *rules.Position, mv rules.Move, speed float64, shownHops int) {
	s.anim = newMoveAnim(before, mv, animOptions(a.settings, speed))
	if shownHops > 0 {
		s.anim.skipHops(shownHops)
	}
	s.board.clearMarks()
	s.board.last = rules.Move{}
	s.board.hideTop = [64]int8{}
	s.board.flyers = s.board.flyers[:0]
	s.anim.apply(s.board)
	a.Invalidate()
}

func (s *PlayScene) stepAnimation(a *App) {
	if s.anim == nil || !s.anim.step(a, s.board, &s.cueBuf) {
		return
	}
	after := s.anim.after
	s.anim = nil
	s.nextQueued(a, after)
}

// finishAnimation jumps to the end of the running animation and of any
// queued ones (a new input never waits for an animation).
func (s *PlayScene) finishAnimation(a *App) {
	if s.anim == nil {
		return
	}
	s.anim = nil
	s.animQueue = s.animQueue[:0]
	s.positionChanged(a)
}

// nextQueued starts the next queued move animation from after (the
// position the last one ended in), or settles the board.
func (s *PlayScene) nextQueued(a *App, after *rules.Position) {
	if len(s.animQueue) == 0 {
		s.positionChanged(a)
		return
	}
	mv := s.animQueue[0]
	s.animQueue = s.animQueue[1:]
	s.startAnim(a, after, mv, 1.5, 0)
}

// --- game over and replay -------------------------------------------------

func (s *PlayScene) checkOver(a *App) {
	if !s.match.Over() || !s.live() || s.anim != nil || s.replaying {
		s.overAt = 0
		return
	}
	if s.overShown {
		return
	}
	if s.overAt == 0 {
		s.overAt = a.tick
		if o := s.match.Game.Outcome(); s.archivedPly != s.match.Game.Ply() || s.archivedOutcome != o {
			s.archivedPly, s.archivedOutcome = s.match.Game.Ply(), o
			a.archiveGame(s.match)
		}
		switch s.match.ResultFor() {
		case 1:
			a.Play(audio.Win)
		case -1:
			a.Play(audio.Loss)
		default:
			a.Play(audio.Win)
		}
		a.Invalidate()
		return
	}
	if a.tick-s.overAt >= gameOverPause {
		s.overShown = true
		a.GoTo(NewGameOverScene(a, s), true)
	}
}

// StartReplay replays the game from its start, a move every second or so.
func (s *PlayScene) StartReplay(a *App) {
	s.thinker.Stop()
	s.finishAnimation(a)
	s.replaying = true
	s.viewPly = 0
	s.replayNext = a.tick + replayStepTicks
	s.positionChanged(a)
}

func (s *PlayScene) stepReplay(a *App) {
	if !s.replaying || s.anim != nil || a.tick < s.replayNext {
		return
	}
	g := s.match.Game
	if s.viewPly >= g.Ply() {
		s.replaying = false
		s.viewPly = -1
		s.positionChanged(a)
		return
	}
	s.stepView(a, s.viewPly+1)
	s.replayNext = a.tick + replayStepTicks
}

// stepView shows ply, animating a single step forward.
func (s *PlayScene) stepView(a *App, ply int) {
	g := s.match.Game
	ply = max(0, min(ply, g.Ply()))
	from := s.shownPly()
	if ply == g.Ply() && !s.replaying {
		s.viewPly = -1
	} else {
		s.viewPly = ply
	}
	s.anim = nil
	s.animQueue = s.animQueue[:0]
	s.positionChanged(a)
	if ply == from+1 {
		s.startAnim(a, g.PositionAt(from), g.AllMoves()[from], 1, 0)
	}
}

// --- actions --------------------------------------------------------------

func (s *PlayScene) handleKeys(a *App) {
	k := &a.keys
	if k.ShowAllChanged() {
		s.board.showAll = k.ShowAll
		a.Invalidate()
	}
	switch {
	case k.Consume(ActUndo):
		s.undo(a)
	case k.Consume(ActRedo):
		s.redo(a)
	case k.Consume(ActFlip):
		s.flip(a)
	case k.Consume(ActNewGame):
		s.thinker.Stop()
		a.GoTo(NewNewGameScene(a, s), true)
	case k.Consume(ActHint):
		s.askHint(a)
	case k.Consume(ActBack):
		s.back(a)
	case k.Consume(ActPrev):
		s.stopReplay()
		s.stepView(a, s.shownPly()-1)
	case k.Consume(ActNext):
		s.stopReplay()
		s.stepView(a, s.shownPly()+1)
	case k.Consume(ActFirst):
		s.stopReplay()
		s.stepView(a, 0)
	case k.Consume(ActLast):
		s.stopReplay()
		s.returnToGame(a)
	}
}

func (s *PlayScene) stopReplay() { s.replaying = false }

// back is Esc: cancel a capture being entered, leave the review, or open
// the menu.
func (s *PlayScene) back(a *App) {
	switch {
	case s.dragging:
		s.cancelDrag(a)
	case s.inspector.closePinned(a):
		// It closed the inspector a right click pinned.
	case s.entry.Selected() != rules.NoSquare:
		s.entry.Cancel()
		s.refreshMarks()
		a.Invalidate()
	case !s.live() || s.replaying:
		s.stopReplay()
		s.returnToGame(a)
	default:
		s.openMenu(a)
	}
}

func (s *PlayScene) returnToGame(a *App) {
	s.viewPly = -1
	s.anim = nil
	s.animQueue = s.animQueue[:0]
	s.positionChanged(a)
}

func (s *PlayScene) undo(a *App) {
	s.settle(a)
	if len(s.match.Undo()) == 0 {
		return
	}
	s.overShown = false
	a.Play(audio.UITap)
	a.saveGame(s)
	s.positionChanged(a)
}

func (s *PlayScene) redo(a *App) {
	s.stopReplay()
	if !s.live() {
		s.returnToGame(a)
	}
	if !s.match.CanRedo() {
		return
	}
	s.settle(a)
	before := s.match.Game.Position()
	moves := s.match.Redo()
	if len(moves) == 0 {
		return
	}
	a.saveGame(s)
	s.animQueue = append(s.animQueue[:0], moves[1:]...)
	s.startAnim(a, before, moves[0], 1.5, 0)
}

func (s *PlayScene) flip(a *App) {
	s.flipped = !s.flipped
	s.cancelDrag(a)
	s.Layout(a, a.w, a.h, a.scale)
	a.Invalidate()
}

func (s *PlayScene) askHint(a *App) {
	if !s.live() || !s.match.HumanToMove() || s.thinker.Busy() {
		return
	}
	if !s.hint.Best.IsZero() && s.hintPly == s.match.Game.Ply() {
		return
	}
	s.hintWait = true
	s.thinker.StartHint(s.match.Game.History())
	a.Invalidate()
}

// --- the panel ------------------------------------------------------------

func (s *PlayScene) handlePanel(a *App) {
	p := &a.ptr
	s.btnUndo.Disabled = !s.match.CanUndo() || s.replaying
	s.btnRedo.Disabled = !s.match.CanRedo() || s.replaying
	s.btnHint.Disabled = !s.live() || !s.match.HumanToMove() || s.thinker.Busy()
	s.btnHint.Toggled = !s.hint.Best.IsZero() && s.live()
	if a.used(&s.btnUndo) {
		s.undo(a)
	}
	if a.used(&s.btnRedo) {
		s.redo(a)
	}
	if a.used(&s.btnFlip) {
		s.flip(a)
	}
	if a.used(&s.btnHint) {
		s.askHint(a)
	}
	if a.used(&s.btnMenu) {
		s.openMenu(a)
	}
	if !s.live() || s.replaying {
		if a.used(&s.btnReturn) {
			s.stopReplay()
			s.returnToGame(a)
		}
	}
	if ply, ok, ch := s.moves.update(p, s.match.Game); ch || ok {
		a.Invalidate()
		if ok {
			s.stopReplay()
			s.stepView(a, ply)
		}
	}
}

// openMenu opens the in-game menu with what can be done now.
func (s *PlayScene) openMenu(a *App) {
	m := s.match
	items := []menuItem{
		{"Resume", nil},
		{"New game", func() {
			s.thinker.Stop()
			a.GoTo(NewNewGameScene(a, s), true)
		}},
		{"Game record…", func() {
			s.menu.show(a, "Game record", exportItems(a, &s.export, func() string { return matchRecord(m) }, s.say)...)
		}},
	}
	if m.Cfg.Opponent != OpponentWatch && !m.Over() {
		who := "Resign"
		if m.Cfg.Opponent == OpponentFriend {
			who = colorWord(m.Game.Position().SideToMove()) + " resigns"
		}
		items = append(items, menuItem{who + "…", func() {
			s.menu.show(a, "Resign this game?",
				menuItem{"Keep playing", nil},
				menuItem{who, func() { s.resign(a) }})
		}})
	}
	if m.Cfg.Opponent == OpponentFriend && !m.Over() {
		items = append(items, menuItem{"Draw by agreement…", func() {
			s.menu.show(a, "Agree a draw?",
				menuItem{"Keep playing", nil},
				menuItem{"Both agree: draw", func() { s.agreeDraw(a) }})
		}})
	}
	items = append(items,
		menuItem{"Settings", func() { a.GoTo(NewSettingsScene(a, s), true) }},
		menuItem{"Rules", func() { a.GoTo(NewRulesScene(a, s), true) }},
		menuItem{"Main menu", func() { a.GoTo(a.title, false) }},
	)
	s.menu.show(a, "Menu", items...)
}

// settle stops whatever is going on (a replay, the computer thinking, an
// animation) and shows the game as it stands.
func (s *PlayScene) settle(a *App) {
	s.stopReplay()
	if !s.live() {
		s.returnToGame(a)
	}
	s.thinker.Stop()
	s.answer = rules.Move{}
	s.hintWait = false
	s.finishAnimation(a)
}

// endGame settles the board, then ends the game by end (a resignation, a
// draw agreed) and keeps it.
func (s *PlayScene) endGame(a *App, end func() error) {
	s.settle(a)
	if end() != nil {
		return
	}
	s.overShown = false
	a.saveGame(s)
	s.positionChanged(a)
}

// resign ends the game as a loss for the player (for friends, for the
// side to move).
func (s *PlayScene) resign(a *App) {
	s.endGame(a, func() error {
		side := s.match.Cfg.Human
		if s.match.Cfg.Opponent == OpponentFriend {
			side = s.match.Game.Position().SideToMove()
		}
		return s.match.Game.Resign(side)
	})
}

// agreeDraw ends a game between friends as a draw.
func (s *PlayScene) agreeDraw(a *App) {
	s.endGame(a, func() error { return s.match.Game.AgreeDraw() })
}

// --- the board ------------------------------------------------------------

// handleBoard turns this tick's gestures (package input) into selections,
// hops, moves, drags and the column inspector.
func (s *PlayScene) handleBoard(a *App) {
	s.updateHover(a)
	allowTap := a.settings.Input.AllowsTap()
	for _, gs := range a.gestures {
		if s.inspector.handle(a, gs, s.anim != nil) {
			continue
		}
		x, y := gs.X*a.scale, gs.Y*a.scale
		sx, sy := gs.StartX*a.scale, gs.StartY*a.scale
		switch gs.Kind {
		case input.Tap:
			sq, on := s.board.squareAt(sx, sy)
			s.inspector.closePinned(a) // a tap anywhere dismisses it
			if !on {
				continue
			}
			if !s.live() {
				s.stopReplay()
				s.returnToGame(a)
				continue
			}
			s.finishForInput(a)
			if !allowTap && s.entry.Selected() == rules.NoSquare {
				continue
			}
			// The column already stands on the landings entered so far.
			shown := max(0, len(s.entry.Path())-1)
			s.apply(a, s.entry.Tap(sq), shown)
		case input.DragStart:
			sq, on := s.board.squareAt(sx, sy)
			if !on || !s.live() {
				continue
			}
			s.inspector.closePinned(a)
			s.finishForInput(a)
			r := s.entry.Grab(sq)
			if r.Outcome == input.Selected && s.entry.Current() == sq {
				s.dragging = true
				s.dragX, s.dragY = x, y
				a.Play(uiTap)
			}
			s.apply(a, r, 0)
		case input.DragMove:
			if s.dragging {
				s.dragX, s.dragY = x, y
				s.refreshMarks()
				a.Invalidate()
			}
		case input.DragEnd:
			if !s.dragging {
				continue
			}
			s.dragging = false
			sq, on := s.board.squareAt(x, y)
			if !on {
				sq = rules.NoSquare
			}
			// A dropped column is where the player put it: the animation
			// only shows what happens after that landing.
			shown := len(s.entry.Path())
			s.apply(a, s.entry.Drop(sq), shown)
		case input.DragCancel:
			if s.dragging {
				s.dragging = false
				s.refreshMarks()
				a.Invalidate()
			}
		case input.Back:
			// Esc is handled as ActBack in handleKeys (it also maps
			// Backspace); the recognizer turned it into DragCancel when a
			// drag was live.
		}
	}
}

// updateHover marks the square under the mouse when it is one the player
// can act on.
func (s *PlayScene) updateHover(a *App) {
	p := &a.ptr
	hov := rules.NoSquare
	if p.Valid && !p.Touch && !p.Down {
		if sq, on := s.board.squareAt(p.X, p.Y); on {
			hov = sq
		}
	}
	if hov == s.hoverSq {
		return
	}
	s.hoverSq = hov
	marked := rules.NoSquare
	if hov != rules.NoSquare && s.humanMoves() && (s.entry.Selectable()&bit(hov) != 0 || s.entry.Targets()&bit(hov) != 0) {
		marked = hov
	}
	if s.board.hover != marked {
		s.board.hover = marked
		a.Invalidate()
	}
}

// apply acts on what the move entry did. shownHops is how many hops of a
// completed move the board already shows.
func (s *PlayScene) apply(a *App, r input.Result, shownHops int) {
	switch r.Outcome {
	case input.Completed:
		s.playMove(a, r.Move, shownHops)
		return
	case input.Extended:
		a.Play(audio.Capture)
	case input.Rejected:
		switch r.Reason {
		case input.CaptureCompulsory:
			s.explainSq = r.Square
			s.explainCapture(a)
		case input.MustContinue:
			s.say(a, "The king must land where it can go on capturing.")
			a.Play(audio.CaptureRequired)
		case input.Ambiguous:
			s.say(a, "More than one route leads there: tap the squares in between.")
		case input.CannotMove:
			s.say(a, "That column is blocked.")
		}
	}
	s.refreshMarks()
	a.Invalidate()
}

// say shows a short message in the status line for a few seconds.
func (s *PlayScene) say(a *App, msg string) {
	s.notice = msg
	s.noticeUntil = a.tick + 240
	a.Invalidate()
}

func (s *PlayScene) cancelDrag(a *App) {
	if !s.dragging {
		return
	}
	s.dragging = false
	s.refreshMarks()
	a.Invalidate()
}

// finishForInput completes a running move animation so that the input acts
// on the position after it.
func (s *PlayScene) finishForInput(a *App) {
	if s.anim != nil && s.live() && !s.replaying {
		s.finishAnimation(a)
	}
}

// explainCapture tells the player, once, that capturing is compulsory; the
// columns that must capture pulse.
func (s *PlayScene) explainCapture(a *App) {
	a.Play(audio.CaptureRequired)
	if !s.explainShown {
		s.explainShown = true
		s.explainUntil = a.tick + explanationTicks
	}
	s.board.phase = 0
	a.Invalidate()
}

// --- drawing --------------------------------------------------------------

// Draw draws the scene.
func (s *PlayScene) Draw(a *App, dst *ebiten.Image) {
	s.board.Draw(dst)
	if s.explainUntil != 0 {
		s.drawExplanation(a, dst)
	}
	s.drawPanel(a, dst)
	s.menu.draw(a, dst)
}

// explanationText is shown once, the first time a player touches a column
// that may not move because a capture is due.
const explanationText = "Capturing is compulsory. A column with a red ring can take an enemy column — move one of them."

// drawExplanation draws the compulsory-capture explanation as a banner over
// the lower part of the board.
func (s *PlayScene) drawExplanation(a *App, dst *ebiten.Image) {
	p := a.painter
	t := p.Theme
	in := s.board.g.Inner()
	w := in.W - p.DP(24)
	lines := p.Wrap(explanationText, 16, sprites.Medium, w-p.DP(32))
	lh := p.DP(22)
	h := float64(len(lines))*lh + p.DP(24)
	r := Rect{X: in.X + p.DP(12), Y: in.Y + in.H - h - p.DP(12), W: w, H: h}
	if s.explainSq >= 0 && s.explainSq < 64 {
		if sr := s.board.g.SquareRect(s.explainSq); sr.Y+sr.H > r.Y {
			r.Y = in.Y + p.DP(12) // the touched column is low: the banner goes up
		}
	}
	p.RoundRect(dst, r, p.DP(12), ui.Alpha(t.Panel, 0.94), p.DP(2), t.MustCapture)
	y := r.Y + p.DP(12) + lh/2
	for _, l := range lines {
		p.Text(dst, l, 16, sprites.Medium, r.X+p.DP(16), y, text.AlignStart, text.AlignCenter, t.Text)
		y += lh
	}
}

// statusText is the line under the players.
func (s *PlayScene) statusText() (string, bool) {
	g := s.match.Game
	switch {
	case s.replaying:
		return "Replaying · move " + strconv.Itoa(s.shownPly()) + " of " + strconv.Itoa(g.Ply()), false
	case !s.live():
		return "Move " + strconv.Itoa(s.viewPly) + " of " + strconv.Itoa(g.Ply()), false
	case s.match.Over():
		return g.Outcome().Explain(), false
	case s.explainUntil != 0:
		return "Capturing is compulsory: a ringed column must take", true
	case s.notice != "":
		return s.notice, false
	case s.thinker.BusyWith(thinkMove) || !s.answer.IsZero():
		return s.match.SideName(g.Position().SideToMove()) + " is thinking…", false
	case s.hintWait:
		return "Looking for a good move…", false
	case !s.hint.Best.IsZero():
		t := "Hint: " + s.hint.Best.String()
		if s.hint.Text != "" {
			t += " · " + s.hint.Text
		}
		return t, false
	}
	side := g.Position().SideToMove()
	who := side.String() + " to move"
	if s.match.Cfg.Opponent == OpponentComputer {
		who = "Your move"
	}
	if s.humanMoves() && s.entry.MustCapture() {
		return who + " · you must capture", true
	}
	return who, false
}

// saveGame keeps the game so that Continue brings it back.
func (a *App) saveGame(s *PlayScene) {
	if a.saver == nil || s.match.Cfg.Opponent == OpponentWatch {
		return
	}
	a.saver.SaveGame(savedGameOf(s.match))
}

// sideName is used by cards.
func colorWord(c rules.Color) string {
	if c == rules.White {
		return "White"
	}
	return "Black"
}
