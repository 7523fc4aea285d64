package scenes

import (
	"fmt"

	"bashni/ai"
	"bashni/rules"
)

// Opponent is who plays against whom.
type Opponent uint8

const (
	// OpponentComputer: the human plays Human, the computer the other side.
	OpponentComputer Opponent = iota
	// OpponentFriend: two people on one device.
	OpponentFriend
	// OpponentWatch: the computer plays both sides.
	OpponentWatch
)

// GameConfig is what the new-game scene (or the command line) chose.
type GameConfig struct {
	Variant  rules.Variant
	Start    *rules.Position // nil: the variant's start position
	Opponent Opponent
	Level    int         // 1–7, the computer's level
	Human    rules.Color // the human's side (bottom of the board for friends)
	Moves    []string    // moves to replay from Start (a saved game)
	Ply      int         // how many of Moves are on the board; the rest can be redone
}

// Match is a game with its players: the rules' Game plus who moves which
// side, and undo and redo by whole move pairs against the computer. It is
// plain Go, tested without a display.
type Match struct {
	Game *rules.Game
	Cfg  GameConfig
}

// NewMatch starts a match; a saved game's moves are replayed.
func NewMatch(cfg GameConfig) (*Match, error) {
	cfg.Level = min(max(cfg.Level, ai.MinLevel), ai.MaxLevel)
	var g *rules.Game
	if cfg.Start != nil {
		cfg.Variant = cfg.Start.Variant()
		g = rules.NewGameFrom(cfg.Start)
	} else {
		g = rules.NewGame(cfg.Variant)
	}
	for i, mv := range cfg.Moves {
		if _, err := g.PlayText(mv); err != nil {
			return nil, fmt.Errorf("move %d (%s): %v", i+1, mv, err)
		}
	}
	if len(cfg.Moves) > 0 {
		if err := g.GoTo(min(max(cfg.Ply, 0), len(cfg.Moves))); err != nil {
			return nil, err
		}
	}
	cfg.Moves = nil
	return &Match{Game: g, Cfg: cfg}, nil
}

// IsComputer reports whether the computer plays side c.
func (m *Match) IsComputer(c rules.Color) bool {
	switch m.Cfg.Opponent {
	case OpponentWatch:
		return true
	case OpponentFriend:
		return false
	}
	return c != m.Cfg.Human
}

// Over reports whether the game has ended.
func (m *Match) Over() bool { return m.Game.Outcome().Over() }

// ComputerToMove reports whether it is the computer's turn in a game that
// goes on.
func (m *Match) ComputerToMove() bool {
	return !m.Over() && m.IsComputer(m.Game.Position().SideToMove())
}

// HumanToMove reports whether a person moves now.
func (m *Match) HumanToMove() bool {
	return !m.Over() && !m.IsComputer(m.Game.Position().SideToMove())
}

// pairs reports whether undo and redo go by whole move pairs.
func (m *Match) pairs() bool { return m.Cfg.Opponent == OpponentComputer }

// undoTarget is the ply Undo goes back to.
func (m *Match) undoTarget() (int, bool) {
	g := m.Game
	ply := g.Ply()
	if ply == 0 {
		return 0, false
	}
	if !m.pairs() {
		return ply - 1, true
	}
	// Go back until the human is to move again, having taken back at least
	// one of the human's moves.
	tookHuman := false
	for p := ply; p > 0; {
		mover := g.PositionAt(p - 1).SideToMove()
		p--
		if mover == m.Cfg.Human {
			tookHuman = true
		}
		if tookHuman && g.PositionAt(p).SideToMove() == m.Cfg.Human {
			return p, true
		}
	}
	return 0, false
}

// redoTarget is the ply Redo goes forward to.
func (m *Match) redoTarget() (int, bool) {
	g := m.Game
	ply, last := g.Ply(), len(g.AllMoves())
	if ply >= last {
		return ply, false
	}
	if !m.pairs() {
		return ply + 1, true
	}
	for p := ply + 1; p <= last; p++ {
		if g.PositionAt(p).SideToMove() == m.Cfg.Human {
			return p, true
		}
	}
	return last, true
}

// CanUndo reports whether Undo would do anything.
func (m *Match) CanUndo() bool { _, ok := m.undoTarget(); return ok }

// CanRedo reports whether Redo would do anything.
func (m *Match) CanRedo() bool { _, ok := m.redoTarget(); return ok }

// Undo takes back the last move, or against the computer the last move pair
// (the human's move and the computer's answer). It returns the moves taken
// back, last first.
func (m *Match) Undo() []rules.Move {
	to, ok := m.undoTarget()
	if !ok {
		return nil
	}
	g := m.Game
	var undone []rules.Move
	for g.Ply() > to {
		undone = append(undone, g.AllMoves()[g.Ply()-1])
		g.Undo()
	}
	return undone
}

// Redo replays what Undo took back. It returns the moves replayed.
func (m *Match) Redo() []rules.Move {
	to, ok := m.redoTarget()
	if !ok {
		return nil
	}
	g := m.Game
	var redone []rules.Move
	for g.Ply() < to {
		redone = append(redone, g.AllMoves()[g.Ply()])
		g.Redo()
	}
	return redone
}

// Play plays a move.
func (m *Match) Play(mv rules.Move) error { return m.Game.Play(mv) }

// SideName names a side for the players' cards: "You", "Computer",
// "White", "Black".
func (m *Match) SideName(c rules.Color) string {
	switch m.Cfg.Opponent {
	case OpponentComputer:
		if c == m.Cfg.Human {
			return "You"
		}
		return "Computer"
	case OpponentWatch:
		return "Computer " + c.String()
	}
	return c.String()
}

// ResultFor says the result from the human's point of view for a game
// against the computer: +1 won, -1 lost, 0 drawn or not a computer game.
func (m *Match) ResultFor() int {
	o := m.Game.Outcome()
	w, ok := o.Winner()
	if !ok || m.Cfg.Opponent != OpponentComputer {
		return 0
	}
	if w == m.Cfg.Human {
		return 1
	}
	return -1
}
