package session

import (
	"context"
	"errors"
	"fmt"

	"bashni/ai"
	"bashni/learn/explain"
	"bashni/rules"
)

// Config describes a game to start or to restore.
type Config struct {
	// Variant is the game when Start is nil.
	Variant rules.Variant
	// Start is the position the game starts from (copied); nil is the
	// variant's start position.
	Start *rules.Position
	// Moves are played from Start, in notation (a saved game, a record);
	// the game then stands after Ply of them and the rest can be redone.
	Moves []string
	Ply   int
	// Players play White and Black, indexed by rules.Color; nil is a
	// person at this device.
	Players [2]Player
	// Hints, if not nil, answers AskHint.
	Hints *Brain
	// Judge, if not nil, looks at a person's moves before they are played
	// (a lesson).
	Judge Judge
	// Autosave, if not nil, is called after every change of the game (a
	// move, an undo or a redo, the end) and by Save.
	Autosave func(*Session)
	// Archive, if not nil, is called when the game ends. Such a game is
	// final once it has ended: no undo or redo into it (see final).
	Archive func(*Session)
}

// Session is a game in progress: the rules' Game, one Player per side, and
// what is decided for them — whose turn it is, asking the computer (off
// the game loop) and cancelling it, undo and redo, hints, resignation and
// draws, the result, autosave and the archive. It has no pixels: the
// scenes call Tick once a tick, act for the person at the device (Play,
// Undo, Resign, …) and animate the Events.
//
// A Session is used from the game loop only; it is not safe for concurrent
// use.
type Session struct {
	game    *rules.Game
	players [2]Player
	judge   Judge
	hints   *thinker // nil: no hints
	// teach explains a hint (explain.Teach; a test's may block to show
	// that the game loop does not wait for it).
	teach    func([]*rules.Position, ai.Analysis) (explain.Hint, error)
	autosave func(*Session)
	archive  func(*Session)

	now  int64
	turn struct {
		begun    bool // Begin was called and the turn is not over
		thinking bool // a ThinkingStarted is out
		side     rules.Color
	}
	held     Action // a move that came while the board was busy (Kind 0: none)
	heldSide rules.Color

	hint     Hint
	hintPly  int
	hintWait bool

	offer struct {
		kind EventKind // DrawOffered, TakebackRequested; 0: none open
		side rules.Color
	}

	events, spare []Event

	archivedPly     int
	archivedOutcome rules.Outcome
}

// Errors of the person's actions.
var (
	ErrNotYourTurn = errors.New("it is not the turn of a person at this device")
	ErrGameOver    = errors.New("the game is over")
	ErrNoOffer     = errors.New("nothing was offered")
	ErrNotOffered  = errors.New("a draw can only be agreed with a person")
)

// New starts or restores a game. It fails on a move of cfg.Moves that
// cannot be played.
func New(cfg Config) (*Session, error) {
	var g *rules.Game
	if cfg.Start != nil {
		g = rules.NewGameFrom(cfg.Start)
	} else {
		g = rules.NewGame(cfg.Variant)
	}
	for i, mv := range cfg.Moves {
		if _, err := g.PlayText(mv); err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", i+1, mv, err)
		}
	}
	if len(cfg.Moves) > 0 {
		if err := g.GoTo(min(max(cfg.Ply, 0), len(cfg.Moves))); err != nil {
			return nil, err
		}
	}
	s := &Session{game: g, players: cfg.Players, judge: cfg.Judge, autosave: cfg.Autosave, archive: cfg.Archive, archivedPly: -1, teach: explain.Teach}
	for c := range s.players {
		if s.players[c] == nil {
			s.players[c] = NewPerson()
		}
	}
	if cfg.Hints != nil {
		s.hints = newThinker(cfg.Hints)
	}
	return s, nil
}

// Game is the game. Read it; change it only through the session.
func (s *Session) Game() *rules.Game { return s.game }

// Player is the player of side c.
func (s *Session) Player(c rules.Color) Player { return s.players[c&1] }

// Kind is what the player of side c is.
func (s *Session) Kind(c rules.Color) Kind { return s.players[c&1].Kind() }

// ToMove is the side to move.
func (s *Session) ToMove() rules.Color { return s.game.Position().SideToMove() }

// Outcome is the game's result at its current ply.
func (s *Session) Outcome() rules.Outcome { return s.game.Outcome() }

