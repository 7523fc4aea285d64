package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/signal"
	"sort"
	"strings"
	"time"

	"bashni/ai"
	"bashni/learn/puzzles"
	"bashni/rules"
)

// found is one line of gen's output: a puzzle with its variant.
type found struct {
	Variant string `json:"variant"`
	puzzles.Puzzle
}

func genCmd(args []string) error {
	fs := flag.NewFlagSet("gen", flag.ExitOnError)
	variant := fs.String("variant", "bashni", "bashni or lasca")
	games := fs.Int("games", 100, "self-play games to play (ignored with -pdn)")
	seed := fs.Uint64("seed", 1, "random seed of the self-play games")
	levels := fs.String("levels", "1,2,3,4", "computer levels the self-play games draw each side's level from")
	pdn := fs.String("pdn", "", "take the games from this file of game records instead of self-play")
	out := fs.String("out", "", "append the puzzles found to this file (JSON lines); required")
	duration := fs.Duration("duration", 0, "stop after this long (0: when the games are done)")
	c := defaultCriteria
	fs.Int64Var(&c.quickNodes, "quick", c.quickNodes, "nodes of the filter search of each position")
	fs.Int64Var(&c.deepNodes, "deep", c.deepNodes, "nodes of the deep search that proves the first move")
	fs.Int64Var(&c.lineNodes, "linenodes", c.lineNodes, "nodes of each search along the line")
	fs.IntVar(&c.margin, "margin", c.margin, "lead of the best move over the second, centipawns")
	fs.IntVar(&c.minEval, "mineval", c.minEval, "score of the best move, centipawns")
	fs.IntVar(&c.maxPrior, "prior", c.maxPrior, "the opponent's score before its last move may not be below minus this, centipawns")
	fs.IntVar(&c.maxAhead, "ahead", c.maxAhead, "the player's material lead at the start at most")
	fs.IntVar(&c.minGain, "gain", c.minGain, "material the line must win (a man 1, a king 3)")
	fs.IntVar(&c.minMoves, "minmoves", c.minMoves, "legal moves the puzzle's position must have at least (few puzzles may start with only two: the choice is too easy)")
	fs.IntVar(&c.maxMoves, "moves", c.maxMoves, "most moves of the player in a line")
	random := fs.Float64("random", 0, "share of the self-play plies played at random (random-ish playouts: more mistakes to punish)")
	fs.Bool("nolevel", true, "ignored (computer levels no longer rate puzzles); kept so that older commands run")
	theme := fs.String("theme", "", "keep only puzzles of this theme (e.g. blockade; then -ahead 99 -prior 30000 let decided games in)")
	fs.Parse(args)
	if *out == "" {
		return errors.New("gen: -out is required")
	}
	if *theme != "" {
		t, err := puzzles.ParseTheme(*theme)
		if err != nil {
			return err
		}
		c.theme = t
	}
	v, err := rules.ParseVariant(*variant)
	if err != nil {
		return err
	}
	var lv []int
	for _, s := range strings.Split(*levels, ",") {
		var n int
		if _, err := fmt.Sscan(strings.TrimSpace(s), &n); err != nil || n < ai.MinLevel || n > ai.MaxLevel {
			return fmt.Errorf("gen: bad level %q in -levels", s)
		}
		lv = append(lv, n)
	}
	w, err := os.OpenFile(*out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer w.Close()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *duration > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *duration)
		defer cancel()
	}
	st := &stats{}
	f := newFinder(c, st)
	began := time.Now()
	emit := func(pzs []*puzzles.Puzzle) error {
		for _, pz := range pzs {
			b, err := json.Marshal(found{Variant: v.String(), Puzzle: *pz})
			if err != nil {
				return err
			}
			if _, err := w.Write(append(b, '\n')); err != nil {
				return fmt.Errorf("writing %s: %w", *out, err)
			}
			fmt.Printf("%6.0fs  %-8s rating %4d  %s  %s  %v\n", time.Since(began).Seconds(),
				pz.Source, pz.Rating, pz.Setup, strings.Join(pz.Line, " "), pz.Themes)
		}
		return nil
	}
	if *pdn != "" {
		recs, err := readRecords(*pdn)
		if err != nil {
			return err
		}
		for i, g := range recs {
			if ctx.Err() != nil {
				break
			}
			if g.Variant() != v {
				continue
			}
			src := fmt.Sprintf("%s game %d", baseName(*pdn), i+1)
			if err := emit(f.scanGame(ctx, v, g.History(), g.Moves(), src)); err != nil {
				return err
			}
		}
	} else {
		rng := rand.New(rand.NewPCG(*seed, 0x9e3779b9))
		player := ai.NewEngine(ai.Options{HashMiB: 16, Seed: *seed})
		for i := 0; i < *games && ctx.Err() == nil; i++ {
			levels := [2]int{lv[rng.IntN(len(lv))], lv[rng.IntN(len(lv))]}
			g := selfPlay(ctx, v, player, rng, levels, *random)
			src := fmt.Sprintf("selfplay %d/%d L%d-L%d", *seed, i+1, levels[0], levels[1])
			if *random > 0 {
				src = fmt.Sprintf("playout %d/%d L%d-L%d r%.2f", *seed, i+1, levels[0], levels[1], *random)
			}
			if err := emit(f.scanGame(ctx, v, g.History(), g.Moves(), src)); err != nil {
				return err
			}
		}
	}
	el := time.Since(began)
	fmt.Printf("\n%v: %d games, %d positions, %d passed the filter, %d deep checks, %d puzzles in %v (%.1f an hour)\n",
		v, st.games, st.positions, st.filtered, st.deep, st.kept, el.Round(time.Second), float64(st.kept)/el.Hours())
	var why []string
	for k, n := range st.rejected {
		why = append(why, fmt.Sprintf("  %5d %s", n, k))
	}
	sort.Strings(why)
	if len(why) > 0 {
		fmt.Println("rejected:")
		fmt.Println(strings.Join(why, "\n"))
	}
	return nil
}

