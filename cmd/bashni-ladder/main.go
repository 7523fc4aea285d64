// Command bashni-ladder plays in-process matches between the computer's
// levels and scripted players, the yardsticks of issue 21's ladder: the
// scripted newcomer (greedy: ai.Greedy), a player who follows every hint
// (hint: ai.Hint), a random mover and the levels 1–7. It prints one row of
// a Markdown table per pairing: games, the first player's wins, draws and
// losses (and with each colour), its score and an Elo estimate with its 95 %
// interval.
//
// Each opening (random plies from the start, both sides left with the same
// number of pieces) is played twice, colours swapped; every player is made
// afresh for each game from the seed, and levels 1–6, greedy and hint are
// bounded by nodes or do not search, so a run gives the same table on any
// machine (level 7 thinks for two seconds). Every move is checked by package
// rules; an illegal move loses the game and is reported.
//
//	go build -o /tmp/ladder ./cmd/bashni-ladder
//	nice -n 10 /tmp/ladder -pairs 1:greedy,2:greedy,3:greedy,2:1,3:2 -games 100
//	nice -n 10 /tmp/ladder -pairs hint:1,hint:2,hint:3,hint:4,hint:5 -games 20 -records games.txt
//	nice -n 10 /tmp/ladder -replay games.txt -game 3 -deep 8000000 -from 9 -to 23
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"bashni/internal/elo"
	"bashni/rules"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "bashni-ladder:", err)
		os.Exit(2)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bashni-ladder", flag.ContinueOnError)
	fs.SetOutput(stderr)
	pairs := fs.String("pairs", "1:greedy,2:greedy,3:greedy,2:1,3:2", "matches A:B, comma-separated; a player is greedy, random, hint, hint=NODES or a level 1–7")
	variant := fs.String("variant", "bashni", "bashni or lasca")
	var s settings
	fs.IntVar(&s.games, "games", 40, "games of each pairing (rounded up to even: each opening is played with both colours)")
	fs.IntVar(&s.plies, "openings", 4, "random plies of each opening")
	fs.Uint64Var(&s.seed, "seed", 1, "seed of the openings and the players")
	fs.IntVar(&s.maxPlies, "maxplies", 400, "plies after which a game is a draw")
	fs.IntVar(&s.workers, "workers", 2, "games played at once")
	fs.IntVar(&s.fair, "fair", 0, "keep only openings a 50,000-node search scores within this many centipawns of even (0: every opening with even pieces)")
	verbose := fs.Bool("v", false, "print every game as it ends (to standard error)")
	records := fs.String("records", "", "write every game to this file (the records of PROTOCOL.md)")
	replayFile := fs.String("replay", "", "instead of playing: go through a game of this -records file in which one side followed the hints (see -game, -deep, -from, -to)")
	replayGame := fs.Int("game", 1, "with -replay: the game's number")
	deep := fs.Int64("deep", 0, "with -replay: also search this many nodes in each of the hints' positions from -from to -to")
	from := fs.Int("from", 1, "with -replay: the first ply searched -deep")
	to := fs.Int("to", 1000, "with -replay: the last ply searched -deep")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *replayFile != "" {
		return replay(stdout, *replayFile, *replayGame, *deep, *from, *to)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	v, err := rules.ParseVariant(*variant)
	if err != nil {
		return err
	}
	s.variant = v
	if s.games < 2 {
		return errors.New("-games must be at least 2")
	}
	if s.plies < 0 || s.maxPlies < 1 || s.fair < 0 {
		return errors.New("-openings and -fair must be at least 0 and -maxplies at least 1")
	}
	s.games += s.games % 2
	prs, err := parsePairs(*pairs)
	if err != nil {
		return err
	}
	fair := ""
	if s.fair > 0 {
		fair = fmt.Sprintf(", scored within %d cp of even", s.fair)
	}
	fmt.Fprintf(stdout, "%s, %d games a pairing (%d openings of %d random plies%s, each with both colours), seed %d, draw after %d plies\n\n",
		v, s.games, s.games/2, s.plies, fair, s.seed, s.maxPlies)
	fmt.Fprintln(stdout, "| match | games | W/D/L | as White | as Black | score | Elo (95 % interval) | plies a game |")
	fmt.Fprintln(stdout, "|---|---|---|---|---|---|---|---|")
	var illegal []string
	var all []string
	for _, pr := range prs {
		var progress func(game)
		if *verbose {
			progress = func(g game) {
				fmt.Fprintf(stderr, "%v vs %v, game %d (%s White): %.1f, %s after %d plies\n",
					pr.a, pr.b, g.index+1, map[bool]string{true: "A", false: "B"}[g.aWhite], g.score, g.reason, g.plies)
			}
		}
		gs := play(pr, s, progress)
		for _, g := range gs {
			all = append(all, g.record)
		}
		t := count(gs)
		n := t.games()
		fmt.Fprintf(stdout, "| %v vs %v | %d | +%d =%d -%d | +%d =%d -%d | +%d =%d -%d | %.1f %% | %s (%s … %s) | %d |\n",
			pr.a, pr.b, n, t.w, t.d, t.l, t.white[0], t.white[1], t.white[2], t.black[0], t.black[1], t.black[2],
			100*t.score()/float64(n), elo.Text(t.elo), elo.Text(t.elolo), elo.Text(t.elohi), t.plies/n)
		illegal = append(illegal, t.illegal...)
	}
	if *records != "" {
		if err := os.WriteFile(*records, []byte(strings.Join(all, "\n")), 0o644); err != nil {
			return fmt.Errorf("writing the games: %w", err)
		}
	}
	if len(illegal) > 0 {
		fmt.Fprintf(stdout, "\nillegal moves: %d\n", len(illegal))
		for _, s := range illegal {
			fmt.Fprintln(stdout, "  "+s)
		}
		return errors.New("a player made an illegal move")
	}
	fmt.Fprintln(stdout, "\nno illegal move")
	return nil
}

func parsePairs(s string) ([]pairing, error) {
	var out []pairing
	for _, p := range strings.Split(s, ",") {
		a, b, ok := strings.Cut(p, ":")
		if !ok {
			return nil, fmt.Errorf("-pairs: %q is not A:B", p)
		}
		sa, err := parseSpec(a)
		if err != nil {
			return nil, fmt.Errorf("-pairs: %w", err)
		}
		sb, err := parseSpec(b)
		if err != nil {
			return nil, fmt.Errorf("-pairs: %w", err)
		}
		out = append(out, pairing{sa, sb})
	}
	return out, nil
}
