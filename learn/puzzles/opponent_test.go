package puzzles

import (
	"context"
	"testing"

	"bashni/internal/testwait"
	"bashni/rules"
	"bashni/session"
)

// opponentGame is a puzzle's game: the player against the Opponent, with
// the attempt as the judge that tells the opponent what to answer.
type opponentGame struct {
	sess *session.Session
	opp  *Opponent
	att  *Attempt
	tick int64
}

func newOpponentGame(t *testing.T, p *Puzzle, brain *session.Brain) *opponentGame {
	t.Helper()
	g := &opponentGame{opp: NewOpponent(brain, 2), att: p.Begin()}
	var players [2]session.Player
	players[p.Player()] = session.NewPerson()
	players[p.Player().Opponent()] = g.opp
	sess, err := session.New(session.Config{Variant: p.Variant(), Start: p.Start(), Players: players,
		Judge: func(_ *rules.Game, _ rules.Color, mv rules.Move) *session.Refusal {
			switch v := g.att.Try(mv); v.Result {
			case Right:
				g.opp.Answer(v.Reply)
			case Wrong:
				g.opp.Refute(g.att, mv, RefuteLimits)
			}
			return nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	g.sess = sess
	return g
}

// until ticks the session until cond holds (a minute at most: a guard, the
// search is a fraction of a second).
func (g *opponentGame) until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	testwait.Wait{Step: func() {
		g.sess.Tick(g.tick, true)
		g.sess.Events()
		g.tick++
	}}.For(t, what, cond)
}

// TestOpponentAnswers: along the solution the opponent plays the line's
// reply; after a wrong try it plays the first move of the play-out, and
// Loss says what the try costs, as PlayOut does.
func TestOpponentAnswers(t *testing.T) {
	set, err := Load(rules.Bashni)
	if err != nil {
		t.Fatal(err)
	}
	var p *Puzzle
	for _, q := range set.All() {
		if len(q.Solution()) >= 3 {
			p = q
			break
		}
	}
	if p == nil {
		t.Fatal("no puzzle of two moves or more")
	}
	brain := session.NewBrain(session.NewAIEngine(1))
	line := p.Solution()

	g := newOpponentGame(t, p, brain)
	if err := g.sess.Play(line[0]); err != nil {
		t.Fatal(err)
	}
	g.until(t, "the reply along the line", func() bool { return g.sess.Game().Ply() == 2 })
	if got := g.sess.Game().AllMoves()[1]; got != line[1] {
		t.Errorf("%s: the opponent answered %v, want the line's %v", p.ID, got, line[1])
	}

	g = newOpponentGame(t, p, brain)
	var wrong rules.Move
	for _, m := range p.Start().LegalMoves(nil) {
		if m != line[0] {
			wrong = m
			break
		}
	}
	if err := g.sess.Play(wrong); err != nil {
		t.Fatal(err)
	}
	if !g.opp.Busy() {
		t.Error("no play-out under way after a wrong try")
	}
	g.until(t, "the play-out", func() bool { _, ok := g.opp.Loss(); return ok })
	loss, _ := g.opp.Loss()
	if loss.Try != wrong || loss.Code == 0 || len(loss.Line) == 0 {
		t.Fatalf("%s: loss %+v after %v", p.ID, loss, wrong)
	}
	g.until(t, "the refutation", func() bool { return g.sess.Game().Ply() == 2 })
	if got := g.sess.Game().AllMoves()[1]; got != loss.Line[0] {
		t.Errorf("%s: the opponent answered %v, want the play-out's %v", p.ID, got, loss.Line[0])
	}
	g.opp.Stop()
	if _, ok := g.opp.Loss(); ok || g.opp.Busy() {
		t.Error("Stop kept the loss or the search")
	}
}

// TestOpponentWithoutSearch: a brain that cannot search (a test's engine)
// leaves the wrong try unanswered with its loss known and no line.
func TestOpponentWithoutSearch(t *testing.T) {
	set, err := Load(rules.Bashni)
	if err != nil {
		t.Fatal(err)
	}
	p := set.All()[0]
	g := newOpponentGame(t, p, session.NewBrain(noSearch{}))
	var wrong rules.Move
	for _, m := range p.Start().LegalMoves(nil) {
		if m != p.Solution()[0] {
			wrong = m
			break
		}
	}
	if err := g.sess.Play(wrong); err != nil {
		t.Fatal(err)
	}
	g.until(t, "the empty play-out", func() bool { _, ok := g.opp.Loss(); return ok })
	if loss, _ := g.opp.Loss(); loss.Try != wrong || len(loss.Line) != 0 {
		t.Errorf("loss %+v, want the try with no line", loss)
	}
	for i := 0; i < 10; i++ {
		g.tick++
		g.sess.Tick(g.tick, true)
	}
	if g.sess.Game().Ply() != 1 {
		t.Errorf("the opponent answered without a search: ply %d", g.sess.Game().Ply())
	}
}

// noSearch is a session engine that is not package ai's.
type noSearch struct{}

func (noSearch) ChooseMove(context.Context, []*rules.Position, int) rules.Move { return rules.Move{} }
func (noSearch) Hint(context.Context, []*rules.Position) session.Hint          { return session.Hint{} }
func (noSearch) NewGame()                                                      {}
