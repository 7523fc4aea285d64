// Command bashni-match plays matches between two protocol engines
// (shared/PROTOCOL.md) and reports wins, draws, losses and an Elo estimate.
//
// Openings are random plies from the start position (only openings in which
// both sides still control the same number of pieces are kept); each is
// played twice, once with each engine as White. Every move is checked with
// package rules; an engine that sends an illegal move, crashes, or exceeds
// its time loses the game, and the report says so. Games end by the rules
// (no move, threefold repetition, the 30-ply rule of Bashni) or, after
// -maxplies plies, as adjudicated draws.
//
// Example, full strength against a depth-2 material-only baseline:
//
//	go build -o /tmp/e ./cmd/bashni-engine
//	bashni-match -engine1 /tmp/e -engine2 /tmp/e -opt2 eval=material -go2 "depth 2" -games 40 -movetime 1000
//
// and level 3 against level 2, each at its own budget:
//
//	bashni-match -engine1 /tmp/e -opt1 level=3 -engine2 /tmp/e -opt2 level=2 -go1 "" -go2 "" -games 40
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"time"

	"bashni/rules"
)

type config struct {
	cmd      [2]string
	opts     [2][][2]string
	goArgs   [2]string
	name     [2]string
	variant  rules.Variant
	games    int
	plies    int
	seed     uint64
	maxPlies int
	timeout  time.Duration
	workers  int
	verbose  bool
	pgn      string
}

func main() {
	var c config
	var opt1, opt2, variant string
	var movetime int
	var go1, go2 string
	flag.StringVar(&c.cmd[0], "engine1", "", "command of engine 1 (run with sh -c)")
	flag.StringVar(&c.cmd[1], "engine2", "", "command of engine 2 (default: engine1)")
	flag.StringVar(&opt1, "opt1", "", "options of engine 1: name=value,name=value (setoption)")
	flag.StringVar(&opt2, "opt2", "", "options of engine 2")
	flag.StringVar(&c.name[0], "name1", "", "name of engine 1 in the report (default: from its options)")
	flag.StringVar(&c.name[1], "name2", "", "name of engine 2 in the report")
	flag.IntVar(&movetime, "movetime", 1000, "time per move in ms: each engine gets \"go movetime <ms>\" unless -go1/-go2 say otherwise")
	flag.StringVar(&go1, "go1", "-", "arguments of engine 1's go command (\"\" for a bare go: the engine's level decides); default movetime")
	flag.StringVar(&go2, "go2", "-", "arguments of engine 2's go command")
	flag.StringVar(&variant, "variant", "bashni", "bashni or lasca")
	flag.IntVar(&c.games, "games", 40, "number of games (rounded up to even: each opening is played with both colours)")
	flag.IntVar(&c.plies, "openings", 6, "random plies of each opening")
	flag.Uint64Var(&c.seed, "seed", 1, "random seed of the openings")
	flag.IntVar(&c.maxPlies, "maxplies", 400, "plies after which a game is adjudicated a draw")
	timeout := flag.Duration("timeout", 0, "longest wait for a bestmove before the engine loses on time (default: 2×movetime + 5 s, or 120 s when go has no movetime)")
	flag.IntVar(&c.workers, "concurrency", 1, "games played at once (each with its own engine processes)")
	flag.BoolVar(&c.verbose, "v", false, "print every game")
	flag.StringVar(&c.pgn, "pgn", "", "write the games to this file")
	flag.Parse()
	if c.cmd[0] == "" {
		fmt.Fprintln(os.Stderr, "bashni-match: -engine1 is required")
		flag.Usage()
		os.Exit(2)
	}
	if c.cmd[1] == "" {
		c.cmd[1] = c.cmd[0]
	}
	v, err := rules.ParseVariant(variant)
	if err != nil {
		fatal(err)
	}
	c.variant = v
	for i, s := range []string{opt1, opt2} {
		if c.opts[i], err = parseOptions(s); err != nil {
			fatal(err)
		}
	}
	for i, g := range []string{go1, go2} {
		if g == "-" {
			g = fmt.Sprintf("movetime %d", movetime)
		}
		c.goArgs[i] = strings.TrimSpace(g)
		if c.name[i] == "" {
			c.name[i] = defaultName(i, c.opts[i], c.goArgs[i])
		}
	}
	c.timeout = *timeout
	if c.timeout == 0 {
		c.timeout = 120 * time.Second
		if strings.Contains(go1+go2, "movetime") || go1 == "-" || go2 == "-" {
			c.timeout = 2*time.Duration(movetime)*time.Millisecond + 5*time.Second
		}
	}
	c.games += c.games % 2
	s := run(&c, os.Stdout)
	fmt.Print(s.report(&c))
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "bashni-match:", err)
	os.Exit(2)
}

