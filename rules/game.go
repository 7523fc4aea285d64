package rules

import "fmt"

// Result is the state of a game: still going, a win for one side, or a draw.
type Result uint8

const (
	Ongoing Result = iota
	WhiteWins
	BlackWins
	Draw
)

// Score returns the result as written in game records: "1-0", "0-1",
// "1/2-1/2" or "*".
func (r Result) Score() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// ParseResult reads a record's result token.
func ParseResult(s string) (Result, error) {
	switch s {
	case "1-0":
		return WhiteWins, nil
	case "0-1":
		return BlackWins, nil
	case "1/2-1/2":
		return Draw, nil
	case "*":
		return Ongoing, nil
	}
	return Ongoing, fmt.Errorf("bad result %s (want 1-0, 0-1, 1/2-1/2 or *)", Quote(s))
}

// WinFor returns the result in which c wins.
func WinFor(c Color) Result {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}

// Reason says why a game ended.
type Reason uint8

const (
	NoReason Reason = iota
	NoMoves
	Repetition
	NoProgress
	Agreement
	Resignation
)

// Code is the reason's word in the engine protocol's status line.
func (r Reason) Code() string {
	switch r {
	case NoMoves:
		return "no-moves"
	case Repetition:
		return "repetition"
	case NoProgress:
		return "no-progress"
	case Agreement:
		return "agreement"
	case Resignation:
		return "resignation"
	}
	return ""
}

// Outcome is a result with its reason.
type Outcome struct {
	Result Result
	Reason Reason
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Result != Ongoing }

// Winner returns the winning colour; ok is false for a draw or an ongoing game.
func (o Outcome) Winner() (c Color, ok bool) {
	switch o.Result {
	case WhiteWins:
		return White, true
	case BlackWins:
		return Black, true
	}
	return 0, false
}

// Status is the protocol's status line without the "status " prefix:
// "ongoing", "win W no-moves", "draw repetition", …
func (o Outcome) Status() string {
	switch o.Result {
	case WhiteWins:
		return "win W " + o.Reason.Code()
	case BlackWins:
		return "win B " + o.Reason.Code()
	case Draw:
		return "draw " + o.Reason.Code()
	}
	return "ongoing"
}

// Explain tells the result in words a player understands.
func (o Outcome) Explain() string {
	winner, _ := o.Winner()
	loser := winner.Opponent()
	switch o.Reason {
	case NoMoves:
		return fmt.Sprintf("%s wins: %s has no legal move (every column is captured or blocked).", winner, loser)
	case Resignation:
		return fmt.Sprintf("%s wins: %s resigned.", winner, loser)
	case Repetition:
		return "Draw: the same position occurred three times."
	case NoProgress:
		return "Draw: 15 moves by each side without a capture or a promotion."
	case Agreement:
		return "Draw by agreement."
	}
	return "The game is in progress."
}

// StatusOf applies the rules to a position and the positions that led to it
// (oldest first, the position itself last): no legal move loses; the third
// occurrence of a position draws; in Bashni 30 plies without capture or
// promotion draw. It is the protocol's "status" in this order.
func StatusOf(history []*Position) Outcome {
	p := history[len(history)-1]
	if !p.HasLegalMove() {
		return Outcome{WinFor(p.side.Opponent()), NoMoves}
	}
	n := 0
	for _, q := range history {
		if q.hash == p.hash && q.Equal(p) {
			n++
		}
	}
	if n >= 3 {
		return Outcome{Draw, Repetition}
	}
	if p.variant.HasNoProgressRule() && p.halfmove >= NoProgressPlies {
		return Outcome{Draw, NoProgress}
	}
	return Outcome{}
}

// Game is a game in progress or finished: its start, the moves played (with
// the undone ones kept for redo), the current ply and any result by
// resignation or agreement.
type Game struct {
	positions []*Position // positions[i] is the position after i moves
	moves     []Move      // moves[i] leads from positions[i] to positions[i+1]
	ply       int         // the current ply; moves beyond it can be redone
	declared  Outcome     // resignation or agreement at ply declaredAt
	declAt    int
}

// NewGame starts a game of v from its start position.
func NewGame(v Variant) *Game { return NewGameFrom(NewPosition(v)) }

// NewGameFrom starts a game from the given position (which it copies).
func NewGameFrom(p *Position) *Game {
	start := *p
	return &Game{positions: []*Position{&start}}
}

