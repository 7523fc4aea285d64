// Package lessons is the interactive course of Bashni and Lasca: short
// lessons on the real board, each a few steps of position, goal and one or
// two sentences, checked move by move. A wrong try is answered with why (a
// package explain Why the board can show) and the player tries again; the
// other side answers along a script where a lesson needs it.
//
// The lessons are data (course.go); every text is a message of package
// text, by ID. A screen drives a lesson through a Run:
//
//	run := lessons.ByID("capture-compulsory").Start()
//	// show run.Position(), run.Goal()
//	ans := run.Try(path) // the squares the player touched
//	if !ans.Correct { show ans.Why; return }
//	// animate ans.Move, then ans.Reply if not zero; show ans.Praise
//	if ans.Finished { progress.Complete(run.Lesson().ID) }
package lessons

import (
	"fmt"

	"bashni/learn/explain"
	"bashni/learn/text"
	"bashni/rules"
)

// Lesson is one lesson: a title, an introduction and its steps.
type Lesson struct {
	ID      string // stable: progress is saved by it
	Variant rules.Variant
	Title   string // message IDs
	Intro   string
	Steps   []Step
}

// Goal is what a step asks for.
type Goal uint8

const (
	// PlayOne: one of the moves in Accept.
	PlayOne Goal = iota
	// PlayAny: any legal move (a step that teaches what is legal).
	PlayAny
	// Block: a move after which the opponent has no legal move (Accept
	// lists them, for hints and tests).
	Block
	// Draw: a move after which the game is drawn by the rules (threefold
	// repetition or the 30-ply rule); Accept lists them.
	Draw
	// Practice: the player plays the position out against the computer
	// (any legal move; the screen's engine answers through Run.Respond)
	// until the Target is reached. A lost or drawn game starts the step
	// again. Accept, if given, is a good first move for the hint.
	Practice
)

// Target is what a practice position asks for.
type Target uint8

const (
	// Win: the opponent has no legal move.
	Win Target = iota
	// Crown: a man of the player's is crowned (or the game is won).
	Crown
)

// Step is one task of a lesson.
type Step struct {
	// FEN is the position of the step; empty continues from where the
	// previous step ended (after its reply).
	FEN string
	// Before are moves played from FEN before the step begins (both
	// sides'), so that the step's position has a history: what a
	// repetition counts. The board shows the position after them.
	Before []string
	Goal   Goal
	Text   string // message ID of the task, shown while the player thinks
	// Accept lists the correct moves (full routes in the game's notation)
	// for PlayOne and Block.
	Accept []string
	// Wrong explains legal moves that are not accepted. A move listed in
	// Refutations is answered by showing that reply (explain.Refuted with
	// WrongText or the generic text); any other by WrongText and WrongMarks
	// (explain.NotTheGoal). Block steps show one of the opponent's moves
	// instead (explain.CanStillMove).
	WrongText   string
	WrongMarks  []string
	Refutations map[string]string
	// Replies are the other side's scripted answers, by accepted move ("*"
	// for any move). No entry: no answer.
	Replies map[string]string
	Praise  string // message ID said after the correct move
	// Target and Level are a practice step's aim and the computer's level
	// (ai levels, 1–7; 0 means 1).
	Target Target
	Level  int
}

// Answer is what a Run says about a try.
type Answer struct {
	Correct bool
	// Move is the legal move the try named (zero for an illegal try). A
	// correct move is played; a wrong legal one is not.
	Move rules.Move
	// Why explains a wrong try.
	Why *explain.Why
	// Praise is said after a correct move.
	Praise text.T
	// Reply is the other side's answer, already played (zero if none);
	// animate it after Move.
	Reply rules.Move
	// NextStep reports that a new step begins (Position may have been
	// replaced by the next step's position); Finished that the lesson is
	// complete.
	NextStep bool
	Finished bool
	// Restarted reports that a practice game was lost or drawn and the
	// step began again from its position (Why says how it ended).
	Restarted bool
}

// Run is a lesson in progress.
type Run struct {
	lesson  *Lesson
	step    int
	history []*rules.Position // of the current step, its position last
	tries   int               // wrong tries in the current step
	done    bool
}

// Start begins the lesson at its first step.
func (l *Lesson) Start() *Run {
	r := &Run{lesson: l}
	r.enter(0, nil)
	return r
}

// StartAt begins the lesson at step i (0-based), as if the earlier steps
// had been played with their first accepted moves (a practice step is
// skipped: the step after it has a position of its own).
func (l *Lesson) StartAt(i int) *Run {
	r := l.Start()
	for r.step < i && !r.done {
		if r.lesson.Steps[r.step].Goal == Practice {
			r.enter(r.step+1, r.Position())
			continue
		}
		r.Try(r.Hint().Path())
	}
	return r
}

