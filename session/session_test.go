package session

import (
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"bashni/ai"
	"bashni/internal/testwait"
	"bashni/learn/explain"
	"bashni/rules"
)

// checkMoves checks the MovePlayed and Undone events against the game:
// each move from its position before to the one after, by the side to
// move, one ply on from the last; what was undone is dropped; what is left
// are the game's moves.
func checkMoves(t *testing.T, c *clock) {
	t.Helper()
	c.drain()
	var moves []rules.Move
	for _, ev := range c.events {
		switch ev.Kind {
		case Undone:
			moves = moves[:ev.Ply]
		case MovePlayed:
			if ev.Ply != len(moves)+1 || !ev.Before.Play(ev.Move).Equal(ev.After) || ev.Side != ev.Before.SideToMove() {
				t.Fatalf("move event %+v after %d moves", ev, len(moves))
			}
			moves = append(moves, ev.Move)
		}
	}
	g := c.s.Game()
	if len(moves) != g.Ply() {
		t.Fatalf("%d moves in the events for a game of %d plies", len(moves), g.Ply())
	}
	for i, m := range moves {
		if m != g.Moves()[i] || g.PositionAt(i+1) == nil {
			t.Fatalf("move %d: event %v, game %v", i+1, m, g.Moves()[i])
		}
	}
}

// TestWholeGameAgainstComputer plays a whole game: a person who always
// plays the first legal move against the real computer at level 1.
func TestWholeGameAgainstComputer(t *testing.T) {
	saves, archived := 0, 0
	brain := NewBrain(NewAIEngine(7))
	s := mustNew(t, Config{
		Variant:  rules.Bashni,
		Players:  [2]Player{NewPerson(), NewComputer(brain, 1, 0)},
		Hints:    brain,
		Autosave: func(*Session) { saves++ },
		Archive:  func(*Session) { archived++ },
	})
	c := newClock(t, s)
	for !s.Over() && s.Game().Ply() < 400 {
		if s.PersonToMove() {
			if err := s.Play(s.Game().Position().LegalMoves(nil)[0]); err != nil {
				t.Fatal(err)
			}
			c.drain()
			continue
		}
		c.until("the computer's answer", func() bool { return s.PersonToMove() || s.Over() })
	}
	if !s.Over() {
		t.Fatalf("no result after %d plies", s.Game().Ply())
	}
	checkMoves(t, c)
	if started, stopped := c.count(ThinkingStarted), c.count(ThinkingStopped); started != stopped || started != s.Game().Ply()/2 {
		t.Errorf("thinking started %d and stopped %d times in %d plies", started, stopped, s.Game().Ply())
	}
	if ev, ok := c.last(GameOver); !ok || c.count(GameOver) != 1 || ev.Outcome != s.Outcome() {
		t.Errorf("game over events %d, last %+v, outcome %+v", c.count(GameOver), ev, s.Outcome())
	}
	if saves != s.Game().Ply() || archived != 1 {
		t.Errorf("saved %d times for %d plies, archived %d times", saves, s.Game().Ply(), archived)
	}
	if _, thinking := s.Thinking(); thinking || s.Busy() {
		t.Error("the computer still thinks after the end")
	}
}

// TestComputerAgainstItself: one brain plays both sides (the title's
// background game, -watch).
func TestComputerAgainstItself(t *testing.T) {
	brain := NewBrain(NewAIEngine(3))
	s := mustNew(t, Config{Variant: rules.Lasca, Players: [2]Player{NewComputer(brain, 1, 0), NewComputer(brain, 2, 0)}})
	c := newClock(t, s)
	c.until("the end of the game", func() bool { return s.Over() || s.Game().Ply() >= 300 })
	checkMoves(t, c)
	if s.Game().Ply() < 10 {
		t.Fatalf("a game of %d plies", s.Game().Ply())
	}
	if s.CanResign() || s.CanOfferDraw() || s.CanAskHint() {
		t.Error("nobody at the device, yet it can resign, offer a draw or ask for a hint")
	}
}

