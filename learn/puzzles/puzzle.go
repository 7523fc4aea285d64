package puzzles

import (
	"errors"
	"fmt"

	"bashni/rules"
)

// Puzzle is one puzzle: a position reached by the opponent's last move, and
// the solution line that follows. See doc.go for every field.
type Puzzle struct {
	ID     string   `json:"id"`
	FEN    string   `json:"fen"`   // the position before the opponent's last move
	Setup  string   `json:"setup"` // the opponent's last move, played from FEN
	Line   []string `json:"line"`  // the solution: the player's moves and the opponent's replies, the player's first and last
	Themes []Theme  `json:"themes"`
	Rating int      `json:"rating"`
	// What the generator measured (doc.go): the deep search's score of the
	// first move for the player, its lead over the second best move (a
	// lower bound), the depth reached, the shallowest depth at which a fresh
	// engine already shows the first move clearly best, the material won by
	// the line; in the generator's output only, the lowest computer level
	// that solved the line (older runs; 0: not measured) and where the
	// position comes from. Data files keep neither.
	Eval   int    `json:"eval"`
	Margin int    `json:"margin"`
	Depth  int    `json:"depth"`
	Found  int    `json:"found"`
	Gain   int    `json:"gain"`
	Level  int    `json:"level,omitempty"`
	Source string `json:"source,omitempty"`

	variant rules.Variant
	before  *rules.Position
	start   *rules.Position
	setup   rules.Move
	line    []rules.Move
}

// Variant is the puzzle's game.
func (p *Puzzle) Variant() rules.Variant { return p.variant }

// Before is the position before the opponent's last move (do not modify).
func (p *Puzzle) Before() *rules.Position { return p.before }

// SetupMove is the opponent's last move, which leads to Start; a screen
// animates it before the player's turn.
func (p *Puzzle) SetupMove() rules.Move { return p.setup }

// Start is the puzzle's position, the player to move (do not modify).
func (p *Puzzle) Start() *rules.Position { return p.start }

// Player is the side the person solving the puzzle plays.
func (p *Puzzle) Player() rules.Color { return p.start.SideToMove() }

// Solution is the solution line as moves (a copy).
func (p *Puzzle) Solution() []rules.Move { return append([]rules.Move(nil), p.line...) }

// PlayerMoves is the number of moves the player makes in the solution.
func (p *Puzzle) PlayerMoves() int { return (len(p.line) + 1) / 2 }

// Tier is the puzzle's tier, from its rating.
func (p *Puzzle) Tier() Tier { return TierOf(p.Rating) }

// HasTheme reports whether the puzzle has theme t.
func (p *Puzzle) HasTheme(t Theme) bool {
	for _, x := range p.Themes {
		if x == t {
			return true
		}
	}
	return false
}

// Prepare parses and checks the puzzle's position and moves for variant v:
// the FEN, the setup move and every move of the line must be legal in turn,
// the line must have the player's move first and last, and the themes must
// be known. Load calls it for every puzzle; the generator for the ones it
// writes.
func (p *Puzzle) Prepare(v rules.Variant) error {
	if p.ID == "" {
		return errors.New("puzzle without an id")
	}
	before, err := rules.ParseFEN(v, p.FEN)
	if err != nil {
		return fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	if err := before.Validate(); err != nil {
		return fmt.Errorf("puzzle %s: fen: %w", p.ID, err)
	}
	setup, err := before.ParseMove(p.Setup)
	if err != nil {
		return fmt.Errorf("puzzle %s: setup move: %w", p.ID, err)
	}
	if len(p.Line)%2 != 1 {
		return fmt.Errorf("puzzle %s: the line has %d moves; it must start and end with the player's", p.ID, len(p.Line))
	}
	start := before.Play(setup)
	line := make([]rules.Move, 0, len(p.Line))
	q := start
	for i, text := range p.Line {
		m, err := q.ParseMove(text)
		if err != nil {
			return fmt.Errorf("puzzle %s: move %d of the line: %w", p.ID, i+1, err)
		}
		line = append(line, m)
		q = q.Play(m)
	}
	for _, t := range p.Themes {
		if _, err := ParseTheme(string(t)); err != nil {
			return fmt.Errorf("puzzle %s: %w", p.ID, err)
		}
	}
	p.variant, p.before, p.start, p.setup, p.line = v, before, start, setup, line
	return nil
}
