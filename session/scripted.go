package session

import "bashni/rules"

// Script answers a turn for a ScriptedPlayer: the move to play, or false
// for none (the lesson or puzzle is over: the player then waits).
type Script func(t *Turn) (rules.Move, bool)

// ScriptedPlayer plays the answers of a script: a lesson's or a puzzle's
// line. It answers Delay ticks after its turn begins, so that the person
// sees their own move land first.
type ScriptedPlayer struct {
	script Script
	delay  int64

	pending bool
	move    rules.Move
	ply     int
	due     int64
}

// NewScripted returns a player answering from script, delay ticks after
// each turn begins.
func NewScripted(script Script, delay int64) *ScriptedPlayer {
	return &ScriptedPlayer{script: script, delay: delay}
}

// Kind is Scripted.
func (p *ScriptedPlayer) Kind() Kind { return Scripted }

// Begin looks up the answer.
func (p *ScriptedPlayer) Begin(t Turn) {
	p.pending = false
	if mv, ok := p.script(&t); ok {
		p.pending, p.move, p.ply, p.due = true, mv, t.Ply, t.Now+p.delay
	}
}

// Cancel forgets the answer.
func (p *ScriptedPlayer) Cancel() { p.pending = false }

// Observe does nothing: the script sees the game in each Turn.
func (p *ScriptedPlayer) Observe(*Event) {}

// Poll plays the answer when it is due.
func (p *ScriptedPlayer) Poll(now int64) (Action, bool) {
	if !p.pending || now < p.due {
		return Action{}, false
	}
	p.pending = false
	return Action{Kind: ActMove, Move: p.move, Ply: p.ply}, true
}

// Line is a script that follows line, the moves of the game from its start
// (both sides'): while the game has followed it, the answer at ply n is
// line[n]. Once the game has left it (a puzzle's wrong try), off answers
// (nil: no answer).
func Line(line []rules.Move, off Script) Script {
	return func(t *Turn) (rules.Move, bool) {
		on := len(t.Moves) < len(line)
		for i := 0; on && i < len(t.Moves); i++ {
			on = t.Moves[i] == line[i]
		}
		switch {
		case on:
			return line[len(t.Moves)], true
		case off != nil && !followed(t.Moves, line):
			return off(t)
		}
		return rules.Move{}, false
	}
}

// followed reports whether moves are line, or line and more: the line was
// played to its end.
func followed(moves, line []rules.Move) bool {
	if len(moves) < len(line) {
		return false
	}
	for i := range line {
		if moves[i] != line[i] {
			return false
		}
	}
	return true
}
