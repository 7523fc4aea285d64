package scenes

import (
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/audio"
	"bashni/rules"
	"bashni/scenes/ui"
	"bashni/sprites"
)

// Timing of the play scene, in ticks (60 a second).
const (
	hoverDwell        = 18  // a mouse resting on a column opens its inspector
	longPressTicks    = 30  // a finger held on a column opens its inspector
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
	entry   moveEntry
	legal   []rules.Move

	anim      *tmpAnim
	animStart int64
	animQueue []rules.Move // further moves to animate after this one (redo, replay)
	animPos   *rules.Position
	cueBuf    []audio.Effect

	viewPly int // the ply shown while reviewing the move list; -1 follows the game

	hint     HintResult
	hintPly  int
	hintWait bool

	thinkStart int64
	answer     *Thought // the computer's move, held until shown

	overAt     int64 // tick the game ended (0: not over)
	overShown  bool
	replaying  bool
	replayNext int64

	explainShown bool
	explainUntil int64
	notice       string
	noticeUntil  int64

	// Pointer on the board.
	pressSq    rules.Square
	pressX     float64
	pressY     float64
	pressTick  int64
	dragging   bool
	dragX      float64
	dragY      float64
	hoverSq    rules.Square
	hoverSince int64
	inspectPin bool // opened by right click or long press: stays until dismissed

	// Widgets.
	btnUndo, btnRedo, btnFlip, btnHint, btnMenu ui.Button
	btnReturn                                   ui.Button
	moves                                       moveList
	menu                                        popupMenu

	ctlRects []Rect
}