// TestUndoWhileThinking: an undo while the computer thinks takes back the
// person's move; the search's late answer is dropped.
func TestUndoWhileThinking(t *testing.T) {
	calls := &searchCalls{}
	brain := NewBrain(firstMove{delay: 30 * time.Millisecond, ignoreCancel: true, calls: calls})
	s := mustNew(t, Config{Variant: rules.Bashni, Players: [2]Player{NewPerson(), NewComputer(brain, 3, 0)}})
	c := newClock(t, s)
	playText(t, s, "c3-d4")
	c.tick(true)
	if side, thinking := s.Thinking(); !thinking || side != rules.Black {
		t.Fatal("the computer does not think after the person's move")
	}
	waitReal(t, "the search under way", func() bool { return calls.begun.Load() == 1 })
	if !s.Undo() {
		t.Fatal("undo did nothing")
	}
	evs := c.drain()
	if len(evs) != 2 || evs[0].Kind != ThinkingStopped || evs[1].Kind != Undone || evs[1].Ply != 0 || len(evs[1].Moves) != 1 {
		t.Fatalf("undo while thinking: events %v", kinds(evs))
	}
	// The engine answers anyway: the answer must not be played. Wait for
	// the answer and for the stopped search to let go of the brain
	// (however long a busy machine makes them take), then tick.
	waitReal(t, "the stopped search's answer", func() bool { return calls.answered.Load() == 1 })
	waitReal(t, "the stopped search's end", func() bool {
		if !brain.mu.TryLock() {
			return false
		}
		brain.mu.Unlock()
		return true
	})
	for i := 0; i < 10; i++ {
		c.tick(true)
		time.Sleep(time.Millisecond)
	}
	if s.Game().Ply() != 0 || c.count(MovePlayed) != 1 || !s.PersonToMove() {
		t.Fatalf("after the undo: ply %d, %d moves played", s.Game().Ply(), c.count(MovePlayed))
	}
	if s.Busy() {
		t.Error("busy after the undo")
	}
	// The person plays again and the computer answers this time.
	playText(t, s, "c3-b4")
	c.until("the answer", func() bool { return s.Game().Ply() == 2 })
	checkMoves(t, c)
}

// TestUndoRedoPolicy: against the computer undo and redo go by pairs, so
// that the person is to move again; between friends, one move.
func TestUndoRedoPolicy(t *testing.T) {
	brain := NewBrain(firstMove{delay: time.Hour})
	s := mustNew(t, Config{Variant: rules.Bashni, Moves: []string{"c3-d4", "f6-g5", "b2-c3", "g5-h4"}, Ply: 3,
		Players: [2]Player{NewComputer(brain, 2, 0), NewPerson()}})
	// The person plays Black and is to move at ply 3: undo takes back
	// White's b2-c3 and Black's f6-g5, to Black's move at ply 1.
	if !s.Undo() || s.Game().Ply() != 1 || s.ToMove() != rules.Black {
		t.Fatalf("undo went to ply %d", s.Game().Ply())
	}
	if !s.Redo() || s.Game().Ply() != 3 {
		t.Fatalf("redo went to ply %d", s.Game().Ply())
	}
	ev, _ := newClock(t, s).lastOf(s, Redone)
	if len(ev.Moves) != 2 || ev.Before != s.Game().PositionAt(1) {
		t.Fatalf("redone %+v", ev)
	}
	// With White (the computer) to move, undo takes back Black's own last
	// move only.
	if !s.Redo() || s.Game().Ply() != 4 || !s.Undo() || s.Game().Ply() != 3 {
		t.Fatalf("undo while the computer is to move went to ply %d", s.Game().Ply())
	}
	s.Undo()
	if s.Game().Ply() != 1 || s.CanUndo() || s.Undo() {
		t.Fatalf("ply %d after undoing everything (can undo: %v)", s.Game().Ply(), s.CanUndo())
	}

	// The computer's first move alone is nothing of the person's to take
	// back.
	b := mustNew(t, Config{Variant: rules.Bashni, Moves: []string{"c3-d4"}, Ply: 1,
		Players: [2]Player{NewComputer(brain, 2, 0), NewPerson()}})
	if b.CanUndo() {
		t.Fatal("only the computer's first move was played: nothing of the person's to take back")
	}

	f := mustNew(t, Config{Variant: rules.Lasca, Moves: []string{"c3-d4", "e5:c3"}, Ply: 2})
	if !f.Undo() || f.Game().Ply() != 1 || !f.Redo() || f.Game().Ply() != 2 {
		t.Fatalf("between friends undo and redo go one move: ply %d", f.Game().Ply())
	}
}

