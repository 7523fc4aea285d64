package main

import (
	"fmt"
	"strings"
	"time"

	"bashni/rules"
)

// playGame plays game i: opening op with engine i%2 as White. procs are the
// worker's engine processes, started or restarted as needed.
func playGame(c *config, procs *[2]*proc, i int, op []rules.Move, opIndex int) gameResult {
	start := time.Now()
	r := gameResult{index: i, white: i % 2, opening: opIndex}
	// Start the engines and set them up for a new game.
	for e := 0; e < 2; e++ {
		if procs[e] == nil {
			p, err := startProc(c.cmd[e])
			if err != nil {
				fatal(fmt.Errorf("starting engine %d: %w", e+1, err))
			}
			procs[e] = p
			for _, o := range c.opts[e] {
				p.send("setoption name %s value %s", o[0], o[1])
			}
		}
		p := procs[e]
		p.send("variant %s", strings.ToLower(c.variant.String()))
		p.send("isready")
		if _, err := p.until("readyok", 30*time.Second); err != nil {
			// An engine that rejects its options or does not start is a
			// configuration mistake, not a lost game.
			fatal(fmt.Errorf("engine %d (%s) did not get ready: %w", e+1, c.cmd[e], err))
		}
	}
	g := rules.NewGame(c.variant)
	for _, m := range op {
		if err := g.Play(m); err != nil {
			panic(err) // openings are made with package rules
		}
	}
	var moveTexts []string
	for _, m := range op {
		moveTexts = append(moveTexts, m.String())
	}
	for {
		if o := g.Outcome(); o.Over() {
			r.outcome = o
			r.reason = o.Reason.Code()
			break
		}
		if g.Ply() >= c.maxPlies {
			r.outcome = rules.Outcome{Result: rules.Draw}
			r.reason = fmt.Sprintf("adjudicated after %d plies", c.maxPlies)
			break
		}
		side := g.Position().SideToMove()
		e := r.white
		if side == rules.Black {
			e = 1 - r.white
		}
		p := procs[e]
		pos := "position startpos"
		if len(moveTexts) > 0 {
			pos += " moves " + strings.Join(moveTexts, " ")
		}
		p.send("%s", pos)
		p.send("%s", strings.TrimSpace("go "+c.goArgs[e]))
		line, err := p.until("bestmove", c.timeout)
		var m rules.Move
		if err == nil {
			text := strings.TrimSpace(strings.TrimPrefix(line, "bestmove"))
			m, err = g.Position().ParseMove(text)
			switch {
			case err != nil:
				err = fmt.Errorf("illegal move %q: %v", text, err)
			case m.String() != text:
				err = fmt.Errorf("move %q not written as the full route %q", text, m.String())
			}
		}
		if err != nil {
			if err == errTimeout {
				err = fmt.Errorf("lost on time (no bestmove within %v)", c.timeout)
			}
			r.faults[e] = fmt.Sprintf("%s at ply %d: %v", c.name[e], g.Ply()+1, err)
			r.outcome = rules.Outcome{Result: rules.WinFor(side.Opponent())}
			r.reason = "fault of " + c.name[e] + ": " + err.Error()
			p.kill()
			procs[e] = nil
			break
		}
		if err := g.Play(m); err != nil {
			panic(err) // ParseMove returned a legal move
		}
		moveTexts = append(moveTexts, m.String())
	}
	r.plies = g.Ply()
	r.moves = g.Moves()
	r.duration = time.Since(start)
	switch w, ok := r.outcome.Winner(); {
	case !ok:
		r.score1 = 0.5
	case (w == rules.White) == (r.white == 0):
		r.score1 = 1
	default:
		r.score1 = 0
	}
	return r
}
