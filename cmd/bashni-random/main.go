// Command bashni-random is the floor of the strength ladder: a player that
// answers every "go" with a legal move chosen uniformly at random. It speaks
// the part of the engine protocol (shared/PROTOCOL.md) that bashni-match
// uses: isready, variant, position, setoption name seed, go, quit.
//
//	go build -o /tmp/r ./cmd/bashni-random
//	bashni-match -engine1 /tmp/e -opt1 level=1 -go1 "" -engine2 /tmp/r -go2 "" -games 40
package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"

	"bashni/rules"
)

func main() {
	if err := serve(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "bashni-random:", err)
		os.Exit(1)
	}
}

// mover is the protocol state: the game so far and the random source.
type mover struct {
	variant rules.Variant
	game    *rules.Game
	rng     *rand.Rand
}

func newMover(seed uint64) *mover {
	m := &mover{rng: rand.New(rand.NewPCG(seed, 0x7a4d))}
	m.reset(rules.Bashni)
	return m
}

func (m *mover) reset(v rules.Variant) {
	m.variant = v
	m.game = rules.NewGame(v)
}

// serve answers the commands read from in until quit or the end of input.
func serve(in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	w := bufio.NewWriter(out)
	m := newMover(1)
	for sc.Scan() {
		reply, quit := m.handle(sc.Text())
		if reply != "" {
			fmt.Fprintln(w, reply)
		}
		if err := w.Flush(); err != nil {
			return fmt.Errorf("writing: %w", err)
		}
		if quit {
			return nil
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading: %w", err)
	}
	return nil
}

// handle runs one command and returns its reply ("" for none).
func (m *mover) handle(line string) (reply string, quit bool) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return "", false
	}
	var err error
	switch args := fields[1:]; fields[0] {
	case "isready":
		return "readyok", false
	case "quit":
		return "", true
	case "variant":
		var v rules.Variant
		if len(args) != 1 {
			err = fmt.Errorf("usage: variant bashni|lasca")
		} else if v, err = rules.ParseVariant(args[0]); err == nil {
			m.reset(v)
			return "variant " + strings.ToLower(v.String()), false
		}
	case "position":
		err = m.position(args)
	case "setoption":
		err = m.setOption(args)
	case "go":
		if m.game.Outcome().Over() {
			return "bestmove none", false
		}
		moves := m.game.LegalMoves()
		return "bestmove " + moves[m.rng.IntN(len(moves))].String(), false
	default:
		err = fmt.Errorf("unknown command %q", clip(fields[0]))
	}
	if err != nil {
		return "error " + err.Error(), false
	}
	return "", false
}

// position sets the game: "startpos" or "fen <FEN>", then "moves …". An
// error leaves the game as it was.
func (m *mover) position(args []string) error {
	movesAt := slices.Index(args, "moves")
	if movesAt < 0 {
		movesAt = len(args)
	}
	var start *rules.Position
	switch {
	case len(args) > 0 && args[0] == "startpos" && movesAt == 1:
		start = rules.NewPosition(m.variant)
	case len(args) > 1 && args[0] == "fen" && movesAt > 1:
		p, err := rules.ParseFEN(m.variant, strings.Join(args[1:movesAt], " "))
		if err != nil {
			return err
		}
		start = p
	default:
		return fmt.Errorf("usage: position startpos|fen <FEN> [moves …]")
	}
	g := rules.NewGameFrom(start)
	for i, text := range args[min(movesAt+1, len(args)):] {
		if _, err := g.PlayText(text); err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	m.game = g
	return nil
}

// setOption knows only the seed of the random choices.
func (m *mover) setOption(args []string) error {
	if len(args) != 4 || args[0] != "name" || args[2] != "value" {
		return fmt.Errorf("usage: setoption name <name> value <value>")
	}
	if strings.ToLower(args[1]) != "seed" {
		return fmt.Errorf("unknown option %q (known: seed)", clip(args[1]))
	}
	seed, err := strconv.ParseUint(args[3], 10, 64)
	if err != nil {
		return fmt.Errorf("option seed: %q is not a non-negative integer", clip(args[3]))
	}
	m.rng = rand.New(rand.NewPCG(seed, 0x7a4d))
	return nil
}

// clip keeps quoted input short in error messages.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
