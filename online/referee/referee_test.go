package referee

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"bashni/online/protocol"
	"bashni/rules"
)

var t0 = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)

// game is a State built event by event the way the server builds it:
// decide, then apply, keeping the event log for replays.
type game struct {
	t      *testing.T
	s      *State
	events [][]byte
	now    time.Time
}

func newGame(t *testing.T, v rules.Variant, clock protocol.Clock) *game {
	g := &game{t: t, s: &State{ID: "ABCDEF"}, now: t0}
	g.apply(Created(t0, v, clock, []rules.Color{White}, ""))
	e, seat, err := g.s.Join(g.now)
	if err != nil || seat != Black {
		t.Fatalf("join: %v %v", seat, err)
	}
	g.apply(e)
	return g
}

func (g *game) apply(e Event) {
	g.t.Helper()
	if err := g.s.Apply(e); err != nil {
		g.t.Fatalf("apply %+v: %v", e, err)
	}
	g.events = append(g.events, e.Marshal())
}

// do decides and applies a command, returning the refusal if any.
func (g *game) do(c Command) error {
	g.t.Helper()
	e, err := g.s.Decide(c, g.now)
	if err != nil {
		return err
	}
	g.apply(e)
	return nil
}

func (g *game) move(text string) {
	g.t.Helper()
	if err := g.do(Command{Type: protocol.TypeMove, Seat: g.s.SideToMove(), Move: text, Ply: g.s.Ply()}); err != nil {
		g.t.Fatalf("move %s: %v", text, err)
	}
}

func code(err error) string {
	var pe *protocol.Error
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

func TestWorkedExampleAndReplay(t *testing.T) {
	g := newGame(t, rules.Bashni, protocol.Untimed)
	for _, m := range strings.Fields("c3-b4 b6-c5 b4-a5 a7-b6 b2-c3 c5-b4 a3:a7 c7-b6 a5:c7:e5 f6:b2 a1:c3 d8-c7") {
		g.move(m)
	}
	// RULES.md's final position, canonical.
	want := "W:Wc1-0,e1-0,g1-0,b2-00,d2-0,f2-0,h2-0,c3-0/0,e3-0,g3-0,a7-0/00:Be5-00,h6-0,c7-0,e7-0,g7-0,b8-0,f8-0,h8-0:H1:F7"
	if got := g.s.Position().FEN(); got != want {
		t.Fatalf("position\n got %s\nwant %s", got, want)
	}
	// The short forms were stored as full routes.
	if got := g.s.Moves()[6]; got != "a3:c5:a7" {
		t.Errorf("stored move 7 = %q, want the full route a3:c5:a7", got)
	}
	r, err := Replay("ABCDEF", g.events)
	if err != nil {
		t.Fatal(err)
	}
	if r.Version != g.s.Version || r.Position().FEN() != want || r.Status() != Playing {
		t.Errorf("replay: version %d/%d, status %v, fen %s", r.Version, g.s.Version, r.Status(), r.Position().FEN())
	}
}

func TestRefusals(t *testing.T) {
	g := newGame(t, rules.Bashni, protocol.Untimed)
	g.move("c3-d4")
	tests := []struct {
		name string
		cmd  Command
		want string
	}{
		{"out of turn", Command{Type: protocol.TypeMove, Seat: White, Move: "d4-e5", Ply: 1}, protocol.ErrNotYourTurn},
		{"illegal", Command{Type: protocol.TypeMove, Seat: Black, Move: "b6-b5", Ply: 1}, protocol.ErrIllegalMove},
		{"capture written as quiet", Command{Type: protocol.TypeMove, Seat: Black, Move: "a7-b6", Ply: 1}, protocol.ErrIllegalMove},
		{"stale", Command{Type: protocol.TypeMove, Seat: Black, Move: "b6-a5", Ply: 0}, protocol.ErrStale},
		{"answer without offer", Command{Type: protocol.TypeAnswerDraw, Seat: Black, Accept: true}, protocol.ErrNoOffer},
		{"answer own takeback", Command{Type: protocol.TypeAnswerTakeback, Seat: White, Accept: true}, protocol.ErrNoOffer},
		{"black takes back nothing", Command{Type: protocol.TypeRequestTakeback, Seat: Black}, protocol.ErrNothingToTakeBack},
		{"rematch while playing", Command{Type: protocol.TypeOfferRematch, Seat: Black}, protocol.ErrNotStarted},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := g.s.Version
			if err := g.do(tc.cmd); code(err) != tc.want {
				t.Fatalf("got %v, want code %s", err, tc.want)
			}
			if g.s.Version != before {
				t.Fatalf("a refusal changed the game")
			}
		})
	}
}