// Over reports whether the game has ended.
func (s *Session) Over() bool { return s.game.Outcome().Over() }

// PersonToMove reports whether a person at this device moves now: the
// board takes moves.
func (s *Session) PersonToMove() bool {
	return !s.Over() && s.Kind(s.ToMove()) == Person
}

// Local is the side of the person at this device when exactly one side is
// a person (against the computer, a script or a remote player).
func (s *Session) Local() (rules.Color, bool) {
	w, b := s.Kind(rules.White) == Person, s.Kind(rules.Black) == Person
	switch {
	case w && !b:
		return rules.White, true
	case b && !w:
		return rules.Black, true
	}
	return rules.White, false
}

// ResultFor says how the game ended for side c: +1 won, -1 lost, 0 drawn or
// not over.
func (s *Session) ResultFor(c rules.Color) int {
	w, ok := s.Outcome().Winner()
	switch {
	case !ok:
		return 0
	case w == c:
		return 1
	}
	return -1
}

// Thinking reports whether the computer is thinking about its move (or
// holds its answer until the board is ready), and for which side.
func (s *Session) Thinking() (rules.Color, bool) { return s.turn.side, s.turn.thinking }

// Busy reports whether the computer is working: on its move or on a hint.
func (s *Session) Busy() bool { return s.turn.thinking || s.hintWait }

// Hint is the suggestion for the current position, if one was found.
func (s *Session) Hint() (Hint, bool) {
	if s.hint.Best.IsZero() || s.hintPly != s.game.Ply() {
		return Hint{}, false
	}
	return s.hint, true
}

// HintPending reports whether a hint is being looked for.
func (s *Session) HintPending() bool { return s.hintWait }

// Offer is the draw offer (DrawOffered) or takeback request
// (TakebackRequested) waiting for an answer, and who made it.
func (s *Session) Offer() (EventKind, rules.Color, bool) {
	return s.offer.kind, s.offer.side, s.offer.kind != 0
}

// Events returns what happened since the last call, oldest first. The
// slice is valid until the next call.
func (s *Session) Events() []Event {
	out := s.events
	s.events, s.spare = s.spare[:0], out
	return out
}

// Tick runs the session for one tick at time now (in ticks): it collects
// hints and what the players did, plays their moves and begins the next
// turn. ready says whether the board shows the game as it stands (no move
// is being animated, no earlier position is shown): only then is a move
// that arrived played, and the next player asked, so that moves are shown
// one after another.
func (s *Session) Tick(now int64, ready bool) {
	s.now = now
	if s.hintWait {
		if th, ok := s.hints.poll(); ok {
			s.hintWait = false
			if th.ply == s.game.Ply() {
				s.hint, s.hintPly = th.hint, th.ply
				s.emit(Event{Kind: HintReady, Side: s.ToMove(), Hint: th.hint, Ply: th.ply})
			}
		}
	}
	for c := range s.players {
		if c == 1 && s.players[1] == s.players[0] {
			break // one player on both sides: polled once
		}
		s.poll(c, now)
	}
	if !ready {
		return
	}
	if s.held.Kind != 0 {
		a, side := s.held, s.heldSide
		s.held = Action{}
		s.playFrom(side, a)
		// The board shows this move first: the next player is asked on a
		// later tick, once it is ready again.
		return
	}
	s.begin()
}

// poll takes what the player at index c did: everything it reports, but
// one move a tick at most, and nothing more from it while its move waits
// for the board.
func (s *Session) poll(c int, now int64) {
	p := s.players[c]
	for s.held.Kind == 0 || s.players[s.heldSide] != p {
		a, ok := p.Poll(now)
		if !ok {
			return
		}
		s.act(s.sideOf(c, a), a)
		if a.Kind == ActMove {
			return
		}
	}
}

// sideOf is the side for which the player at index c acted: a player on
// both sides acts for the side to move.
func (s *Session) sideOf(c int, a Action) rules.Color {
	if s.players[0] == s.players[1] && a.Kind == ActMove {
		return s.ToMove()
	}
	return rules.Color(c)
}

