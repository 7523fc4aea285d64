package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"bashni/ai"
	"bashni/rules"
)

// engine holds the protocol state: the variant, the game given to
// "position" (game.go) and the options.
type engine struct {
	out     *lineWriter
	variant rules.Variant
	game    *gameLine
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

func newEngine(out *lineWriter) *engine {
	e := &engine{out: out, options: options{level: ai.MaxLevel, hashMiB: 64, seed: 1, eval: "full"}}
	e.reset(rules.Bashni)
	return e
}

func (e *engine) reset(v rules.Variant) {
	e.variant = v
	e.game = newGameLine(rules.NewPosition(v))
}

func (e *engine) current() *rules.Position { return e.game.current() }

func (e *engine) reply(format string, args ...any) {
	e.out.write(fmt.Sprintf(format, args...) + "\n")
}

// handle runs one command line to its end and reports whether the engine
// should quit. (serve runs the long commands alongside the input instead.)
func (e *engine) handle(line string) (quit bool) {
	run, quit := e.dispatch(line)
	if run != nil {
		e.out.write(run(context.Background()) + "\n")
	}
	return quit
}

// maxArgs bounds the arguments of every command but "position", whose moves
// are read one at a time: a line of millions of words must not become
// millions of strings.
const maxArgs = 8

// dispatch runs a short command, or checks a long one (go, perft, divide)
// and returns it to be run. Errors are answered here.
func (e *engine) dispatch(line string) (run task, quit bool) {
	cmd, rest := splitCommand(line)
	if cmd == "" {
		return nil, false
	}
	if cmd == "position" {
		if err := e.cmdPosition(rest); err != nil {
			e.reply("error %s", oneLine(err.Error()))
		}
		return nil, false
	}
	args, ok := fieldsUpTo(rest, maxArgs)
	var err error
	switch {
	case !ok:
		err = fmt.Errorf("%s: more than %d arguments", rules.Quote(cmd), maxArgs)
	case cmd == "isready":
		e.reply("readyok")
	case cmd == "variant":
		err = e.cmdVariant(args)
	case cmd == "legal":
		err = e.cmdLegal(args)
	case cmd == "perft":
		run, err = e.cmdPerft(args, false)
	case cmd == "divide":
		run, err = e.cmdPerft(args, true)
	case cmd == "go":
		run, err = e.cmdGo(args)
	case cmd == "stop":
		// Nothing is running: nothing to stop.
	case cmd == "status":
		err = e.cmdStatus(args)
	case cmd == "fen":
		if len(args) > 0 {
			err = fmt.Errorf("fen takes no arguments")
		} else {
			e.reply("fen %s", e.current().FEN())
		}
	case cmd == "d":
		if len(args) > 0 {
			err = fmt.Errorf("d takes no arguments")
		} else {
			e.out.write(diagram(e.current()) + "fen " + e.current().FEN() + "\n")
		}
	case cmd == "setoption":
		err = e.cmdSetOption(args)
	case cmd == "quit":
		return nil, true
	default:
		err = fmt.Errorf("unknown command %s", rules.Quote(cmd))
	}
	if err != nil {
		e.reply("error %s", oneLine(err.Error()))
		return nil, false
	}
	return run, false
}

// splitCommand returns the first word of line and the rest.
func splitCommand(line string) (cmd, rest string) {
	line = strings.TrimLeftFunc(line, unicode.IsSpace)
	end := strings.IndexFunc(line, unicode.IsSpace)
	if end < 0 {
		return line, ""
	}
	return line[:end], line[end:]
}

// command is the first word of line.
func command(line string) string {
	cmd, _ := splitCommand(line)
	return cmd
}

// fieldsUpTo splits s into words, or reports false if there are more than n.
func fieldsUpTo(s string, n int) ([]string, bool) {
	var fields []string
	for f := range strings.FieldsSeq(s) {
		if len(fields) == n {
			return nil, false
		}
		fields = append(fields, f)
	}
	return fields, true
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

// maxPerftDepth is the deepest perft the engine starts. From the Bashni
// start, perft 13 counts about 3·10⁹ routes (under a minute here); every
// ply more multiplies the time by five or more, and positions with kings
// by far more. "stop" ends any perft.
const maxPerftDepth = 13

// perftLeafDepth is the depth of the subtrees counted without looking at
// stop in between; each takes at most milliseconds.
const perftLeafDepth = 5

func (e *engine) cmdPerft(args []string, divide bool) (task, error) {
	name := "perft"
	if divide {
		name = "divide"
	}
	if len(args) != 1 {
		return nil, fmt.Errorf("usage: %s <depth>", name)
	}
	d, err := strconv.Atoi(args[0])
	if err != nil || d < 1 {
		return nil, fmt.Errorf("%s depth %s is not a number from 1 to %d", name, rules.Quote(args[0]), maxPerftDepth)
	}
	if d > maxPerftDepth {
		return nil, fmt.Errorf("%s depth %d would take hours: the engine counts to depth %d at most", name, d, maxPerftDepth)
	}
	p := *e.current()
	return func(ctx context.Context) string {
		start := time.Now()
		var total uint64
		if divide {
			var u rules.Undo
			for _, m := range p.LegalMoves(nil) {
				p.MakeMove(&m, &u)
				n, err := perft(ctx, &p, d-1)
				p.UnmakeMove(&m, &u)
				if err != nil {
					return "error " + err.Error()
				}
				e.reply("%s %d", m, n)
				total += n
			}
		} else {
			n, err := perft(ctx, &p, d)
			if err != nil {
				return "error " + err.Error()
			}
			total = n
		}
		return fmt.Sprintf("perft %d %d %d", d, total, time.Since(start).Milliseconds())
	}, nil
}

// perft is rules.Position.Perft that looks at ctx between subtrees of
// perftLeafDepth plies, so that stop ends a deep count at once. p is
// restored before it returns.
func perft(ctx context.Context, p *rules.Position, depth int) (uint64, error) {
	if depth <= perftLeafDepth {
		if ctx.Err() != nil {
			return 0, errStopped
		}
		return p.Perft(depth), nil
	}
	var n uint64
	var u rules.Undo
	for _, m := range p.LegalMoves(nil) {
		p.MakeMove(&m, &u)
		c, err := perft(ctx, p, depth-1)
		p.UnmakeMove(&m, &u)
		if err != nil {
			return 0, err
		}
		n += c
	}
	return n, nil
}

func (e *engine) cmdStatus(args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("status takes no arguments")
	}
	e.reply("status %s", e.game.status().Status())
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
			return fmt.Errorf("option level: %s is not a level from %d to %d", rules.Quote(value), ai.MinLevel, ai.MaxLevel)
		}
		o.level = n
	case "hash":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > 4096 {
			return fmt.Errorf("option hash: %s is not a size from 1 to 4096 MiB", rules.Quote(value))
		}
		o.hashMiB = n
	case "seed":
		n, err := strconv.ParseUint(value, 10, 64)
		if err != nil {
			return fmt.Errorf("option seed: %s is not a non-negative integer", rules.Quote(value))
		}
		o.seed = n
	case "eval":
		v := strings.ToLower(value)
		if v != "full" && v != "material" {
			return fmt.Errorf("option eval: %s is not full or material", rules.Quote(value))
		}
		o.eval = v
	default:
		return fmt.Errorf("unknown option %s (known: level, hash, seed, eval)", rules.Quote(args[1]))
	}
	if o.hashMiB != e.options.hashMiB || o.eval != e.options.eval {
		// The next search needs a new table: free the old one now, not
		// while the new one is being allocated.
		e.dropPlayer()
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

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
