package main

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
	"time"

	"bashni/ai"
	"bashni/rules"
)

// engine holds the protocol state: the variant, the position given to
// "position" and every position after each of its moves (for "status"), and
// the options.
type engine struct {
	out     *bufio.Writer
	variant rules.Variant
	history []*rules.Position // history[0] is the position given; the last is the current one
	options options
	search  *searchState // the computer player, made at the first "go" (go.go)
}

// options are the values set with "setoption".
type options struct {
	level   int
	hashMiB int
	seed    uint64
	eval    string // "full" or "material" (the baseline of match tests)
}

func newEngine(out *bufio.Writer) *engine {
	e := &engine{out: out, options: options{level: ai.MaxLevel, hashMiB: 64, seed: 1, eval: "full"}}
	e.reset(rules.Bashni)
	return e
}

func (e *engine) reset(v rules.Variant) {
	e.variant = v
	e.history = []*rules.Position{rules.NewPosition(v)}
}

func (e *engine) current() *rules.Position { return e.history[len(e.history)-1] }

func (e *engine) reply(format string, args ...any) {
	fmt.Fprintf(e.out, format+"\n", args...)
}

// handle runs one command line and reports whether the engine should quit.
func (e *engine) handle(line string) (quit bool) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	cmd, args := fields[0], fields[1:]
	var err error
	switch cmd {
	case "isready":
		e.reply("readyok")
	case "variant":
		err = e.cmdVariant(args)
	case "position":
		err = e.cmdPosition(args)
	case "legal":
		err = e.cmdLegal(args)
	case "perft":
		err = e.cmdPerft(args, false)
	case "divide":
		err = e.cmdPerft(args, true)
	case "go":
		err = e.cmdGo(args)
	case "status":
		err = e.cmdStatus(args)
	case "fen":
		if len(args) > 0 {
			err = fmt.Errorf("fen takes no arguments")
		} else {
			e.reply("fen %s", e.current().FEN())
		}
	case "d":
		if len(args) > 0 {
			err = fmt.Errorf("d takes no arguments")
		} else {
			e.out.WriteString(diagram(e.current()))
			e.reply("fen %s", e.current().FEN())
		}
	case "setoption":
		err = e.cmdSetOption(args)
	case "quit":
		return true
	default:
		err = fmt.Errorf("unknown command %q", truncate(cmd))
	}
	if err != nil {
		e.reply("error %s", oneLine(err.Error()))
	}
	return false
}

func (e *engine) cmdVariant(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("usage: variant bashni|lasca")
	}
	v, err := rules.ParseVariant(args[0])
	if err != nil {
		return err
	}
	e.reset(v)
	e.reply("variant %s", strings.ToLower(v.String()))
	return nil
}

// cmdPosition builds the new history completely before replacing the old
// one, so that an error leaves the state unchanged.
func (e *engine) cmdPosition(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("usage: position startpos|fen <FEN> [moves …]")
	}
	movesAt := len(args)
	for i, a := range args {
		if a == "moves" {
			movesAt = i
			break
		}
	}
	var start *rules.Position
	switch args[0] {
	case "startpos":
		if movesAt != 1 {
			return fmt.Errorf("unexpected %q after startpos", truncate(args[1]))
		}
		start = rules.NewPosition(e.variant)
	case "fen":
		if movesAt < 2 {
			return fmt.Errorf("position fen needs a FEN")
		}
		p, err := rules.ParseFEN(e.variant, strings.Join(args[1:movesAt], " "))
		if err != nil {
			return err
		}
		start = p
	default:
		return fmt.Errorf("position wants startpos or fen, not %q", truncate(args[0]))
	}
	history := []*rules.Position{start}
	if movesAt < len(args) {
		for i, text := range args[movesAt+1:] {
			p := history[len(history)-1]
			m, err := p.ParseMove(text)
			if err != nil {
				return fmt.Errorf("move %d: %w", i+1, err)
			}
			history = append(history, p.Play(m))
		}
	}
	e.history = history
	return nil
}

func (e *engine) cmdLegal(args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("legal takes no arguments")
	}
	moves := e.current().LegalMoves(nil)
	var b strings.Builder
	fmt.Fprintf(&b, "legal %d", len(moves))
	for _, m := range moves {
		b.WriteByte(' ')
		b.WriteString(m.String())
	}
	e.reply("%s", b.String())
	return nil
}

// maxPerftDepth keeps a mistyped depth from running for days.
const maxPerftDepth = 30