func parseOptions(s string) ([][2]string, error) {
	var out [][2]string
	for _, kv := range strings.Split(s, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("option %q is not name=value", kv)
		}
		out = append(out, [2]string{k, v})
	}
	return out, nil
}

func defaultName(i int, opts [][2]string, goArgs string) string {
	parts := []string{fmt.Sprintf("engine%d", i+1)}
	for _, o := range opts {
		parts = append(parts, o[0]+"="+o[1])
	}
	if goArgs != "" {
		parts = append(parts, "go "+goArgs)
	}
	return strings.Join(parts, " ")
}

// openings makes n/2 random openings of plies plies in which both sides
// control the same number of pieces and the game goes on.
func openings(v rules.Variant, n, plies int, seed uint64) [][]rules.Move {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	var out [][]rules.Move
	for tries := 0; len(out) < n && tries < 1000*n; tries++ {
		g := rules.NewGame(v)
		for g.Ply() < plies && !g.Outcome().Over() {
			ms := g.LegalMoves()
			g.Play(ms[rng.IntN(len(ms))])
		}
		if g.Outcome().Over() || g.Ply() < plies || !balanced(g.Position()) {
			continue
		}
		out = append(out, append([]rules.Move(nil), g.Moves()...))
	}
	return out
}

// balanced reports whether both sides control as many pieces (pieces of
// their colour in their own columns' top layers).
func balanced(p *rules.Position) bool {
	var n [2]int
	for _, sq := range p.Variant().Squares() {
		c := p.Column(sq)
		if c.IsEmpty() {
			continue
		}
		own, _, _, _ := c.Census()
		n[c.Owner()] += own
	}
	return n[0] == n[1]
}

// result of one game from engine 1's view.
type gameResult struct {
	index    int
	white    int // the engine (0 or 1) that had White
	outcome  rules.Outcome
	reason   string // how it ended, in words
	plies    int
	moves    []rules.Move
	opening  int
	faults   [2]string // a crash, illegal move or timeout of each engine
	score1   float64   // engine 1's points
	duration time.Duration
}

type summary struct {
	results []gameResult
}

func run(c *config, log *os.File) *summary {
	ops := openings(c.variant, c.games/2, c.plies, c.seed)
	if len(ops) < c.games/2 {
		fatal(fmt.Errorf("could only make %d balanced openings of %d plies", len(ops), c.plies))
	}
	jobs := make(chan int)
	results := make(chan gameResult)
	var wg sync.WaitGroup
	for w := 0; w < max(1, c.workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var procs [2]*proc
			defer func() {
				for _, p := range procs {
					if p != nil {
						p.close()
					}
				}
			}()
			for i := range jobs {
				results <- playGame(c, &procs, i, ops[i/2], i/2)
			}
		}()
	}
	go func() {
		for i := 0; i < c.games; i++ {
			jobs <- i
		}
		close(jobs)
	}()
	go func() { wg.Wait(); close(results) }()
	s := &summary{results: make([]gameResult, 0, c.games)}
	var w, d, l int
	for r := range results {
		s.results = append(s.results, r)
		switch r.score1 {
		case 1:
			w++
		case 0:
			l++
		default:
			d++
		}
		if c.verbose || r.faults[0] != "" || r.faults[1] != "" {
			fmt.Fprintf(log, "game %d (opening %d, %s White): %s %s after %d plies [%v]  total +%d =%d -%d\n",
				r.index+1, r.opening+1, c.name[r.white], r.outcome.Result.Score(), r.reason, r.plies, r.duration.Round(time.Second), w, d, l)
		}
	}
	if c.pgn != "" {
		if err := writePGN(c, s); err != nil {
			fmt.Fprintln(os.Stderr, "bashni-match: writing PGN:", err)
		}
	}
	return s
}