// Variant is the game's variant.
func (g *Game) Variant() Variant { return g.positions[0].variant }

// Start returns the starting position.
func (g *Game) Start() *Position { return g.positions[0] }

// Position returns the current position. Do not modify it.
func (g *Game) Position() *Position { return g.positions[g.ply] }

// PositionAt returns the position after ply moves (0 is the start).
func (g *Game) PositionAt(ply int) *Position { return g.positions[ply] }

// Ply is the number of moves played up to the current position.
func (g *Game) Ply() int { return g.ply }

// Moves returns the moves played up to the current position.
func (g *Game) Moves() []Move { return g.moves[:g.ply] }

// AllMoves returns every move, including undone moves that Redo would replay.
func (g *Game) AllMoves() []Move { return g.moves }

// LegalMoves lists the legal moves in the current position, or none if the
// game is over.
func (g *Game) LegalMoves() []Move {
	if g.Outcome().Over() {
		return nil
	}
	return g.Position().LegalMoves(nil)
}

// Outcome is the result of the game at the current ply.
func (g *Game) Outcome() Outcome {
	if g.declared.Over() && g.declAt == g.ply {
		return g.declared
	}
	return StatusOf(g.positions[:g.ply+1])
}

// Play plays a legal move at the current ply. Moves that were undone are
// dropped unless m is the next of them (then Play is a redo).
func (g *Game) Play(m Move) error {
	if o := g.Outcome(); o.Over() {
		return fmt.Errorf("the game is over: %s", o.Explain())
	}
	p := g.Position()
	legal := false
	for _, l := range p.LegalMoves(nil) {
		if l == m {
			legal = true
			break
		}
	}
	if !legal {
		return fmt.Errorf("illegal move '%v'", m)
	}
	if g.ply < len(g.moves) && g.moves[g.ply] == m {
		g.ply++
		return nil
	}
	g.moves = append(g.moves[:g.ply], m)
	g.positions = append(g.positions[:g.ply+1], p.Play(m))
	g.ply++
	g.declared = Outcome{}
	return nil
}

// PlayText parses a move in notation and plays it.
func (g *Game) PlayText(text string) (Move, error) {
	if o := g.Outcome(); o.Over() {
		return Move{}, fmt.Errorf("the game is over: %s", o.Explain())
	}
	m, err := g.Position().ParseMove(text)
	if err != nil {
		return Move{}, err
	}
	return m, g.Play(m)
}

// CanUndo reports whether a move can be taken back.
func (g *Game) CanUndo() bool { return g.ply > 0 }

// CanRedo reports whether an undone move can be replayed.
func (g *Game) CanRedo() bool { return g.ply < len(g.moves) }

// Undo takes back the last move; it reports false if there is none.
func (g *Game) Undo() bool {
	if g.ply == 0 {
		return false
	}
	g.ply--
	return true
}

// Redo replays the next undone move; it reports false if there is none.
func (g *Game) Redo() bool {
	if g.ply >= len(g.moves) {
		return false
	}
	g.ply++
	return true
}

// GoTo moves the current ply to any ply between 0 and the last move played.
func (g *Game) GoTo(ply int) error {
	if ply < 0 || ply > len(g.moves) {
		return fmt.Errorf("ply %d out of range 0–%d", ply, len(g.moves))
	}
	g.ply = ply
	return nil
}

// Resign ends the game as a loss for c.
func (g *Game) Resign(c Color) error {
	if o := g.Outcome(); o.Over() {
		return fmt.Errorf("the game is over: %s", o.Explain())
	}
	g.moves = g.moves[:g.ply]
	g.positions = g.positions[:g.ply+1]
	g.declared, g.declAt = Outcome{WinFor(c.Opponent()), Resignation}, g.ply
	return nil
}

// AgreeDraw ends the game as a draw by agreement.
func (g *Game) AgreeDraw() error {
	if o := g.Outcome(); o.Over() {
		return fmt.Errorf("the game is over: %s", o.Explain())
	}
	g.moves = g.moves[:g.ply]
	g.positions = g.positions[:g.ply+1]
	g.declared, g.declAt = Outcome{Draw, Agreement}, g.ply
	return nil
}

// History returns the positions from the start up to the current one, for
// repetition detection by the computer player.
func (g *Game) History() []*Position { return g.positions[:g.ply+1] }
