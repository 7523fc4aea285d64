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
	"bashni/session"
	"bashni/sprites"
)

// Timing of the play scene, in ticks (60 a second).
const (
	gameOverPause     = 45  // after the last move, before the game-over card
	explanationTicks  = 300 // how long the compulsory-capture explanation stays
	replayStepTicks   = 50  // pause between moves when replaying a game
	attractPauseTicks = 70
)

// PlayScene shows a game in progress (a session.Session): the board, the
// players' cards, the move list and the controls. The session decides who
// moves and answers; the scene enters the person's moves, animates what
// the session reports and lets the player review the game.
type PlayScene struct {
	sess    *session.Session
	cfg     GameConfig
	layout  PlayLayout
	flipped bool
	board   *boardView
	app     *App
	entry   *input.MoveEntry

	anim      *moveAnim
	animQueue []rules.Move // further moves to animate after this one (redo, replay)
	cueBuf    []audio.Effect

	viewPly int // the ply shown while reviewing the move list; -1 follows the game
	// shownHops is how many hops of the move the person just entered the
	// board already shows: its animation starts from there.
	shownHops int

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

	ctlRects []Rect
}

// NewPlayScene starts a game.
func NewPlayScene(a *App, cfg GameConfig) *PlayScene {
	s := &PlayScene{sess: a.newGameSession(cfg), cfg: cfg, viewPly: -1, hoverSq: rules.NoSquare, entry: input.NewMoveEntry(nil)}
	s.board = newBoardView(a.renderer)
	s.inspector.board = s.board
	s.app = a
	s.flipped = !cfg.Watch && cfg.Human == rules.Black && a.settings.FlipForBlack
	s.btnUndo = ui.Button{Label: "Undo", Icon: ui.IconUndo, Kind: ui.Flat}
	s.btnRedo = ui.Button{Label: "Redo", Icon: ui.IconRedo, Kind: ui.Flat}
	s.btnFlip = ui.Button{Label: "Flip", Icon: ui.IconFlip, Kind: ui.Flat}
	s.btnHint = ui.Button{Label: "Hint", Icon: ui.IconHint, Kind: ui.Flat}
	s.btnMenu = ui.Button{Label: "Menu", Icon: ui.IconMenu, Kind: ui.Flat}
	s.btnReturn = ui.Button{Label: "Back to game", Icon: ui.IconPlay, Kind: ui.Primary, TextSize: 15}
	s.positionChanged(a)
	return s
}

// Session is the game being played.
func (s *PlayScene) Session() *session.Session { return s.sess }

// Layout places everything.
func (s *PlayScene) Layout(a *App, w, h, scale float64) {
	s.layout = ComputePlayLayout(w, h, scale, s.sess.Game().Variant(), s.flipped)
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
	return s.sess.Game().Ply()
}