// act applies what the player of side c did.
func (s *Session) act(c rules.Color, a Action) {
	switch a.Kind {
	case ActMove:
		if s.Over() || c != s.ToMove() || a.Ply != s.game.Ply() {
			s.refuse(c, a.Move, a.Ply, RefusedStale)
			return
		}
		s.held, s.heldSide = a, c
	case ActResign:
		s.end(c, rules.Outcome{Result: rules.WinFor(c.Opponent()), Reason: rules.Resignation})
	case ActOfferDraw:
		if s.offer.kind == DrawOffered && s.offer.side != c {
			s.end(c, rules.Outcome{Result: rules.Draw, Reason: rules.Agreement})
			return
		}
		if !s.Over() {
			s.offer.kind, s.offer.side = DrawOffered, c
			s.emit(Event{Kind: DrawOffered, Side: c, Ply: s.game.Ply()})
		}
	case ActAnswerDraw:
		if s.offer.kind == DrawOffered && s.offer.side != c {
			s.answerDraw(c, a.Accept)
		}
	case ActRequestTakeback:
		if _, ok := s.undoTarget(c, true); ok && !s.Over() {
			s.offer.kind, s.offer.side = TakebackRequested, c
			s.emit(Event{Kind: TakebackRequested, Side: c, Ply: s.game.Ply()})
		}
	case ActAnswerTakeback:
		if s.offer.kind == TakebackRequested && s.offer.side != c {
			s.answerTakeback(c, a.Accept)
		}
	case ActRefuse:
		g := s.game
		if a.Ply < 0 || a.Ply >= g.Ply() {
			return
		}
		mv := g.Moves()[a.Ply]
		mover := g.PositionAt(a.Ply).SideToMove()
		s.refuse(mover, mv, a.Ply, a.Refusal)
		s.undoTo(a.Ply)
	case ActEnd:
		s.end(c, a.Outcome)
	case ActPresence:
		s.emit(Event{Kind: PresenceChanged, Side: c, Connected: a.Connected, Ply: s.game.Ply()})
	case ActRestoreOffer:
		s.restoreOffer(a.Offer, a.By)
	}
}

// restoreOffer makes the open offer the one that stands elsewhere: kind
// (DrawOffered, TakebackRequested; 0 for none) made by side by.
func (s *Session) restoreOffer(kind EventKind, by rules.Color) {
	if s.Over() {
		return
	}
	switch kind {
	case 0:
		s.offer.kind = 0
		return
	case DrawOffered:
	case TakebackRequested:
		if _, ok := s.undoTarget(by, true); !ok {
			return
		}
	default:
		return
	}
	if s.offer.kind == kind && s.offer.side == by {
		return
	}
	s.offer.kind, s.offer.side = kind, by
	s.emit(Event{Kind: kind, Side: by, Ply: s.game.Ply(), Restored: true})
}

// refuse reports that side's move was refused, for the reason code says.
func (s *Session) refuse(side rules.Color, mv rules.Move, ply int, code RefusalCode) {
	s.emit(Event{Kind: Refused, Side: side, Move: mv, Ply: s.game.Ply(), Refusal: &Refusal{Code: code, Move: mv, Ply: ply}})
}

// begin asks the player to move when it is not a person's turn.
func (s *Session) begin() {
	if s.turn.begun || s.Over() {
		return
	}
	side := s.ToMove()
	p := s.players[side]
	if p.Kind() == Person {
		return
	}
	g := s.game
	s.turn.begun, s.turn.side = true, side
	p.Begin(Turn{
		Side:    side,
		Ply:     g.Ply(),
		History: append([]*rules.Position(nil), g.History()...),
		Moves:   append([]rules.Move(nil), g.Moves()...),
		Now:     s.now,
	})
	if p.Kind() == Computer {
		s.turn.thinking = true
		s.emit(Event{Kind: ThinkingStarted, Side: side, Ply: g.Ply()})
	}
}

// endTurn closes the turn begun; withdrawn cancels it with the player.
func (s *Session) endTurn(withdrawn bool) {
	if !s.turn.begun {
		return
	}
	side := s.turn.side
	if withdrawn {
		s.players[side].Cancel()
	}
	thinking := s.turn.thinking
	s.turn.begun, s.turn.thinking = false, false
	if thinking {
		s.emit(Event{Kind: ThinkingStopped, Side: side, Ply: s.game.Ply()})
	}
}

// withdraw stops what is under way — the turn begun, a move waiting, a
// hint search, an open offer — before the game changes otherwise than by a
// move.
func (s *Session) withdraw() {
	s.endTurn(true)
	s.held = Action{}
	s.stopHint()
	s.hint = Hint{}
	s.offer.kind = 0
}