func (r *Run) enter(i int, prev *rules.Position) {
	r.step, r.tries = i, 0
	st := &r.lesson.Steps[i]
	if st.FEN == "" {
		r.history = []*rules.Position{prev}
		return
	}
	p, err := rules.ParseFEN(r.lesson.Variant, st.FEN)
	if err != nil {
		panic(fmt.Sprintf("lesson %s step %d: %v", r.lesson.ID, i+1, err)) // checked by the tests
	}
	r.history = []*rules.Position{p}
	for _, b := range st.Before {
		m, err := p.ParseMove(b)
		if err != nil {
			panic(fmt.Sprintf("lesson %s step %d: move before %s: %v", r.lesson.ID, i+1, b, err)) // checked by the tests
		}
		p = p.Play(m)
		r.history = append(r.history, p)
	}
}

// Lesson is the lesson being run.
func (r *Run) Lesson() *Lesson { return r.lesson }

// StepIndex is the current step (0-based); Steps the number of steps.
func (r *Run) StepIndex() int { return r.step }

// Position is the position on the board (do not modify).
func (r *Run) Position() *rules.Position { return r.history[len(r.history)-1] }

// Goal is the current step's task.
func (r *Run) Goal() text.T { return text.Of(r.lesson.Steps[r.step].Text) }

// Step is the current step (do not modify).
func (r *Run) Step() *Step { return &r.lesson.Steps[r.step] }

// Practising reports whether the current step is a practice game against
// the computer.
func (r *Run) Practising() bool { return !r.done && r.Step().Goal == Practice }

// WaitingForOpponent reports whether a practice game waits for the
// computer's move (Respond).
func (r *Run) WaitingForOpponent() bool {
	return r.Practising() && r.Position().SideToMove() != r.player()
}

// Level is the computer's level in a practice step (1 if the step names
// none).
func (r *Run) Level() int { return max(1, r.Step().Level) }

// History is the positions of the current step, oldest first, the position
// on the board last: what an engine needs to answer (a copy).
func (r *Run) History() []*rules.Position { return append([]*rules.Position(nil), r.history...) }

// player is the player's colour: the side to move when the step began.
func (r *Run) player() rules.Color { return r.history[0].SideToMove() }

// Finished reports whether every step is done.
func (r *Run) Finished() bool { return r.done }

// WrongTries counts the wrong tries in the current step.
func (r *Run) WrongTries() int { return r.tries }

// Hint is a correct move of the current step (for a hint button, or after
// a few wrong tries), or the zero move when the lesson is over.
func (r *Run) Hint() rules.Move {
	if r.done {
		return rules.Move{}
	}
	st := &r.lesson.Steps[r.step]
	p := r.Position()
	if st.Goal == Practice && (len(r.history) > 1 || len(st.Accept) == 0) || st.Goal == PlayAny {
		if p.SideToMove() != r.player() {
			return rules.Move{}
		}
		return p.LegalMoves(nil)[0]
	}
	m, _ := p.ParseMove(st.Accept[0])
	return m
}

// Try checks the route the player showed (the column's square, then every
// square it went to; see explain.Try). A correct move is played, with the
// other side's reply if the script has one; a wrong try leaves the board as
// it was and says why.
func (r *Run) Try(path []rules.Square) Answer {
	if r.done {
		return Answer{Why: &explain.Why{Code: explain.GameOver, Text: text.Of("lesson.over")}}
	}
	p := r.Position()
	st := &r.lesson.Steps[r.step]
	m, why := explain.Try(p, path)
	if why != nil {
		r.tries++
		return Answer{Why: why}
	}
	if m.IsZero() { // a column picked, no move yet
		return Answer{}
	}
	if st.Goal == Practice {
		return r.practise(m)
	}
	if w := r.judge(st, p, m); w != nil {
		r.tries++
		return Answer{Move: m, Why: w}
	}
	ans := Answer{Correct: true, Move: m, Praise: text.Of(st.Praise)}
	q := p.Play(m)
	r.history = append(r.history, q)
	if reply, ok := replyTo(st, m); ok {
		rm, err := q.ParseMove(reply)
		if err != nil {
			panic(fmt.Sprintf("lesson %s step %d: reply %s: %v", r.lesson.ID, r.step+1, reply, err)) // checked by the tests
		}
		ans.Reply = rm
		q = q.Play(rm)
		r.history = append(r.history, q)
	}
	r.advance(&ans, q)
	return ans
}

// advance ends the current step after a correct move: the next step
// begins (from q if it has no position of its own), or the lesson is done.
func (r *Run) advance(ans *Answer, q *rules.Position) {
	if r.step+1 < len(r.lesson.Steps) {
		r.enter(r.step+1, q)
		ans.NextStep = true
	} else {
		r.done = true
		ans.Finished = true
	}
}