// selfPlay plays one game: two to six random plies, then the computer at
// levels[0] for White and levels[1] for Black, to the end or 200 plies;
// with random > 0 that share of the later plies is a random legal move
// (a random-ish playout: the mistakes a newcomer makes).
func selfPlay(ctx context.Context, v rules.Variant, e *ai.Engine, rng *rand.Rand, levels [2]int, random float64) *rules.Game {
	g := rules.NewGame(v)
	e.NewGame()
	for n := 2 + rng.IntN(5); n > 0 && !g.Outcome().Over(); n-- {
		ms := g.LegalMoves()
		g.Play(ms[rng.IntN(len(ms))])
	}
	for g.Ply() < 200 && !g.Outcome().Over() && ctx.Err() == nil {
		var m rules.Move
		if random > 0 && rng.Float64() < random {
			ms := g.LegalMoves()
			m = ms[rng.IntN(len(ms))]
		} else {
			m = e.ChooseMove(ctx, g.History(), levels[g.Position().SideToMove()])
		}
		if m.IsZero() {
			break
		}
		if err := g.Play(m); err != nil {
			panic(err) // the engine plays legal moves
		}
	}
	return g
}

// readRecords reads a file of game records separated by blank lines before
// a tag, as bashni-match -pgn writes them.
func readRecords(path string) ([]*rules.Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var games []*rules.Game
	var cur strings.Builder
	inMoves := false
	flush := func() error {
		text := strings.TrimSpace(cur.String())
		cur.Reset()
		inMoves = false
		if text == "" {
			return nil
		}
		rec, err := rules.ParseRecord(text)
		if err != nil {
			return fmt.Errorf("%s, game %d: %w", path, len(games)+1, err)
		}
		games = append(games, rec.Game)
		return nil
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	for sc.Scan() {
		line := sc.Text()
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") && inMoves {
			if err := flush(); err != nil {
				return nil, err
			}
		}
		if t != "" && !strings.HasPrefix(t, "[") {
			inMoves = true
		}
		cur.WriteString(line)
		cur.WriteByte('\n')
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return games, nil
}

func baseName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}