func (e *engine) cmdPerft(args []string, divide bool) error {
	name := "perft"
	if divide {
		name = "divide"
	}
	if len(args) != 1 {
		return fmt.Errorf("usage: %s <depth>", name)
	}
	d, err := strconv.Atoi(args[0])
	if err != nil || d < 1 || d > maxPerftDepth {
		return fmt.Errorf("%s depth %q is not a number from 1 to %d", name, truncate(args[0]), maxPerftDepth)
	}
	p := *e.current()
	start := time.Now()
	var total uint64
	if divide {
		moves, counts := p.Divide(d)
		for i, m := range moves {
			e.reply("%s %d", m, counts[i])
			total += counts[i]
		}
	} else {
		total = p.Perft(d)
	}
	e.reply("perft %d %d %d", d, total, time.Since(start).Milliseconds())
	return nil
}

func (e *engine) cmdStatus(args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("status takes no arguments")
	}
	e.reply("status %s", rules.StatusOf(e.history).Status())
	return nil
}

func (e *engine) cmdSetOption(args []string) error {
	// setoption name <name> value <value>
	if len(args) != 4 || args[0] != "name" || args[2] != "value" {
		return fmt.Errorf("usage: setoption name <name> value <value>")
	}
	name, value := strings.ToLower(args[1]), args[3]
	o := e.options
	switch name {
	case "level":
		n, err := strconv.Atoi(value)
		if err != nil || n < ai.MinLevel || n > ai.MaxLevel {
			return fmt.Errorf("option level: %q is not a level from %d to %d", truncate(value), ai.MinLevel, ai.MaxLevel)
		}
		o.level = n
	case "hash":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > 4096 {
			return fmt.Errorf("option hash: %q is not a size from 1 to 4096 MiB", truncate(value))
		}
		o.hashMiB = n
	case "seed":
		n, err := strconv.ParseUint(value, 10, 64)
		if err != nil {
			return fmt.Errorf("option seed: %q is not a non-negative integer", truncate(value))
		}
		o.seed = n
	case "eval":
		v := strings.ToLower(value)
		if v != "full" && v != "material" {
			return fmt.Errorf("option eval: %q is not full or material", truncate(value))
		}
		o.eval = v
	default:
		return fmt.Errorf("unknown option %q (known: level, hash, seed, eval)", truncate(args[1]))
	}
	e.options = o
	return nil
}

// diagram draws the board from White's side: each playable square shows its
// column's top piece (w, b men; W, B kings) and its height when taller than
// one; the tall columns' stacks follow.
func diagram(p *rules.Position) string {
	var b strings.Builder
	v := p.Variant()
	n := v.Size()
	files := "    "
	for f := 0; f < n; f++ {
		files += fmt.Sprintf(" %c  ", 'a'+f)
	}
	border := "   +" + strings.Repeat("---+", n)
	b.WriteString(files + "\n" + border + "\n")
	var tall []string
	for r := n - 1; r >= 0; r-- {
		fmt.Fprintf(&b, "%2d |", r+1)
		for f := 0; f < n; f++ {
			sq := rules.SquareAt(f, r)
			c := p.Column(sq)
			cell := "   "
			switch {
			case !v.Playable(sq):
			case c.IsEmpty():
				cell = " . "
			default:
				letter := "w"
				if c.Owner() == rules.Black {
					letter = "b"
				}
				if c.Top().IsKing() {
					letter = strings.ToUpper(letter)
				}
				if c.Height() > 1 {
					cell = fmt.Sprintf("%s%-2d", letter, c.Height())
					tall = append(tall, fmt.Sprintf("%v %s-%s", sq, c.Owner().Letter(), c.Stack()))
				} else {
					cell = " " + letter + " "
				}
			}
			b.WriteString(cell + "|")
		}
		b.WriteString("\n" + border + "\n")
	}
	b.WriteString(files + "\n")
	fmt.Fprintf(&b, "%s to move, H%d, F%d\n", p.SideToMove(), p.HalfmoveClock(), p.FullmoveNumber())
	if len(tall) > 0 {
		// Reverse so the listing reads a1 upward like FEN.
		for i, j := 0, len(tall)-1; i < j; i, j = i+1, j-1 {
			tall[i], tall[j] = tall[j], tall[i]
		}
		b.WriteString("columns: " + strings.Join(tall, ", ") + "\n")
	}
	return b.String()
}

// truncate keeps error messages one short line even for huge input.
func truncate(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