// practise plays the player's move m in a practice game.
func (r *Run) practise(m rules.Move) Answer {
	if r.WaitingForOpponent() {
		return Answer{Why: &explain.Why{Code: explain.NotYourTurn, Text: text.Of("lesson.practice.wait")}}
	}
	r.history = append(r.history, r.Position().Play(m))
	ans := Answer{Correct: true, Move: m}
	r.judgePractice(&ans)
	return ans
}

// Respond plays the computer's move in a practice game. A move that is not
// legal here, or a call when no practice game waits for the computer, is
// an error and changes nothing.
func (r *Run) Respond(m rules.Move) (Answer, error) {
	if !r.WaitingForOpponent() {
		return Answer{}, fmt.Errorf("lesson %s step %d: no practice game waits for the computer's move", r.lesson.ID, r.step+1)
	}
	p := r.Position()
	legal := false
	for _, l := range p.LegalMoves(nil) {
		if l == m {
			legal = true
			break
		}
	}
	if !legal {
		return Answer{}, fmt.Errorf("lesson %s step %d: the computer's move %v is not legal in %s", r.lesson.ID, r.step+1, m, p.FEN())
	}
	r.history = append(r.history, p.Play(m))
	ans := Answer{Correct: true, Move: m}
	r.judgePractice(&ans)
	return ans, nil
}

// judgePractice looks at the practice game after a move: the target
// reached ends the step; a lost or drawn game starts it again.
func (r *Run) judgePractice(ans *Answer) {
	st := r.Step()
	out := rules.StatusOf(r.history)
	me := r.player()
	won := out.Result == rules.WinFor(me)
	if !won && st.Target == Crown && ans.Move.IsPromotion() && r.history[len(r.history)-2].SideToMove() == me {
		won = true
	}
	switch {
	case won:
		ans.Praise = text.Of(st.Praise)
		r.advance(ans, r.Position())
	case out.Over():
		code, id := explain.PracticeLost, "lesson.practice.lost"
		if out.Result == rules.Draw {
			code, id = explain.PracticeDrawn, "lesson.practice.drawn"
		}
		ans.Why = &explain.Why{Code: code, Text: text.Of(id)}
		ans.Restarted = true
		r.enter(r.step, nil)
	}
}

// judge returns why a legal move does not do what the step asks, or nil.
func (r *Run) judge(st *Step, p *rules.Position, m rules.Move) *explain.Why {
	switch st.Goal {
	case PlayAny:
		return nil
	case Draw:
		after := append(r.History(), p.Play(m))
		if rules.StatusOf(after).Result == rules.Draw {
			return nil
		}
		w := &explain.Why{Code: explain.NotTheGoal, Text: text.Of("why.not_a_draw")}
		if st.WrongText != "" {
			w.Text = text.Of(st.WrongText, "Move", m.String())
		}
		return w
	case Block:
		q := p.Play(m)
		replies := q.LegalMoves(nil)
		if len(replies) == 0 {
			return nil
		}
		var marks []rules.Square
		for _, o := range replies {
			marks = append(marks, o.From())
		}
		return &explain.Why{Code: explain.CanStillMove, Text: text.Of("why.can_still_move", "Move", replies[0].String()),
			Route: replies[0].Path(), Marks: marks}
	}
	for _, a := range st.Accept {
		if a == m.String() {
			return nil
		}
	}
	if ref, ok := st.Refutations[m.String()]; ok {
		rm, err := p.Play(m).ParseMove(ref)
		if err != nil {
			panic(fmt.Sprintf("lesson %s step %d: refutation %s: %v", r.lesson.ID, r.step+1, ref, err)) // checked by the tests
		}
		t := text.Of("why.refuted", "Move", rm.String())
		if st.WrongText != "" {
			t = text.Of(st.WrongText, "Move", rm.String())
		}
		return &explain.Why{Code: explain.Refuted, Text: t, Route: rm.Path()}
	}
	w := &explain.Why{Code: explain.NotTheGoal, Text: text.Of("why.not_the_goal")}
	if st.WrongText != "" {
		w.Text = text.Of(st.WrongText, "Move", m.String())
	}
	for _, s := range st.WrongMarks {
		sq, err := rules.ParseSquare(r.lesson.Variant, s)
		if err != nil {
			panic(fmt.Sprintf("lesson %s step %d: mark %s: %v", r.lesson.ID, r.step+1, s, err)) // checked by the tests
		}
		w.Marks = append(w.Marks, sq)
	}
	return w
}

func replyTo(st *Step, m rules.Move) (string, bool) {
	if r, ok := st.Replies[m.String()]; ok {
		return r, true
	}
	r, ok := st.Replies["*"]
	return r, ok
}