// lastOf drains s's events into the clock and returns the last of kind k.
func (c *clock) lastOf(s *Session, k EventKind) (Event, bool) {
	c.drain()
	return c.last(k)
}

// TestResignAndDraw: a person resigns against the computer; friends agree
// a draw; the computer takes no draw offer.
func TestResignAndDraw(t *testing.T) {
	archived := 0
	brain := NewBrain(firstMove{delay: time.Hour})
	s := mustNew(t, Config{Variant: rules.Bashni, Players: [2]Player{NewComputer(brain, 2, 0), NewPerson()},
		Archive: func(*Session) { archived++ }})
	c := newClock(t, s)
	c.tick(true)
	if _, thinking := s.Thinking(); !thinking {
		t.Fatal("the computer does not think as White")
	}
	if s.CanOfferDraw() || s.OfferDraw() == nil {
		t.Error("the computer was offered a draw")
	}
	if err := s.Resign(); err != nil {
		t.Fatal(err)
	}
	if o := s.Outcome(); o.Result != rules.WhiteWins || o.Reason != rules.Resignation || s.ResultFor(rules.Black) != -1 {
		t.Fatalf("after Black resigned: %+v", o)
	}
	if ev, ok := c.lastOf(s, GameOver); !ok || ev.Outcome != s.Outcome() || archived != 1 {
		t.Fatalf("game over %+v, archived %d", ev, archived)
	}
	if _, thinking := s.Thinking(); thinking || c.count(ThinkingStopped) != 1 {
		t.Error("the computer's turn was not withdrawn")
	}
	if s.Resign() == nil || s.CanResign() {
		t.Error("resigned twice")
	}

	f := mustNew(t, Config{Variant: rules.Bashni, Moves: []string{"c3-d4"}, Ply: 1})
	if !f.CanOfferDraw() {
		t.Fatal("friends cannot agree a draw")
	}
	if err := f.OfferDraw(); err != nil || f.Outcome().Reason != rules.Agreement || f.Outcome().Result != rules.Draw {
		t.Fatalf("draw between friends: %v, %+v", err, f.Outcome())
	}
	g := mustNew(t, Config{Variant: rules.Bashni, Moves: []string{"c3-d4"}, Ply: 1})
	if err := g.Resign(); err != nil || g.Outcome().Result != rules.WhiteWins {
		t.Fatalf("between friends the side to move (Black) resigns: %v %+v", err, g.Outcome())
	}
}

