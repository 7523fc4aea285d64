package main

import (
	"fmt"
	"strings"
	"unicode"

	"bashni/rules"
)

// maxLineMoves is the most moves "position … moves" takes: a real game is a
// few hundred plies, and a line of millions of moves must not cost
// gigabytes and minutes.
const maxLineMoves = 10_000

// maxFENBytes bounds the FEN of "position fen": the longest legal position,
// readable form included, is well under a kilobyte.
const maxFENBytes = 4096

// gameLine is the game given to "position": the position it started from
// and every position after each of its moves, kept as far as "status" (the
// threefold repetition) and "go" (repetitions inside the search) need them.
//
// A capture or a promotion resets the halfmove clock; the positions since
// the last reset, recent, are kept whole (all but the current one shared
// with an equal position seen before), which is all the search looks at. Of the positions before it only their hashes
// are counted, in earlier: there a repetition is found by the 64-bit Zobrist
// hash alone. Memory thus grows with the distinct positions since the last
// capture or promotion, not with the length of the game.
type gameLine struct {
	recent   []*rules.Position
	distinct map[uint64]*rules.Position // recent's positions by hash
	earlier  map[uint64]int             // hash → how often it occurred before recent
}

func newGameLine(start *rules.Position) *gameLine {
	g := &gameLine{earlier: map[uint64]int{}}
	g.startRecent(start)
	return g
}

func (g *gameLine) startRecent(p *rules.Position) {
	g.recent = []*rules.Position{p}
	g.distinct = map[uint64]*rules.Position{}
}

func (g *gameLine) current() *rules.Position { return g.recent[len(g.recent)-1] }

// play adds the position after a move.
func (g *gameLine) play(p *rules.Position) {
	if p.HalfmoveClock() == 0 {
		for _, q := range g.recent {
			g.earlier[q.Hash()]++
		}
		g.startRecent(p)
		return
	}
	// The position that stops being the current one is needed only for
	// its hash and for comparisons, where its counters do not matter: an
	// equal position seen before can stand in for it.
	last := len(g.recent) - 1
	prev := g.recent[last]
	if q, ok := g.distinct[prev.Hash()]; !ok {
		g.distinct[prev.Hash()] = prev
	} else if q != prev && q.Equal(prev) {
		g.recent[last] = q
	}
	g.recent = append(g.recent, p)
}

// history is what rules.StatusOf and the search read: the positions since
// the last capture or promotion, preceded by as many copies of the current
// position as it occurred before them.
func (g *gameLine) history() []*rules.Position {
	cur := g.current()
	n := g.earlier[cur.Hash()]
	if n == 0 {
		return g.recent
	}
	h := make([]*rules.Position, 0, n+len(g.recent))
	for range n {
		h = append(h, cur)
	}
	return append(h, g.recent...)
}

func (g *gameLine) status() rules.Outcome { return rules.StatusOf(g.history()) }

// cmdPosition builds the new game completely before replacing the old one,
// so that an error leaves the state unchanged. args is the rest of the line
// after "position", read word by word: it may be megabytes long.
func (e *engine) cmdPosition(args string) error {
	kind, rest := splitCommand(args)
	fen, moves, hasMoves := cutWord(rest, "moves")
	var start *rules.Position
	switch kind {
	case "startpos":
		if extra := command(fen); extra != "" {
			return fmt.Errorf("unexpected %s after startpos", rules.Quote(extra))
		}
		start = rules.NewPosition(e.variant)
	case "fen":
		if len(fen) > maxFENBytes {
			return fmt.Errorf("a FEN of %d bytes is not a position (at most %d)", len(fen), maxFENBytes)
		}
		fen = strings.Join(strings.Fields(fen), " ")
		if fen == "" {
			return fmt.Errorf("position fen needs a FEN")
		}
		p, err := rules.ParseFEN(e.variant, fen)
		if err != nil {
			return err
		}
		start = p
	case "":
		return fmt.Errorf("usage: position startpos|fen <FEN> [moves …]")
	default:
		return fmt.Errorf("position wants startpos or fen, not %s", rules.Quote(kind))
	}
	g := newGameLine(start)
	if hasMoves {
		n := 0
		for text := range strings.FieldsSeq(moves) {
			n++
			if n > maxLineMoves {
				return fmt.Errorf("more than %d moves: the engine takes games up to %d plies", maxLineMoves, maxLineMoves)
			}
			p := g.current()
			m, err := p.ParseMove(text)
			if err != nil {
				return fmt.Errorf("move %d: %w", n, err)
			}
			next := p.Play(m)
			if next.HalfmoveClock() > rules.MaxCounter || next.FullmoveNumber() > rules.MaxCounter {
				return fmt.Errorf("move %d: the move counters would pass %d, the most a FEN holds", n, rules.MaxCounter)
			}
			g.play(next)
		}
	}
	e.game = g
	return nil
}

// cutWord splits s at the first whitespace-separated word equal to word:
// the text before it, the text after it, and whether it was found.
func cutWord(s, word string) (before, after string, found bool) {
	for i := 0; i < len(s); {
		// Skip spaces, then take one word.
		for i < len(s) && isSpaceByte(s[i]) {
			i++
		}
		j := i
		for j < len(s) && !isSpaceByte(s[j]) {
			j++
		}
		if j > i && s[i:j] == word {
			return s[:i], s[j:], true
		}
		i = j
	}
	return s, "", false
}

// isSpaceByte is unicode.IsSpace for the bytes that can start a space in
// UTF-8 text; words are compared whole, so multi-byte spaces inside them
// only make the comparison fail, as strings.Fields would split there.
func isSpaceByte(b byte) bool { return b < 0x80 && unicode.IsSpace(rune(b)) }
