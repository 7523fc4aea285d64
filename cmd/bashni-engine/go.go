package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"bashni/ai"
	"bashni/rules"
)

// searchState is the computer player behind "go": one ai.Engine, rebuilt or
// reconfigured when "setoption" changed its hash size or seed.
type searchState struct {
	engine  *ai.Engine
	hashMiB int
	seed    uint64
	eval    string
}

// player returns the ai.Engine configured with the current options.
func (e *engine) player() *ai.Engine {
	s := e.search
	if s == nil || s.eval != e.options.eval {
		s = &searchState{
			engine:  ai.NewEngine(ai.Options{HashMiB: e.options.hashMiB, Seed: e.options.seed, MaterialOnly: e.options.eval == "material"}),
			hashMiB: e.options.hashMiB, seed: e.options.seed, eval: e.options.eval,
		}
		e.search = s
	}
	if s.hashMiB != e.options.hashMiB {
		s.engine.SetHashMiB(e.options.hashMiB)
		s.hashMiB = e.options.hashMiB
	}
	if s.seed != e.options.seed {
		s.engine.SetSeed(e.options.seed)
		s.seed = e.options.seed
	}
	return s.engine
}

// cmdGo searches the current position: "go [depth d] [movetime ms] [nodes n]".
// With no limit the engine plays at its level (level 7: about two seconds).
// Given limits bound levels 2–6 further (level 1 does not search); at level 7
// (the full engine) they replace its time budget. Each finished iteration
// prints an info line, then "bestmove <move>", or "bestmove none" when the
// game is over.
func (e *engine) cmdGo(args []string) error {
	var lim ai.Limits
	if len(args)%2 != 0 {
		return fmt.Errorf("usage: go [depth <d>] [movetime <ms>] [nodes <n>]")
	}
	for i := 0; i < len(args); i += 2 {
		name, value := args[i], args[i+1]
		n, err := strconv.ParseInt(value, 10, 64)
		switch name {
		case "depth":
			if err != nil || n < 1 || n > ai.MaxDepth {
				return fmt.Errorf("go depth %q is not a number from 1 to %d", truncate(value), ai.MaxDepth)
			}
			lim.Depth = int(n)
		case "movetime":
			if err != nil || n < 1 || n > 1e9 {
				return fmt.Errorf("go movetime %q is not a positive number of milliseconds", truncate(value))
			}
			lim.MoveTime = time.Duration(n) * time.Millisecond
		case "nodes":
			if err != nil || n < 1 {
				return fmt.Errorf("go nodes %q is not a positive number", truncate(value))
			}
			lim.Nodes = n
		default:
			return fmt.Errorf("unknown go parameter %q (known: depth, movetime, nodes)", truncate(name))
		}
	}
	if rules.StatusOf(e.history).Over() {
		e.reply("bestmove none")
		return nil
	}
	p := e.player()
	info := func(i ai.Info) {
		var b strings.Builder
		fmt.Fprintf(&b, "info depth %d score %d nodes %d nps %d time %d pv", i.Depth, i.Score, i.Nodes, i.NPS, i.Time.Milliseconds())
		for _, m := range i.PV {
			b.WriteByte(' ')
			b.WriteString(m.String())
		}
		e.reply("%s", b.String())
		e.out.Flush()
	}
	var r ai.Result
	if lim != (ai.Limits{}) && e.options.level == ai.MaxLevel {
		r = p.Search(context.Background(), e.history, lim, info)
	} else {
		r = p.PlayLevel(context.Background(), e.history, e.options.level, lim, info)
	}
	e.reply("bestmove %s", r.Best)
	return nil
}