// TestRestoreSavedGame restores a game with moves taken back, as Continue
// does, and goes on from it.
func TestRestoreSavedGame(t *testing.T) {
	start := mustFEN(t, "W:Wc3,e1:Bd4,f6,d6,a7,h8:H0:F12")
	brain := NewBrain(firstMove{})
	s := mustNew(t, Config{Start: start, Moves: []string{"c3:e5:g7", "h8:f6"}, Ply: 1,
		Players: [2]Player{NewPerson(), NewComputer(brain, 4, 0)}})
	g := s.Game()
	if g.Ply() != 1 || len(g.AllMoves()) != 2 || !g.Start().Equal(start) || s.ToMove() != rules.Black {
		t.Fatalf("restored at ply %d of %d moves, %v to move", g.Ply(), len(g.AllMoves()), s.ToMove())
	}
	if !s.CanUndo() || !s.CanRedo() {
		t.Fatal("the restored game can neither undo nor redo")
	}
	if lvl := s.Player(rules.Black).(*ComputerPlayer).Level(); lvl != 4 {
		t.Errorf("level %d", lvl)
	}
	// The computer is to move in the restored game: it answers.
	c := newClock(t, s)
	c.until("the computer's answer", func() bool { return g.Ply() == 2 })
	if _, err := New(Config{Start: start, Moves: []string{"c3:e5:g7", "a1-b2"}}); err == nil {
		t.Fatal("a saved game with an impossible move was restored")
	}
}

// TestMovesWaitForTheBoard: the computer begins only when the board is
// ready, and its answer, found while the board was busy, is played once it
// is ready again and MinTicks have passed.
func TestMovesWaitForTheBoard(t *testing.T) {
	brain := NewBrain(firstMove{})
	s := mustNew(t, Config{Variant: rules.Bashni, Players: [2]Player{NewPerson(), NewComputer(brain, 1, 20)}})
	c := newClock(t, s)
	playText(t, s, "c3-d4")
	for i := 0; i < 5; i++ {
		c.tick(false)
	}
	if _, thinking := s.Thinking(); thinking {
		t.Fatal("the computer began while the board was busy")
	}
	c.tick(true)
	// The search answers, in real time, while the board is busy: tick
	// (busy) until the session holds the answer for the board (MinTicks
	// after the turn began).
	testwait.Wait{Step: func() { c.tick(false) }}.For(t, "the search's answer", func() bool { return s.Game().Ply() != 1 || s.held.Kind != 0 })
	if s.Game().Ply() != 1 {
		t.Fatal("the answer was played while the board was busy")
	}
	if _, thinking := s.Thinking(); !thinking || !s.Busy() {
		t.Fatal("a held answer is still the computer's thinking")
	}
	c.tick(true)
	if s.Game().Ply() != 2 {
		t.Fatal("the held answer was not played when the board was ready")
	}

	// MinTicks: an instant answer waits for 20 ticks.
	if err := s.Play(s.Game().Position().LegalMoves(nil)[0]); err != nil {
		t.Fatal(err)
	}
	c.tick(true)
	began := c.now
	c.until("the answer", func() bool { return s.Game().Ply() == 4 })
	if c.now-began < 20 {
		t.Fatalf("answered after %d ticks, before MinTicks", c.now-began)
	}
}

// TestHint: a hint for the person, cleared by the next move.
func TestHint(t *testing.T) {
	brain := NewBrain(firstMove{delay: time.Millisecond})
	s := mustNew(t, Config{Variant: rules.Bashni, Hints: brain, Players: [2]Player{NewPerson(), NewComputer(brain, 1, 0)}})
	c := newClock(t, s)
	if !s.AskHint() || !s.HintPending() || !s.Busy() {
		t.Fatal("no hint search")
	}
	c.until("the hint", func() bool { return !s.HintPending() })
	h, ok := s.Hint()
	ev, _ := c.last(HintReady)
	if !ok || h.Best.IsZero() || ev.Hint.Best != h.Best || h.Text != "equal" {
		t.Fatalf("hint %+v, event %+v", h, ev)
	}
	if s.AskHint() {
		t.Error("asked again for the hint already shown")
	}
	if err := s.Play(h.Best); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Hint(); ok {
		t.Error("the hint outlived the move")
	}
	if s.CanAskHint() {
		t.Error("a hint on the computer's turn")
	}
	if s.Play(s.Game().Position().LegalMoves(nil)[0]) != ErrNotYourTurn {
		t.Error("the person played the computer's move")
	}
}