func TestOffersAndTakebacks(t *testing.T) {
	g := newGame(t, rules.Bashni, protocol.Untimed)
	g.move("c3-d4")
	g.move("f6-g5")
	// White asks to take back: its move and Black's answer go.
	if err := g.do(Command{Type: protocol.TypeRequestTakeback, Seat: White}); err != nil {
		t.Fatal(err)
	}
	if err := g.do(Command{Type: protocol.TypeRequestTakeback, Seat: Black}); code(err) != protocol.ErrAlreadyOffered {
		t.Fatalf("second request: %v", err)
	}
	if err := g.do(Command{Type: protocol.TypeAnswerTakeback, Seat: Black, Accept: true}); err != nil {
		t.Fatal(err)
	}
	if g.s.Ply() != 0 || g.s.SideToMove() != White {
		t.Fatalf("after the takeback: ply %d, %v to move", g.s.Ply(), g.s.SideToMove())
	}
	g.move("a3-b4")
	// Black asks after White's move: only White's move? No: Black has no
	// move yet, so nothing to take back.
	if err := g.do(Command{Type: protocol.TypeRequestTakeback, Seat: Black}); code(err) != protocol.ErrNothingToTakeBack {
		t.Fatalf("black's request: %v", err)
	}
	// White asks with Black to move: one ply.
	if err := g.do(Command{Type: protocol.TypeRequestTakeback, Seat: White}); err != nil {
		t.Fatal(err)
	}
	if err := g.do(Command{Type: protocol.TypeAnswerTakeback, Seat: Black, Accept: false}); err != nil {
		t.Fatal(err)
	}
	g.move("b6-a5") // the request is gone: Black plays on
	// A draw offer stands through the offerer's own move and is declined
	// by the opponent's.
	if err := g.do(Command{Type: protocol.TypeOfferDraw, Seat: White}); err != nil {
		t.Fatal(err)
	}
	g.move("b2-a3")
	if v := g.s.View(g.now, [2]bool{}); v.DrawOffer != protocol.White {
		t.Fatalf("draw offer after the offerer's move: %q", v.DrawOffer)
	}
	g.move("a7-b6")
	if v := g.s.View(g.now, [2]bool{}); v.DrawOffer != "" {
		t.Fatalf("draw offer after the opponent's move: %q", v.DrawOffer)
	}
	// Offering when the opponent offered is agreeing.
	if err := g.do(Command{Type: protocol.TypeOfferDraw, Seat: White}); err != nil {
		t.Fatal(err)
	}
	if err := g.do(Command{Type: protocol.TypeOfferDraw, Seat: Black}); err != nil {
		t.Fatal(err)
	}
	if r, reason := g.s.Outcome(); r != rules.Draw || reason != protocol.ReasonAgreement || g.s.Status() != Over {
		t.Fatalf("outcome %v %s", r, reason)
	}
	if err := g.do(Command{Type: protocol.TypeMove, Seat: White, Move: "c3-d4", Ply: g.s.Ply()}); code(err) != protocol.ErrGameOver {
		t.Fatalf("move after the end: %v", err)
	}
	// Rematch: offer, then the other's offer agrees.
	if err := g.do(Command{Type: protocol.TypeOfferRematch, Seat: Black}); err != nil {
		t.Fatal(err)
	}
	if err := g.do(Command{Type: protocol.TypeAnswerRematch, Seat: White, Accept: true, NewGame: "XYZ234"}); err != nil {
		t.Fatal(err)
	}
	if g.s.RematchGame() != "XYZ234" {
		t.Fatalf("rematch game %q", g.s.RematchGame())
	}
	rec := g.s.Record("test", [2]string{})
	for _, want := range []string{`[Result "1/2-1/2"]`, `[Termination "draw agreed"]`, "1. a3-b4 b6-a5 2. b2-a3 a7-b6 1/2-1/2"} {
		if !strings.Contains(rec, want) {
			t.Errorf("record lacks %q:\n%s", want, rec)
		}
	}
	if _, err := rules.ParseRecord(rec); err != nil {
		t.Errorf("the record does not parse: %v\n%s", err, rec)
	}
}

