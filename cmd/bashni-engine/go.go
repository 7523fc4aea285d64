package main

import (
	"context"
	"fmt"
	"runtime/debug"
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
	if s != nil && (s.eval != e.options.eval || s.hashMiB != e.options.hashMiB) {
		e.dropPlayer()
		s = nil
	}
	if s == nil {
		s = &searchState{
			engine:  ai.NewEngine(ai.Options{HashMiB: e.options.hashMiB, Seed: e.options.seed, MaterialOnly: e.options.eval == "material"}),
			hashMiB: e.options.hashMiB, seed: e.options.seed, eval: e.options.eval,
		}
		e.search = s
	}
	if s.seed != e.options.seed {
		s.engine.SetSeed(e.options.seed)
		s.seed = e.options.seed
	}
	return s.engine
}

// dropPlayer lets go of the computer player and its transposition table
// (up to 4 GiB) and hands the memory back, so that a new table is never
// allocated while the old one is still held.
func (e *engine) dropPlayer() {
	if e.search == nil {
		return
	}
	e.search = nil
	debug.FreeOSMemory()
}

// Limits of "go" that could not finish in reasonable time are refused:
// about an hour on a current machine. "go depth 64" with "stop" is the
// open-ended search.
const (
	maxMoveTimeMs = 60 * 60 * 1000
	maxNodes      = 10_000_000_000 // an hour at about three million nodes a second
)

// cmdGo searches the current position: "go [depth d] [movetime ms] [nodes n]".
// With no limit the engine plays at its level (level 7: about two seconds).
// Given limits bound levels 2–6 further (level 1 does not search); at level 7
// (the full engine) they replace its time budget. Each finished iteration
// prints an info line, then "bestmove <move>", or "bestmove none" when the
// game is over.
func (e *engine) cmdGo(args []string) (task, error) {
	var lim ai.Limits
	if len(args)%2 != 0 {
		return nil, fmt.Errorf("usage: go [depth <d>] [movetime <ms>] [nodes <n>]")
	}
	for i := 0; i < len(args); i += 2 {
		name, value := args[i], args[i+1]
		n, err := strconv.ParseInt(value, 10, 64)
		switch name {
		case "depth":
			if err != nil || n < 1 || n > ai.MaxDepth {
				return nil, fmt.Errorf("go depth %s is not a number from 1 to %d", rules.Quote(value), ai.MaxDepth)
			}
			lim.Depth = int(n)
		case "movetime":
			if err != nil || n < 1 {
				return nil, fmt.Errorf("go movetime %s is not a positive number of milliseconds", rules.Quote(value))
			}
			if n > maxMoveTimeMs {
				return nil, fmt.Errorf("go movetime %d is more than an hour (%d ms); for an open-ended search use go depth %d and stop", n, maxMoveTimeMs, ai.MaxDepth)
			}
			lim.MoveTime = time.Duration(n) * time.Millisecond
		case "nodes":
			if err != nil || n < 1 {
				return nil, fmt.Errorf("go nodes %s is not a positive number", rules.Quote(value))
			}
			if n > maxNodes {
				return nil, fmt.Errorf("go nodes %d would take hours (at most %d); for an open-ended search use go depth %d and stop", n, int64(maxNodes), ai.MaxDepth)
			}
			lim.Nodes = n
		default:
			return nil, fmt.Errorf("unknown go parameter %s (known: depth, movetime, nodes)", rules.Quote(name))
		}
	}
	history := e.game.history()
	if rules.StatusOf(history).Over() {
		return func(context.Context) string { return "bestmove none" }, nil
	}
	p := e.player()
	level := e.options.level
	info := func(i ai.Info) {
		var b strings.Builder
		fmt.Fprintf(&b, "info depth %d score %d nodes %d nps %d time %d pv", i.Depth, i.Score, i.Nodes, i.NPS, i.Time.Milliseconds())
		for _, m := range i.PV {
			b.WriteByte(' ')
			b.WriteString(m.String())
		}
		e.reply("%s", b.String())
	}
	return func(ctx context.Context) string {
		var r ai.Result
		if lim != (ai.Limits{}) && level == ai.MaxLevel {
			r = p.Search(ctx, history, lim, info)
		} else {
			r = p.PlayLevel(ctx, history, level, lim, info)
		}
		return "bestmove " + r.Best.String()
	}, nil
}