// TestIdleTickAllocatesNothing: a tick in which nothing happens (the
// person to move) costs no allocation.
func TestIdleTickAllocatesNothing(t *testing.T) {
	brain := NewBrain(firstMove{})
	s := mustNew(t, Config{Variant: rules.Bashni, Hints: brain, Players: [2]Player{NewPerson(), NewComputer(brain, 1, 0)}})
	now := int64(0)
	allocs := testing.AllocsPerRun(100, func() {
		now++
		s.Tick(now, true)
		_ = s.Events()
	})
	if allocs != 0 {
		t.Errorf("an idle tick allocates %v times", allocs)
	}
}

// TestJudgeRefusesBeforeThePlay: a lesson's judge keeps a try off the board
// and says why; the scripted side answers along the lesson's line.
func TestJudgeRefusesBeforeThePlay(t *testing.T) {
	start := rules.NewPosition(rules.Bashni)
	line := []rules.Move{mustMove(t, start, "c3-d4")}
	line = append(line, mustMove(t, start.Play(line[0]), "f6-g5"))
	d4 := line[0].To()
	judge := func(g *rules.Game, side rules.Color, mv rules.Move) *Refusal {
		if ply := g.Ply(); ply < len(line) && mv != line[ply] {
			return &Refusal{Code: "lesson.centre_first", Args: []any{"Square", "c3"}, Squares: []rules.Square{line[ply].From(), d4}}
		}
		return nil
	}
	s := mustNew(t, Config{Variant: rules.Bashni, Judge: judge,
		Players: [2]Player{NewPerson(), NewScripted(Line(line, nil), 3)}})
	c := newClock(t, s)
	err := s.Play(mustMove(t, start, "a3-b4"))
	var r *Refusal
	if !errors.As(err, &r) || r.Code != "lesson.centre_first" || len(r.Args) != 2 || len(r.Squares) != 2 || r.Ply != 0 {
		t.Fatalf("the judge's refusal: %v", err)
	}
	if ev, ok := c.lastOf(s, Refused); !ok || ev.Refusal != r || s.Game().Ply() != 0 {
		t.Fatalf("refused event %+v, ply %d", ev, s.Game().Ply())
	}
	playText(t, s, "c3-d4")
	c.until("the script's answer", func() bool { return s.Game().Ply() == 2 })
	if s.Game().AllMoves()[1] != line[1] {
		t.Fatalf("the script answered %v", s.Game().AllMoves()[1])
	}
	// The line is over: the script does not answer any more.
	playText(t, s, "b2-c3")
	for i := 0; i < 20; i++ {
		c.tick(true)
	}
	if s.Game().Ply() != 3 || s.Busy() {
		t.Fatalf("after the line: ply %d", s.Game().Ply())
	}
}

// TestPuzzleRetry: a puzzle lets a wrong try be played, answers it with
// the refutation, and Undo ("retry") takes both back.
func TestPuzzleRetry(t *testing.T) {
	start := mustFEN(t, "W:Wc3,e3:Bf6,h8:H0:F20")
	solution := []rules.Move{mustMove(t, start, "e3-f4")}
	refute := func(tn *Turn) (rules.Move, bool) {
		moves := tn.Position().LegalMoves(nil)
		return moves[0], len(moves) > 0
	}
	s := mustNew(t, Config{Start: start, Players: [2]Player{NewPerson(), NewScripted(Line(solution, refute), 0)}})
	c := newClock(t, s)
	if len(start.LegalMoves(nil)) < 2 {
		t.Fatal("the puzzle has one move")
	}
	var wrong rules.Move
	for _, m := range start.LegalMoves(nil) {
		if m != solution[0] {
			wrong = m
		}
	}
	if err := s.Play(wrong); err != nil {
		t.Fatal(err)
	}
	c.until("the refutation", func() bool { return s.Game().Ply() == 2 || s.Over() })
	if !s.Undo() || s.Game().Ply() != 0 || !s.PersonToMove() {
		t.Fatalf("retry went to ply %d", s.Game().Ply())
	}
	if err := s.Play(solution[0]); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10; i++ {
		c.tick(true)
	}
	if s.Game().Ply() != 1 {
		t.Fatalf("after the solution the script played on: ply %d", s.Game().Ply())
	}
	checkMoves(t, c)
}