func TestLiveClock(t *testing.T) {
	g := newGame(t, rules.Bashni, protocol.Blitz5)
	g.now = g.now.Add(10 * time.Second)
	g.move("c3-d4") // White used 10 s, gains 3
	if got := g.s.Left(White, g.now); got != 293*time.Second {
		t.Fatalf("white left %v, want 4m53s", got)
	}
	g.now = g.now.Add(299 * time.Second)
	if _, ok := g.s.Timeout(g.now); ok {
		t.Fatal("flag fell with a second left")
	}
	if got := g.s.View(g.now, [2]bool{}).Clocks; got.Black != 1000 || got.Running != protocol.Black {
		t.Fatalf("clocks %+v", got)
	}
	g.now = g.now.Add(time.Second)
	e, ok := g.s.Timeout(g.now)
	if !ok {
		t.Fatal("no flag at zero")
	}
	g.apply(e)
	if r, reason := g.s.Outcome(); r != rules.WhiteWins || reason != protocol.ReasonTime {
		t.Fatalf("outcome %v %s", r, reason)
	}
	rec := g.s.Record("test", [2]string{"anna", ""}) // Black unnamed
	if !strings.Contains(rec, `[Termination "time forfeit"]`) || !strings.Contains(rec, `[Result "1-0"]`) || !strings.Contains(rec, `[TimeControl "300+3"]`) ||
		!strings.Contains(rec, `[White "anna"]`) || !strings.Contains(rec, `[Black "Black"]`) {
		t.Errorf("record:\n%s", rec)
	}
}

func TestCorrespondenceClockIsNotAbandoned(t *testing.T) {
	g := newGame(t, rules.Lasca, protocol.Clock{Kind: protocol.ClockCorrespondence, Days: 2})
	if _, ok := g.s.Abandon(White, g.now.Add(time.Hour)); ok {
		t.Fatal("a correspondence game was abandoned")
	}
	g.now = g.now.Add(47 * time.Hour)
	g.move("c3-d4")
	d, _ := g.s.Deadline()
	if want := g.now.Add(48 * time.Hour); !d.Equal(want) {
		t.Fatalf("deadline %v, want %v", d, want)
	}
}

// pick chooses a random move. A quiet player (for the 30-ply rule) prefers
// moves that neither capture nor crown nor offer a capture nor repeat a
// position; otherwise quiet king moves are preferred, which makes
// repetitions happen.
func pick(g *rules.Game, rng *rand.Rand, quiet bool) rules.Move {
	legal := g.LegalMoves()
	var preferred []rules.Move
	for _, m := range legal {
		next := g.Position().Play(m)
		switch {
		case m.IsCapture():
		case quiet && !m.IsPromotion() && !next.MustCapture() && !seen(g, next):
			preferred = append(preferred, m)
		case !quiet && g.Position().Column(m.From()).Top().IsKing():
			preferred = append(preferred, m)
		}
	}
	if len(preferred) > 0 && rng.IntN(10) > 0 {
		return preferred[rng.IntN(len(preferred))]
	}
	return legal[rng.IntN(len(legal))]
}

func seen(g *rules.Game, p *rules.Position) bool {
	for _, q := range g.History() {
		if q.Equal(p) {
			return true
		}
	}
	return false
}

// TestRandomGamesEndAsTheRulesSay plays random games to their end and checks
// that the referee's result is the rules' (no moves, repetition, 30 plies).
func TestRandomGamesEndAsTheRulesSay(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	reasons := map[string]int{}
	for i := range 120 {
		v := rules.Variants[i/2%2]
		g := newGame(t, v, protocol.Untimed)
		ref := rules.NewGame(v)
		for g.s.Status() == Playing {
			m := pick(ref, rng, i%2 == 0)
			g.move(m.String())
			if err := ref.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		o := ref.Outcome()
		r, reason := g.s.Outcome()
		if r != o.Result || reason != o.Reason.Code() {
			t.Fatalf("game %d: referee %v %s, rules %v %s", i, r, reason, o.Result, o.Reason.Code())
		}
		reasons[reason]++
		if _, err := rules.ParseRecord(g.s.Record("test", [2]string{})); err != nil {
			t.Fatalf("game %d record: %v", i, err)
		}
	}
	for _, want := range []string{protocol.ReasonNoMoves, protocol.ReasonNoProgress, protocol.ReasonRepetition} {
		if reasons[want] == 0 {
			t.Errorf("no random game ended by %s (%v): the test does not cover it", want, reasons)
		}
	}
}

func TestCloneIsIndependent(t *testing.T) {
	g := newGame(t, rules.Bashni, protocol.Untimed)
	g.move("c3-d4")
	orig := g.s
	c := orig.Clone()
	e, err := c.Decide(Command{Type: protocol.TypeMove, Seat: Black, Move: "f6-g5", Ply: 1}, t0)
	if err != nil || c.Apply(e) != nil {
		t.Fatal(err)
	}
	e2, err := orig.Decide(Command{Type: protocol.TypeMove, Seat: Black, Move: "b6-a5", Ply: 1}, t0)
	if err != nil || orig.Apply(e2) != nil {
		t.Fatal(err)
	}
	if got := c.Moves(); strings.Join(got, " ") != "c3-d4 f6-g5" {
		t.Errorf("clone's moves %v", got)
	}
	if got := orig.Moves(); strings.Join(got, " ") != "c3-d4 b6-a5" {
		t.Errorf("original's moves %v", got)
	}
}