// positionChanged refreshes everything that depends on the position: legal
// moves, highlights, the computer.
func (s *PlayScene) positionChanged(a *App) {
	g := s.sess.Game()
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
	if s.live() && s.sess.PersonToMove() && !s.replaying {
		s.entry.ResetFor(g.Position())
	} else {
		s.entry.Reset(nil)
	}
	s.refreshMarks()
	if h, ok := s.sess.Hint(); ok && s.live() {
		s.board.hint = h.Best
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
	s.sess.Tick(a.tick, s.boardReady())
	s.showEvents(a)
	s.export.poll(a, s.say)
	s.stepAnimation(a)
	s.stepReplay(a)
	if s.menu.open {
		s.menu.update(a)
		s.showEvents(a)
		return nil
	}
	s.handleKeys(a)
	s.handlePanel(a)
	s.handleBoard(a)
	s.showEvents(a)
	s.checkOver(a)
	s.tickEffects(a)
	return nil
}

// boardReady reports whether the board shows the game as it stands, still:
// only then does the session play an answer and ask the next player, so
// that moves are shown one after another and nothing moves behind a menu.
func (s *PlayScene) boardReady() bool {
	return s.live() && !s.replaying && s.anim == nil && !s.menu.open
}

// showEvents shows what happened in the session: moves are animated
// (after the hops the person's entry already shows), undos settle the
// board, hints appear.
func (s *PlayScene) showEvents(a *App) {
	for _, ev := range s.sess.Events() {
		switch ev.Kind {
		case session.MovePlayed:
			shown := 0
			if s.sess.Kind(ev.Side) == session.Person {
				shown, s.shownHops = s.shownHops, 0
			}
			s.board.hint = rules.Move{}
			s.dragging = false
			s.entry.Reset(nil)
			s.finishAnimation(a)
			s.startAnim(a, ev.Before, ev.Move, 1, shown)
		case session.Redone:
			s.animQueue = append(s.animQueue[:0], ev.Moves[1:]...)
			s.startAnim(a, ev.Before, ev.Moves[0], 1.5, 0)
		case session.Undone:
			s.overShown = false
			a.Play(audio.UITap)
			s.finishAnimation(a)
			s.positionChanged(a)
		case session.GameOver:
			s.overShown = false
			if s.anim == nil {
				s.positionChanged(a)
			}
		case session.HintReady:
			if s.live() {
				s.board.hint = ev.Hint.Best
			}
			a.Invalidate()
		case session.Refused:
			if ev.Refusal != nil && s.sess.Kind(ev.Side) == session.Person {
				s.say(a, ev.Refusal.Reason)
			}
		default:
			a.Invalidate()
		}
	}
}

// tickEffects keeps the time-driven drawing going: the must-capture pulse,
// the thinking spinner, timed messages.
func (s *PlayScene) tickEffects(a *App) {
	if s.board.capture && s.board.movable != 0 {
		s.board.phase = float64(a.tick%60) / 60
		a.Invalidate()
	}
	if s.sess.Busy() && a.tick%6 == 0 && !quietSpinners {
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

// --- moves and animation --------------------------------------------------

// playMove plays the person's move. shownHops is how many hops of it the
// board already shows (entered hop by hop, or dropped at the end by a
// drag): the animation starts from there.
func (s *PlayScene) playMove(a *App, mv rules.Move, shownHops int) {
	s.shownHops = shownHops
	if err := s.sess.Play(mv); err != nil {
		s.shownHops = 0
	}
	s.showEvents(a)
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
	if !s.sess.Over() || !s.live() || s.anim != nil || s.replaying {
		s.overAt = 0
		return
	}
	if s.overShown {
		return
	}
	if s.overAt == 0 {
		s.overAt = a.tick
		switch s.resultForPerson() {
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

// resultForPerson is the result for the one person playing against the
// computer or another player elsewhere: +1 won, -1 lost, 0 drawn or no
// such person.
func (s *PlayScene) resultForPerson() int {
	if c, ok := s.sess.Local(); ok {
		return s.sess.ResultFor(c)
	}
	return 0
}

// StartReplay replays the game from its start, a move every second or so.
func (s *PlayScene) StartReplay(a *App) {
	s.sess.Pause()
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
	g := s.sess.Game()
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
	g := s.sess.Game()
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
		s.sess.Pause()
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
	s.sess.Undo()
	s.showEvents(a)
}

func (s *PlayScene) redo(a *App) {
	s.stopReplay()
	if !s.live() {
		s.returnToGame(a)
	}
	if !s.sess.CanRedo() {
		return
	}
	s.settle(a)
	s.sess.Redo()
	s.showEvents(a)
}

func (s *PlayScene) flip(a *App) {
	s.flipped = !s.flipped
	s.cancelDrag(a)
	s.Layout(a, a.w, a.h, a.scale)
	a.Invalidate()
}

func (s *PlayScene) askHint(a *App) {
	if s.live() && s.sess.AskHint() {
		a.Invalidate()
	}
}

// --- the panel ------------------------------------------------------------

func (s *PlayScene) handlePanel(a *App) {
	p := &a.ptr
	s.btnUndo.Disabled = !s.sess.CanUndo() || s.replaying
	s.btnRedo.Disabled = !s.sess.CanRedo() || s.replaying
	s.btnHint.Disabled = !s.live() || !s.sess.CanAskHint()
	_, hinted := s.sess.Hint()
	s.btnHint.Toggled = hinted && s.live()
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
	if ply, ok, ch := s.moves.update(p, s.sess.Game()); ch || ok {
		a.Invalidate()
		if ok {
			s.stopReplay()
			s.stepView(a, ply)
		}
	}
}

// openMenu opens the in-game menu with what can be done now.
func (s *PlayScene) openMenu(a *App) {
	m := s.sess
	items := []menuItem{
		{"Resume", nil},
		{"New game", func() {
			m.Pause()
			a.GoTo(NewNewGameScene(a, s), true)
		}},
		{"Game record…", func() {
			s.menu.show(a, "Game record", exportItems(a, &s.export, func() string { return sessionRecord(m) }, s.say)...)
		}},
	}
	if m.CanResign() {
		who := "Resign"
		if _, one := m.Local(); !one {
			who = colorWord(m.ToMove()) + " resigns"
		}
		items = append(items, menuItem{who + "…", func() {
			s.menu.show(a, "Resign this game?",
				menuItem{"Keep playing", nil},
				menuItem{who, func() { s.resign(a) }})
		}})
	}
	if friends(m) && m.CanOfferDraw() {
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

// settle stops whatever is going on (a replay, an animation) and shows the
// game as it stands; the session withdraws the computer's turn itself when
// the game changes.
func (s *PlayScene) settle(a *App) {
	s.stopReplay()
	if !s.live() {
		s.returnToGame(a)
	}
	s.finishAnimation(a)
}

// resign ends the game as a loss for the player (for friends, for the
// side to move).
func (s *PlayScene) resign(a *App) {
	s.settle(a)
	_ = s.sess.Resign() // the menu offers it only when it can
	s.showEvents(a)
}

// agreeDraw ends a game between friends as a draw.
func (s *PlayScene) agreeDraw(a *App) {
	s.settle(a)
	_ = s.sess.OfferDraw() // between friends: agreed at once
	s.showEvents(a)
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
	g := s.sess.Game()
	switch {
	case s.replaying:
		return "Replaying · move " + strconv.Itoa(s.shownPly()) + " of " + strconv.Itoa(g.Ply()), false
	case !s.live():
		return "Move " + strconv.Itoa(s.viewPly) + " of " + strconv.Itoa(g.Ply()), false
	case s.sess.Over():
		return g.Outcome().Explain(), false
	case s.explainUntil != 0:
		return "Capturing is compulsory: a ringed column must take", true
	case s.notice != "":
		return s.notice, false
	}
	if side, thinking := s.sess.Thinking(); thinking {
		return sideName(s.sess, side) + " is thinking…", false
	}
	if s.sess.HintPending() {
		return "Looking for a good move…", false
	}
	if h, ok := s.sess.Hint(); ok {
		t := "Hint: " + h.Best.String()
		if h.Text != "" {
			t += " · " + h.Text
		}
		return t, false
	}
	side := g.Position().SideToMove()
	who := side.String() + " to move"
	if _, one := s.sess.Local(); one {
		who = "Your move"
	}
	if s.humanMoves() && s.entry.MustCapture() {
		return who + " · you must capture", true
	}
	return who, false
}

// sideName is used by cards.
func colorWord(c rules.Color) string {
	if c == rules.White {
		return "White"
	}
	return "Black"
}