// TestNextTurnWaitsForTheMoveToBeShown: the tick that plays the computer's
// answer does not ask the next player at once; the board shows the move
// first (the next ready tick begins the turn).
func TestNextTurnWaitsForTheMoveToBeShown(t *testing.T) {
	brain := NewBrain(firstMove{})
	s := mustNew(t, Config{Variant: rules.Bashni, Players: [2]Player{NewComputer(brain, 1, 0), NewComputer(brain, 1, 0)}})
	c := newClock(t, s)
	c.until("the first move", func() bool { return s.Game().Ply() == 1 })
	if _, thinking := s.Thinking(); thinking {
		t.Fatal("the next player began in the tick that played the move")
	}
	c.tick(false) // the board animates the move
	if _, thinking := s.Thinking(); thinking {
		t.Fatal("the next player began while the board was busy")
	}
	c.tick(true)
	if side, thinking := s.Thinking(); !thinking || side != rules.Black {
		t.Fatal("the next player did not begin once the board was ready")
	}
}

// TestHintExplainedOffTheLoop: the hint's explanation (explain.Teach plays
// the line out and counts what every other move would lose) is worked out
// with the search, off the game loop. Its teach blocks until the test lets
// it go: meanwhile the loop's ticks return and bring no hint; then
// HintReady brings the hint with its explanation. Were it called on the
// loop, teach would see the loop's goroutine and say so (instead of
// blocking it for ever).
func TestHintExplainedOffTheLoop(t *testing.T) {
	brain := NewBrain(firstMove{})
	s := mustNew(t, Config{Variant: rules.Bashni, Hints: brain, Players: [2]Player{NewPerson(), NewComputer(brain, 1, 0)}})
	c := newClock(t, s)
	loop := goroutineID()
	began, release := make(chan bool, 1), make(chan struct{})
	s.teach = func(h []*rules.Position, a ai.Analysis) (explain.Hint, error) {
		onLoop := goroutineID() == loop
		began <- onLoop
		if !onLoop {
			<-release
		}
		return explain.Teach(h, a)
	}
	if !s.AskHint() {
		t.Fatal("no hint search")
	}
	// The loop ticks until the explanation begins (on the loop, in a
	// tick, it would begin there and not block).
	var onLoop bool
	c.until("the explanation begun", func() bool {
		select {
		case onLoop = <-began:
			return true
		default:
			return false
		}
	})
	if onLoop {
		t.Fatal("the hint was explained on the game loop")
	}
	for range 50 {
		c.tick(true)
	}
	if ev, ok := c.last(HintReady); ok || !s.HintPending() {
		t.Fatalf("the hint came before its explanation: %+v", ev)
	}
	close(release)
	c.until("the explained hint", func() bool { return !s.HintPending() })
	h, ok := s.Hint()
	ev, _ := c.last(HintReady)
	if !ok || h.Why == nil || h.Why.Move != h.Best || len(h.Why.Line) == 0 || len(h.Why.Reasons) == 0 || ev.Hint.Why != h.Why {
		t.Fatalf("hint %+v (explained %+v), event %+v", h, h.Why, ev)
	}
}

// goroutineID is the number of the calling goroutine (from its stack's
// first line, "goroutine 7 [running]:").
func goroutineID() string {
	b := make([]byte, 64)
	b = b[:runtime.Stack(b, false)]
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return ""
	}
	return f[1]
}