func (s *Session) stopHint() {
	if s.hints != nil {
		s.hints.stop()
	}
	s.hintWait = false
}

// Play plays the move of the person to move. A judge may refuse it: the
// error is then a *Refusal, and a Refused event says why.
func (s *Session) Play(mv rules.Move) error {
	if s.Over() {
		return ErrGameOver
	}
	side := s.ToMove()
	if s.Kind(side) != Person {
		return ErrNotYourTurn
	}
	if s.judge != nil {
		if r := s.judge(s.game, side, mv); r != nil {
			r.Move, r.Ply = mv, s.game.Ply()
			s.emit(Event{Kind: Refused, Side: side, Move: mv, Ply: s.game.Ply(), Refusal: r})
			return r
		}
	}
	return s.play(side, mv)
}

// playFrom plays a move a player reported, unless the game moved on.
func (s *Session) playFrom(side rules.Color, a Action) {
	if s.Over() || side != s.ToMove() || a.Ply != s.game.Ply() {
		return
	}
	if err := s.play(side, a.Move); err != nil {
		s.refuse(side, a.Move, a.Ply, RefusedIllegal)
	}
}

// play plays mv for side and reports it.
func (s *Session) play(side rules.Color, mv rules.Move) error {
	g := s.game
	before := g.Position()
	if err := g.Play(mv); err != nil {
		return err
	}
	s.endTurn(false)
	s.stopHint()
	s.hint = Hint{}
	s.offer.kind = 0
	s.emit(Event{Kind: MovePlayed, Side: side, Move: mv, Before: before, After: g.Position(), Ply: g.Ply()})
	s.finished(side)
	s.Save()
	return nil
}

// finished reports the end of the game, if it is over, by side c's doing,
// and archives it once.
func (s *Session) finished(c rules.Color) {
	g := s.game
	o := g.Outcome()
	if !o.Over() {
		return
	}
	s.emit(Event{Kind: GameOver, Side: c, Outcome: o, Ply: g.Ply()})
	if s.archive != nil && (s.archivedPly != g.Ply() || s.archivedOutcome != o) {
		s.archivedPly, s.archivedOutcome = g.Ply(), o
		s.archive(s)
	}
}

// Save calls the autosave hook: after a new game starts, before quitting.
func (s *Session) Save() {
	if s.autosave != nil {
		s.autosave(s)
	}
}

// Pause withdraws the computer's turn and any hint search, e.g. while
// another screen shows; the next ready Tick asks again.
func (s *Session) Pause() {
	s.endTurn(true)
	s.held = Action{}
	s.stopHint()
}

// --- undo and redo ----------------------------------------------------------

// undoer is the side an undo at this device is for, and whether it goes by
// pairs: against the computer, a script or a remote player undo takes the
// person back to their own move; between two people (or with none) it
// takes back one move.
func (s *Session) undoer() (rules.Color, bool) {
	return s.Local()
}

// undoTarget is the ply an undo for side c goes back to: by pairs, until c
// is to move again having taken back at least one of c's moves; otherwise
// one move.
func (s *Session) undoTarget(c rules.Color, pairs bool) (int, bool) {
	g := s.game
	ply := g.Ply()
	if ply == 0 {
		return 0, false
	}
	if !pairs {
		return ply - 1, true
	}
	tookOwn := false
	for p := ply; p > 0; {
		mover := g.PositionAt(p - 1).SideToMove()
		p--
		if mover == c {
			tookOwn = true
		}
		if tookOwn && g.PositionAt(p).SideToMove() == c {
			return p, true
		}
	}
	return 0, false
}

// redoTarget is the ply a redo goes forward to: by pairs, until the person
// is to move again.
func (s *Session) redoTarget() (int, bool) {
	g := s.game
	ply, last := g.Ply(), len(g.AllMoves())
	if ply >= last {
		return ply, false
	}
	c, pairs := s.undoer()
	if !pairs {
		return ply + 1, true
	}
	for p := ply + 1; p <= last; p++ {
		if g.PositionAt(p).SideToMove() == c {
			return p, true
		}
	}
	return last, true
}

// remoteOpponent reports whether the person at this device plays a remote
// player: then undo is a request and redo is not offered.
func (s *Session) remoteOpponent() bool {
	c, ok := s.Local()
	return ok && s.Kind(c.Opponent()) == Remote
}