// NewPlayScene starts a game.
func NewPlayScene(a *App, cfg GameConfig) *PlayScene {
	m, err := NewMatch(cfg)
	if err != nil {
		m, _ = NewMatch(GameConfig{Variant: cfg.Variant, Opponent: cfg.Opponent, Level: cfg.Level, Human: cfg.Human})
	}
	s := &PlayScene{match: m, viewPly: -1, pressSq: rules.NoSquare, hoverSq: rules.NoSquare}
	s.board = newBoardView(a.renderer)
	s.thinker = NewThinker(a.newEngine())
	s.thinker.NewGame()
	s.flipped = m.Cfg.Opponent != OpponentWatch && m.Cfg.Human == rules.Black && a.settings.FlipForBlack
	s.btnUndo = ui.Button{Label: "Undo", Icon: ui.IconUndo, Kind: ui.Flat}
	s.btnRedo = ui.Button{Label: "Redo", Icon: ui.IconRedo, Kind: ui.Flat}
	s.btnFlip = ui.Button{Label: "Flip", Icon: ui.IconFlip, Kind: ui.Flat}
	s.btnHint = ui.Button{Label: "Hint", Icon: ui.IconHint, Kind: ui.Flat}
	s.btnMenu = ui.Button{Label: "Menu", Icon: ui.IconMenu, Kind: ui.Flat}
	s.btnReturn = ui.Button{Label: "Back to game", Icon: ui.IconPlay, Kind: ui.Primary, TextSize: 15}
	s.menu.items = []string{"Resume", "New game", "Settings", "Rules", "Main menu"}
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
	s.menu.layout(w, h, scale)
	if s.anim != nil {
		s.anim.Apply(int(a.tick-s.animStart), s.board)
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
	s.board.pos = pos
	s.board.hideTop = [64]int8{}
	s.board.flyers = s.board.flyers[:0]
	s.board.last = rules.Move{}
	if ply > 0 {
		s.board.last = g.AllMoves()[ply-1]
	}
	s.legal = s.legal[:0]
	if s.live() && s.match.HumanToMove() && !s.replaying {
		s.legal = g.Position().LegalMoves(s.legal)
	}
	s.entry.Reset(s.legal)
	s.refreshMarks()
	if s.hintPly != g.Ply() {
		s.hint = HintResult{}
	}
	if !s.hint.Best.IsZero() && s.live() {
		s.board.hint = s.hint.Best
	}
	s.moves.current = ply
	s.moves.follow = true
	a.Invalidate()
}

// refreshMarks sets the highlights from the move entry.
func (s *PlayScene) refreshMarks() {
	b := s.board
	b.movable = 0
	b.capture = false
	b.dests = 0
	b.selected = rules.NoSquare
	b.entered = b.entered[:0]
	if len(s.legal) == 0 {
		return
	}
	b.capture = s.legal[0].IsCapture()
	sel := s.entry.Selected()
	if sel == rules.NoSquare {
		b.movable = s.entry.Movable()
		return
	}
	b.selected = sel
	b.entered = append(b.entered, s.entry.Entered()...)
	if b.capture {
		b.movable = bit(sel)
	}
	if !s.dragging || true {
		b.dests = s.entry.Dests()
	}
}

// Update runs the scene for one tick.
func (s *PlayScene) Update(a *App) error {
	s.pollComputer(a)
	s.stepAnimation(a)
	s.stepReplay(a)
	if s.menu.open {
		s.updateMenu(a)
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
	if s.thinker.Busy() && a.tick%6 == 0 {
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
	if !s.live() || s.replaying || s.anim != nil || s.answer != nil {
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
				s.answer = &th
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
	if s.answer != nil && s.anim == nil && s.live() && a.tick-s.thinkStart >= minThinkTicks {
		mv := s.answer.Move
		s.answer = nil
		if s.match.ComputerToMove() {
			s.playMove(a, mv, true)
		}
	}
}

// --- moves and animation --------------------------------------------------

// playMove plays a move in the game and shows it, animated unless animate is
// false (a dropped drag) or the player asked for instant moves.
func (s *PlayScene) playMove(a *App, mv rules.Move, animate bool) {
	before := s.match.Game.Position()
	if err := s.match.Play(mv); err != nil {
		return
	}
	s.hint = HintResult{}
	s.board.hint = rules.Move{}
	s.entry.Reset(nil)
	s.legal = s.legal[:0]
	a.saveGame(s)
	s.animateFrom(a, before, mv, animate)
}

// animateFrom starts the animation of mv from before.
func (s *PlayScene) animateFrom(a *App, before *rules.Position, mv rules.Move, animate bool) {
	s.finishAnimation(a)
	if !animate || a.settings.InstantAnimations {
		s.playCues(a, newTmpAnim(before, mv, 1), -1)
		s.positionChanged(a)
		return
	}
	s.anim = newTmpAnim(before, mv, a.settings.AnimationSpeed.Multiplier())
	s.animStart = a.tick
	s.board.clearMarks()
	s.board.last = rules.Move{}
	s.anim.Apply(0, s.board)
	a.Invalidate()
}

// playCues plays the sounds of an animation due at tick t (t < 0: all the
// sounds of the move at once, for instant moves).
func (s *PlayScene) playCues(a *App, an *tmpAnim, t int) {
	s.cueBuf = s.cueBuf[:0]
	if t < 0 {
		for i := 0; i <= an.Duration(); i++ {
			s.cueBuf = an.Cues(i, s.cueBuf)
		}
	} else {
		s.cueBuf = an.Cues(t, s.cueBuf)
	}
	for _, e := range s.cueBuf {
		a.Play(e)
	}
}

func (s *PlayScene) stepAnimation(a *App) {
	if s.anim == nil {
		return
	}
	t := int(a.tick - s.animStart)
	s.playCues(a, s.anim, t)
	done := s.anim.Apply(t, s.board)
	a.Invalidate()
	if done {
		s.anim = nil
		s.nextQueued(a)
	}
}

// finishAnimation jumps to the end of the running animation (a new input
// never waits for an animation).
func (s *PlayScene) finishAnimation(a *App) {
	if s.anim == nil {
		return
	}
	s.anim = nil
	for len(s.animQueue) > 0 {
		s.animQueue = s.animQueue[:0]
	}
	s.positionChanged(a)
}

// nextQueued starts the next queued move animation, or settles the board.
func (s *PlayScene) nextQueued(a *App) {
	if len(s.animQueue) == 0 {
		s.positionChanged(a)
		return
	}
	mv := s.animQueue[0]
	s.animQueue = s.animQueue[1:]
	before := s.board.pos
	s.anim = newTmpAnim(before, mv, a.settings.AnimationSpeed.Multiplier())
	s.animStart = a.tick
	s.anim.Apply(0, s.board)
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
	s.finishAnimationKeepView(a)
	if ply == from+1 && !a.settings.InstantAnimations {
		before := g.PositionAt(from)
		mv := g.AllMoves()[from]
		s.positionChanged(a)
		s.anim = newTmpAnim(before, mv, a.settings.AnimationSpeed.Multiplier())
		s.animStart = a.tick
		s.board.clearMarks()
		s.anim.Apply(0, s.board)
		s.playCues(a, s.anim, 0)
		return
	}
	s.positionChanged(a)
}

func (s *PlayScene) finishAnimationKeepView(a *App) {
	s.anim = nil
	s.animQueue = s.animQueue[:0]
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
	case s.board.inspect != rules.NoSquare && s.inspectPin:
		s.closeInspector(a)
	case s.entry.Selected() != rules.NoSquare:
		s.entry.Cancel()
		s.refreshMarks()
		a.Invalidate()
	case !s.live() || s.replaying:
		s.stopReplay()
		s.returnToGame(a)
	default:
		s.menu.open = true
		a.Invalidate()
	}
}

func (s *PlayScene) returnToGame(a *App) {
	s.viewPly = -1
	s.finishAnimationKeepView(a)
	s.positionChanged(a)
}

func (s *PlayScene) undo(a *App) {
	s.stopReplay()
	if !s.live() {
		s.returnToGame(a)
	}
	s.thinker.Stop()
	s.answer = nil
	s.finishAnimation(a)
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
	s.thinker.Stop()
	s.answer = nil
	s.finishAnimation(a)
	before := s.match.Game.Position()
	moves := s.match.Redo()
	if len(moves) == 0 {
		return
	}
	a.saveGame(s)
	if a.settings.InstantAnimations {
		s.positionChanged(a)
		return
	}
	s.animQueue = append(s.animQueue[:0], moves[1:]...)
	s.anim = newTmpAnim(before, moves[0], a.settings.AnimationSpeed.Multiplier()*1.5)
	s.animStart = a.tick
	s.board.clearMarks()
	s.anim.Apply(0, s.board)
	a.Invalidate()
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
	if c, ch := s.btnUndo.Update(p); ch || c {
		a.Invalidate()
		if c {
			s.undo(a)
		}
	}
	if c, ch := s.btnRedo.Update(p); ch || c {
		a.Invalidate()
		if c {
			s.redo(a)
		}
	}
	if c, ch := s.btnFlip.Update(p); ch || c {
		a.Invalidate()
		if c {
			s.flip(a)
		}
	}
	if c, ch := s.btnHint.Update(p); ch || c {
		a.Invalidate()
		if c {
			s.askHint(a)
		}
	}
	if c, ch := s.btnMenu.Update(p); ch || c {
		a.Invalidate()
		if c {
			s.menu.open = true
		}
	}
	if !s.live() || s.replaying {
		if c, ch := s.btnReturn.Update(p); ch || c {
			a.Invalidate()
			if c {
				s.stopReplay()
				s.returnToGame(a)
			}
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

func (s *PlayScene) updateMenu(a *App) {
	if a.keys.Consume(ActBack) {
		s.menu.open = false
		a.Invalidate()
		return
	}
	choice, changed := s.menu.update(&a.ptr)
	if changed {
		a.Invalidate()
	}
	switch choice {
	case 0:
		s.menu.open = false
	case 1:
		s.menu.open = false
		s.thinker.Stop()
		a.GoTo(NewNewGameScene(a, s), true)
	case 2:
		s.menu.open = false
		a.GoTo(NewSettingsScene(a, s), true)
	case 3:
		s.menu.open = false
		a.GoTo(NewRulesScene(a, s), true)
	case 4:
		s.menu.open = false
		a.GoTo(a.title, false)
	}
}

// --- the board ------------------------------------------------------------

// dragThreshold is how far the pointer must travel before a press on a
// column becomes a drag: more for fingers.
func (s *PlayScene) dragThreshold(touch bool) float64 {
	if touch {
		return s.layout.DP(12)
	}
	return s.layout.DP(6)
}

func (s *PlayScene) handleBoard(a *App) {
	p := &a.ptr
	b := s.board
	sq, on := rules.NoSquare, false
	if p.Valid && !p.Consumed {
		sq, on = b.squareAt(p.X, p.Y)
	}

	// Hover: the hovered square and, after a moment, the inspector.
	if !p.Touch {
		hov := rules.NoSquare
		if on && !p.Down {
			hov = sq
		}
		if hov != s.hoverSq {
			s.hoverSq = hov
			s.hoverSince = a.tick
			if !s.inspectPin && b.inspect != rules.NoSquare {
				b.inspect = rules.NoSquare
				a.Invalidate()
			}
			marked := rules.NoSquare
			if hov != rules.NoSquare && (s.entry.Movable()&bit(hov) != 0 || s.entry.Dests()&bit(hov) != 0) {
				marked = hov
			}
			if b.hover != marked {
				b.hover = marked
				a.Invalidate()
			}
		}
		if !s.inspectPin && s.hoverSq != rules.NoSquare && b.inspect == rules.NoSquare && a.tick-s.hoverSince == hoverDwell &&
			s.anim == nil && !b.pos.Column(s.hoverSq).IsEmpty() && b.pos.Column(s.hoverSq).Height() >= 2 {
			b.inspect = s.hoverSq
			a.Invalidate()
		}
	}

	// Right click toggles the inspector.
	if inpRightClick() && on {
		if b.inspect == sq && s.inspectPin {
			s.closeInspector(a)
		} else if !b.pos.Column(sq).IsEmpty() {
			b.inspect, s.inspectPin = sq, true
			a.Invalidate()
		}
		return
	}

	if p.Pressed && !p.Consumed {
		if s.inspectPin && b.inspect != rules.NoSquare {
			s.closeInspector(a)
			if !on {
				return
			}
		}
		if !on {
			return
		}
		p.Consumed = true
		s.finishAnimationForInput(a)
		s.pressSq, s.pressX, s.pressY, s.pressTick = sq, p.X, p.Y, a.tick
		s.dragging = false
		s.boardPress(a, sq)
		return
	}
	if s.pressSq != rules.NoSquare && p.Down {
		if p.SecondFinger() && s.dragging {
			s.cancelDrag(a)
			s.pressSq = rules.NoSquare
			return
		}
		d := math.Hypot(p.X-s.pressX, p.Y-s.pressY)
		if !s.dragging && d > s.dragThreshold(p.Touch) && s.entry.Selected() == s.pressSq {
			s.dragging = true
			b.hideTop[s.pressSq] = hideAll
		}
		if s.dragging && (p.X != s.dragX || p.Y != s.dragY) {
			s.dragX, s.dragY = p.X, p.Y
			s.setDragFlyer()
			a.Invalidate()
		}
		if p.Touch && !s.dragging && a.tick-s.pressTick == longPressTicks && d < s.dragThreshold(true) {
			if c := b.pos.Column(s.pressSq); !c.IsEmpty() {
				b.inspect, s.inspectPin = s.pressSq, true
				a.Invalidate()
			}
		}
		return
	}
	if p.Released && s.pressSq != rules.NoSquare {
		from := s.pressSq
		s.pressSq = rules.NoSquare
		if !s.dragging {
			return
		}
		s.dragging = false
		b.hideTop[from] = 0
		b.flyers = b.flyers[:0]
		a.Invalidate()
		if !on || sq == from {
			s.refreshMarks()
			return
		}
		s.boardTap(a, sq, false)
	}
}

func (s *PlayScene) setDragFlyer() {
	b := s.board
	b.flyers = b.flyers[:0]
	c := b.pos.Column(s.pressSq)
	ox, oy := b.g.SquareCenter(s.pressSq)
	b.flyers = append(b.flyers,
		flyer{kind: flyColumn, col: c, x: ox, y: oy, ghost: true},
		flyer{kind: flyColumn, col: c, x: s.dragX, y: s.dragY + b.g.Square*0.25, lift: b.g.Square * 0.25, scale: 1.08})
}

func (s *PlayScene) cancelDrag(a *App) {
	if !s.dragging {
		return
	}
	s.dragging = false
	s.board.hideTop[s.pressSq] = 0
	s.board.flyers = s.board.flyers[:0]
	a.Invalidate()
}

func (s *PlayScene) closeInspector(a *App) {
	s.board.inspect = rules.NoSquare
	s.inspectPin = false
	a.Invalidate()
}

// finishAnimationForInput completes a running move animation so that the
// press acts on the position after it.
func (s *PlayScene) finishAnimationForInput(a *App) {
	if s.anim != nil && s.live() {
		s.finishAnimation(a)
	}
}

// boardPress handles a press on a square: selecting, hopping or explaining.
func (s *PlayScene) boardPress(a *App, sq rules.Square) {
	if !s.live() {
		// A press on the board while reviewing goes back to the game.
		s.stopReplay()
		s.returnToGame(a)
		return
	}
	s.boardTap(a, sq, true)
}

func (s *PlayScene) boardTap(a *App, sq rules.Square, animate bool) {
	if len(s.legal) == 0 {
		return
	}
	res, mv := s.entry.Tap(sq)
	switch res {
	case entryCompleted:
		s.playMove(a, mv, animate)
		return
	case entrySelected, entryStepped:
		if res == entryStepped {
			a.Play(audio.Capture)
		}
	case entryDeselected:
	case entryIllegal:
		c := s.board.pos.Column(sq)
		if !c.IsEmpty() && c.Owner() == s.match.Game.Position().SideToMove() && s.legal[0].IsCapture() && !s.entry.InProgress() {
			s.explainCapture(a)
		}
	}
	s.refreshMarks()
	a.Invalidate()
}

// explainCapture tells the player, once, that capturing is compulsory.
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
	s.drawPanel(a, dst)
	if s.menu.open {
		s.menu.draw(a, dst)
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
		return "Capturing is compulsory: a ringed column must take.", true
	case s.notice != "":
		return s.notice, false
	case s.thinker.BusyWith(thinkMove) || s.answer != nil:
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
	if len(s.legal) > 0 && s.legal[0].IsCapture() {
		return who + " · you must capture", true
	}
	return who, false
}

// saveGame keeps the game so that Continue brings it back.
func (a *App) saveGame(s *PlayScene) {
	if a.store == nil || s.match.Cfg.Opponent == OpponentWatch {
		return
	}
	_ = a.store.SaveGame(savedGameOf(s.match))
}

// sideName is used by cards.
func colorWord(c rules.Color) string {
	if c == rules.White {
		return "White"
	}
	return "Black"
}

var _ = sprites.Point{}
