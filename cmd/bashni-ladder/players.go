package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"bashni/ai"
	"bashni/rules"
)

// A player chooses the move in the last position of a game's history. Each
// game gets players of its own (newPlayer), so games can run at once and a
// game's moves depend only on its seeds.
type player interface {
	move(history []*rules.Position) rules.Move
}

// spec is a parsed player name:
//
//	greedy       the scripted newcomer (ai.Greedy)
//	random       a uniformly random legal move
//	hint         every move the hint's (ai.Hint, ai.HintNodes nodes)
//	hint=NODES   the same with another node budget
//	1 … 7        a level (also level=N)
//	glance=H/N/S/C/E          a level-1-like glance of one's own (ai.Glance:
//	                          hops, notice %, sight, careless %, noise cp)
//	search=D/N/Q/M            a searching level of one's own (ai.Level:
//	                          depth, nodes, capture plies, margin cp)
//
// The last two are for tuning the levels (ai/TUNING.md).
type spec struct {
	kind  string // "greedy", "random", "hint", "level", "custom"
	level int
	nodes int64
	name  string   // of a custom level
	lv    ai.Level // a custom level
}

func parseSpec(s string) (spec, error) {
	s = strings.TrimSpace(s)
	name, arg, hasArg := strings.Cut(s, "=")
	switch {
	case s == "greedy", s == "random":
		return spec{kind: s}, nil
	case name == "hint" && !hasArg:
		return spec{kind: "hint", nodes: ai.HintNodes}, nil
	case name == "hint":
		n, err := strconv.ParseInt(arg, 10, 64)
		if err != nil || n <= 0 {
			return spec{}, fmt.Errorf("player %q: the hint's budget must be a positive number of nodes", s)
		}
		return spec{kind: "hint", nodes: n}, nil
	case name == "level" && hasArg:
		s = arg
	case name == "glance" || name == "search":
		return parseCustom(name, arg)
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return spec{}, fmt.Errorf("player %q: want greedy, random, hint, hint=NODES or a level %d–%d", s, ai.MinLevel, ai.MaxLevel)
	}
	if n < ai.MinLevel || n > ai.MaxLevel {
		return spec{}, fmt.Errorf("player %q: levels go from %d to %d", s, ai.MinLevel, ai.MaxLevel)
	}
	return spec{kind: "level", level: n}, nil
}

// parseCustom reads the fields of a level of one's own.
func parseCustom(kind, arg string) (spec, error) {
	parts := strings.Split(arg, "/")
	want := map[string]int{"glance": 5, "search": 4}[kind]
	if len(parts) != want {
		return spec{}, fmt.Errorf("player %s=%s: want %d numbers separated by /", kind, arg, want)
	}
	n := make([]int, len(parts))
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 {
			return spec{}, fmt.Errorf("player %s=%s: %q is not a number ≥ 0", kind, arg, p)
		}
		n[i] = v
	}
	var lv ai.Level
	if kind == "glance" {
		if n[0] < 1 || n[2] < 1 {
			return spec{}, fmt.Errorf("player %s=%s: hops and sight must be at least 1", kind, arg)
		}
		lv.Glance = ai.Glance{Hops: n[0], NoticePercent: n[1], Sight: n[2], CarelessPercent: n[3], Noise: n[4]}
	} else {
		if n[0] == 0 && n[1] == 0 {
			return spec{}, fmt.Errorf("player %s=%s: a search needs a depth or a node budget", kind, arg)
		}
		lv = ai.Level{Depth: n[0], Nodes: int64(n[1]), QLimit: n[2], Margin: n[3], OpeningPlies: 8, OpeningMargin: n[3]}
	}
	return spec{kind: "custom", name: kind + " " + arg, lv: lv}, nil
}

func (s spec) String() string {
	switch s.kind {
	case "custom":
		return s.name
	case "level":
		return fmt.Sprintf("level %d", s.level)
	case "hint":
		if s.nodes == ai.HintNodes {
			return "hints"
		}
		return fmt.Sprintf("hints at %d nodes", s.nodes)
	}
	return s.kind
}

// newPlayer makes a fresh player of kind s with its own random source.
func newPlayer(s spec, seed uint64) player {
	switch s.kind {
	case "greedy":
		return greedyPlayer{rand.New(rand.NewPCG(seed, 0x67726565))}
	case "random":
		return randomPlayer{rand.New(rand.NewPCG(seed, 0x72616e64))}
	case "hint":
		return hintPlayer{ai.NewEngine(ai.Options{Seed: seed}), s.nodes}
	}
	if s.kind == "custom" {
		return customPlayer{ai.NewEngine(ai.Options{Seed: seed, HashMiB: 8}), s.lv}
	}
	return levelPlayer{ai.NewEngine(ai.Options{Seed: seed, HashMiB: 8}), s.level}
}

type customPlayer struct {
	e  *ai.Engine
	lv ai.Level
}

func (c customPlayer) move(h []*rules.Position) rules.Move {
	return c.e.Play(context.Background(), h, c.lv, ai.Limits{}, nil).Best
}

type greedyPlayer struct{ rng *rand.Rand }

func (g greedyPlayer) move(h []*rules.Position) rules.Move { return ai.Greedy(h[len(h)-1], g.rng) }

type randomPlayer struct{ rng *rand.Rand }

func (r randomPlayer) move(h []*rules.Position) rules.Move {
	ms := h[len(h)-1].LegalMoves(nil)
	if len(ms) == 0 {
		return rules.Move{}
	}
	return ms[r.rng.IntN(len(ms))]
}

type levelPlayer struct {
	e     *ai.Engine
	level int
}

func (l levelPlayer) move(h []*rules.Position) rules.Move {
	return l.e.ChooseMove(context.Background(), h, l.level)
}

// hintPlayer plays the hint of every position: what a player who pressed
// Hint every move and followed it would play.
type hintPlayer struct {
	e     *ai.Engine
	nodes int64
}

func (p hintPlayer) move(h []*rules.Position) rules.Move { return p.analyse(h).Best }

// analyse is the hint with its score and line.
func (p hintPlayer) analyse(h []*rules.Position) ai.Analysis {
	if p.nodes == ai.HintNodes {
		return p.e.Hint(context.Background(), h)
	}
	return p.e.Analyse(context.Background(), h, ai.Limits{Nodes: p.nodes}, nil)
}