// final reports whether the game has ended for good: a game that goes to
// the archive is over once it ends (as on lichess), so that it is never
// taken back, ended again and archived twice. A session without an
// archive (a lesson, a puzzle, an analysis board) takes its end back like
// any move.
func (s *Session) final() bool { return s.archive != nil && s.Over() }

// watched reports whether nobody at this device plays the game: someone
// else's game followed from a server (remote players on both sides). Its
// moves are the players' own: a spectator takes none back and plays none
// again here, or the board would leave the game being watched.
func (s *Session) watched() bool {
	return s.Kind(rules.White) == Remote && s.Kind(rules.Black) == Remote
}

// CanUndo reports whether Undo would do anything.
func (s *Session) CanUndo() bool {
	if s.final() || s.watched() {
		return false
	}
	c, pairs := s.undoer()
	_, ok := s.undoTarget(c, pairs)
	if s.remoteOpponent() {
		return ok && !s.Over() && s.offer.kind == 0
	}
	return ok
}

// Undo takes back the last move; against the computer or a script the
// person's last move with the answer to it, so that the person is to move
// again. Against a remote player it asks for a takeback instead (a
// TakebackRequested event; the answer comes as TakebackAnswered). It
// reports whether it did anything.
func (s *Session) Undo() bool {
	if !s.CanUndo() {
		return false
	}
	c, pairs := s.undoer()
	if s.remoteOpponent() {
		s.offer.kind, s.offer.side = TakebackRequested, c
		s.emit(Event{Kind: TakebackRequested, Side: c, Ply: s.game.Ply()})
		return true
	}
	to, _ := s.undoTarget(c, pairs)
	s.undoTo(to)
	return true
}

// undoTo takes the game back to ply and reports it.
func (s *Session) undoTo(ply int) {
	s.withdraw()
	g := s.game
	var undone []rules.Move
	for g.Ply() > ply {
		undone = append(undone, g.AllMoves()[g.Ply()-1])
		g.Undo()
	}
	s.emit(Event{Kind: Undone, Side: s.ToMove(), Moves: undone, Ply: g.Ply()})
	s.Save()
}

// CanRedo reports whether Redo would do anything.
func (s *Session) CanRedo() bool {
	if s.final() || s.watched() {
		return false
	}
	_, ok := s.redoTarget()
	return ok && !s.remoteOpponent()
}

// Redo plays again what Undo took back (by pairs as Undo). It reports
// whether it did anything.
func (s *Session) Redo() bool {
	if !s.CanRedo() {
		return false
	}
	to, _ := s.redoTarget()
	c, _ := s.undoer()
	s.withdraw()
	g := s.game
	before := g.Position()
	var redone []rules.Move
	for g.Ply() < to {
		redone = append(redone, g.AllMoves()[g.Ply()])
		g.Redo()
	}
	s.emit(Event{Kind: Redone, Side: c, Moves: redone, Before: before, Ply: g.Ply()})
	s.finished(c)
	s.Save()
	return true
}

// AnswerTakeback answers the other side's takeback request for the person
// at this device; an accepted one is carried out.
func (s *Session) AnswerTakeback(accept bool) error {
	if s.offer.kind != TakebackRequested {
		return ErrNoOffer
	}
	c := s.offer.side.Opponent()
	if s.Kind(c) != Person {
		return ErrNotYourTurn
	}
	s.answerTakeback(c, accept)
	return nil
}

// answerTakeback carries out side c's answer to the other side's request.
func (s *Session) answerTakeback(c rules.Color, accept bool) {
	asker := s.offer.side
	s.offer.kind = 0
	s.emit(Event{Kind: TakebackAnswered, Side: c, Accept: accept, Ply: s.game.Ply()})
	if !accept || s.final() {
		return
	}
	if to, ok := s.undoTarget(asker, true); ok {
		s.undoTo(to)
	}
}

// --- hints ------------------------------------------------------------------

// CanAskHint reports whether AskHint would look for a hint: a person is to
// move and the computer is not busy.
func (s *Session) CanAskHint() bool {
	return s.hints != nil && s.PersonToMove() && !s.Busy()
}

// AskHint starts looking for the best move for the person to move; a
// HintReady event brings it. It reports false when it cannot, or when the
// hint for this position is already there.
func (s *Session) AskHint() bool {
	if !s.CanAskHint() {
		return false
	}
	if _, ok := s.Hint(); ok {
		return false
	}
	s.hintWait = true
	teach := s.teach
	s.hints.start(s.game.History(), func(ctx context.Context, e Engine, h []*rules.Position) thought {
		hint := e.Hint(ctx, h)
		// The explanation plays the line out and counts what each move
		// gives: done here, with the search, so that the game loop only
		// shows it (HintReady brings both).
		if !hint.Best.IsZero() && ctx.Err() == nil {
			if why, err := teach(h, ai.Analysis{Best: hint.Best, PV: hint.PV, Score: hint.Score}); err == nil {
				hint.Why = &why
			}
		}
		return thought{hint: hint}
	})
	return true
}

// --- the end ----------------------------------------------------------------

// resigner is the side a resignation at this device is for: the person's,
// or with people on both sides the side to move.
func (s *Session) resigner() (rules.Color, bool) {
	if c, ok := s.Local(); ok {
		return c, true
	}
	if s.Kind(rules.White) == Person {
		return s.ToMove(), true
	}
	return rules.White, false
}

// CanResign reports whether Resign would end the game.
func (s *Session) CanResign() bool {
	_, ok := s.resigner()
	return ok && !s.Over()
}

// Resign ends the game as a loss for the person at this device (between two
// people, for the side to move).
func (s *Session) Resign() error {
	c, ok := s.resigner()
	if !ok {
		return ErrNotYourTurn
	}
	return s.end(c, rules.Outcome{Result: rules.WinFor(c.Opponent()), Reason: rules.Resignation})
}

// CanOfferDraw reports whether OfferDraw would do anything: between two
// people here (who agree at once) or against a remote player (who answers).
func (s *Session) CanOfferDraw() bool {
	if s.Over() {
		return false
	}
	if c, ok := s.Local(); ok {
		return s.Kind(c.Opponent()) == Remote && !(s.offer.kind == DrawOffered && s.offer.side == c)
	}
	return s.Kind(rules.White) == Person
}

// OfferDraw offers a draw for the person at this device. Between two people
// at the device it is agreed at once; a remote player answers later
// (DrawDeclined, or the game ends); an offer the other side made is
// accepted.
func (s *Session) OfferDraw() error {
	if !s.CanOfferDraw() {
		if s.Over() {
			return ErrGameOver
		}
		return ErrNotOffered
	}
	c, ok := s.Local()
	if !ok {
		return s.end(s.ToMove(), rules.Outcome{Result: rules.Draw, Reason: rules.Agreement})
	}
	if s.offer.kind == DrawOffered && s.offer.side != c {
		s.answerDraw(c, true)
		return nil
	}
	s.offer.kind, s.offer.side = DrawOffered, c
	s.emit(Event{Kind: DrawOffered, Side: c, Ply: s.game.Ply()})
	return nil
}

// AnswerDraw answers the other side's draw offer for the person at this
// device.
func (s *Session) AnswerDraw(accept bool) error {
	if s.offer.kind != DrawOffered {
		return ErrNoOffer
	}
	c := s.offer.side.Opponent()
	if s.Kind(c) != Person {
		return ErrNotYourTurn
	}
	s.answerDraw(c, accept)
	return nil
}

func (s *Session) answerDraw(c rules.Color, accept bool) {
	s.offer.kind = 0
	if accept {
		s.end(c, rules.Outcome{Result: rules.Draw, Reason: rules.Agreement})
		return
	}
	s.emit(Event{Kind: DrawDeclined, Side: c, Ply: s.game.Ply()})
}

// End ends the game with an outcome decided off the board (a flag fell,
// the other side left, a server ruled), by side's doing.
func (s *Session) End(side rules.Color, o rules.Outcome) error { return s.end(side, o) }

// end ends the game with o, by side c's doing.
func (s *Session) end(c rules.Color, o rules.Outcome) error {
	if s.Over() {
		return ErrGameOver
	}
	s.withdraw()
	if err := s.game.End(o); err != nil {
		return err
	}
	s.finished(c)
	s.Save()
	return nil
}

// emit records an event and shows it to the players.
func (s *Session) emit(ev Event) {
	s.events = append(s.events, ev)
	last := &s.events[len(s.events)-1]
	s.players[0].Observe(last)
	if s.players[1] != s.players[0] {
		s.players[1].Observe(last)
	}
}
