package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"slices"
	"sort"
	"strings"
	"time"

	"bashni/ai"
	"bashni/learn/puzzles"
	"bashni/rules"
)

func buildCmd(args []string) error {
	fs := flag.NewFlagSet("build", flag.ExitOnError)
	variant := fs.String("variant", "bashni", "bashni or lasca")
	in := fs.String("in", "", "gen output files (JSON lines, .gz allowed) or format-1 JSON data files, comma-separated; required")
	out := fs.String("out", "", "the data file to write (.tsv.gz); required")
	exclude := fs.String("exclude", "", "puzzle ids to leave out, comma-separated (those verify failed)")
	keep := fs.String("keep", "", "also write the puzzles kept, before the two-move share is applied, as gen output (JSON lines) to this file: an input for later builds that need not continue their lines again")
	twoShare := fs.Float64("two", 0.10, "the largest share of puzzles whose position has only two legal moves")
	c := defaultCriteria
	fs.Int64Var(&c.lineNodes, "linenodes", c.lineNodes, "nodes of each search that continues a line through forced captures")
	fs.Parse(args)
	if *in == "" || *out == "" {
		return errors.New("build: -in and -out are required")
	}
	v, err := rules.ParseVariant(*variant)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var all []*puzzles.Puzzle
	seen := map[string]bool{}
	dropped := map[string]int{}
	left := map[string]bool{}
	for _, id := range strings.Split(*exclude, ",") {
		if id = strings.TrimSpace(id); id != "" {
			left[id] = true
		}
	}
	e := ai.NewEngine(ai.Options{HashMiB: 64})
	extended := 0
	for _, name := range strings.Split(*in, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		recs, err := readFound(name, v)
		if err != nil {
			return err
		}
		for _, pz := range recs {
			key := pz.Start().FEN()
			if seen[key] {
				dropped["duplicate"]++
				continue
			}
			seen[key] = true
			pz.ID = puzzleID(v, pz)
			if left[pz.ID] {
				dropped["excluded"]++
				continue
			}
			if puzzles.Unfinished(pz.End()) {
				if why := extendPuzzle(ctx, e, pz, c); why != "" {
					dropped[why]++
					continue
				}
				extended++
			}
			if pz.Gain < c.minGain && pz.End().HasLegalMove() {
				dropped["wins less than the minimum"]++
				continue
			}
			// Derived fields follow the current definitions.
			pz.Themes = puzzles.DetectThemes(pz.Start(), pz.Solution())
			pz.Rating = rate(pz)
			pz.Level = 0
			all = append(all, pz)
		}
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if *keep != "" {
		var b []byte
		for _, pz := range all {
			line, err := json.Marshal(found{Variant: v.String(), Puzzle: *pz})
			if err != nil {
				return err
			}
			b = append(append(b, line...), '\n')
		}
		if err := writeAtomic(*keep, b); err != nil {
			return err
		}
	}
	all, n := capTwoMoveStarts(all, *twoShare)
	dropped["only two legal moves, over the share"] += n
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].Rating != all[j].Rating {
			return all[i].Rating < all[j].Rating
		}
		return all[i].ID < all[j].ID
	})
	f := puzzles.File{
		Variant: v,
		Check: fmt.Sprintf("first move %d+ cp for the player and %d+ cp ahead of every other move in a %d-node search (gen -deep); later moves of the player likewise in %d-node searches",
			c.minEval, c.margin, c.deepNodes, c.lineNodes),
		Puzzles: all,
	}
	b, err := f.Encode()
	if err != nil {
		return err
	}
	if _, err := puzzles.ParseFile(b); err != nil {
		return fmt.Errorf("build: the file made does not read back: %w", err)
	}
	if err := writeAtomic(*out, b); err != nil {
		return err
	}
	fmt.Printf("%s: %d puzzles, %d bytes; %d lines continued through forced captures\n", *out, len(all), len(b), extended)
	var why []string
	for k, n := range dropped {
		why = append(why, fmt.Sprintf("  left out %5d: %s", n, k))
	}
	sort.Strings(why)
	fmt.Println(strings.Join(why, "\n"))
	printSummary(all)
	return nil
}

// printSummary prints the counts by tier and theme and the rating spread.
func printSummary(all []*puzzles.Puzzle) {
	if len(all) == 0 {
		return
	}
	tiers := map[puzzles.Tier]int{}
	themes := map[puzzles.Theme]int{}
	two := 0
	var ratings []int
	for _, pz := range all {
		tiers[pz.Tier()]++
		for _, t := range pz.Themes {
			themes[t]++
		}
		if len(pz.Start().LegalMoves(nil)) == 2 {
			two++
		}
		ratings = append(ratings, pz.Rating)
	}
	sort.Ints(ratings)
	n := len(ratings)
	fmt.Printf("  ratings: min %d, 10%% %d, 33%% %d, median %d, 90%% %d, max %d; %d start with two legal moves\n",
		ratings[0], ratings[n/10], ratings[(n-1)/3], ratings[n/2], ratings[n*9/10], ratings[n-1], two)
	for _, t := range puzzles.Tiers {
		fmt.Printf("  tier %d %-12s %4d\n", t, t, tiers[t])
	}
	for _, t := range puzzles.AllThemes {
		fmt.Printf("  %-18s %4d\n", t, themes[t])
	}
}

// extendPuzzle continues a puzzle's line through the forced captures
// (continueLine) and updates its gain, or says why it cannot.
func extendPuzzle(ctx context.Context, e *ai.Engine, pz *puzzles.Puzzle, c criteria) string {
	h := []*rules.Position{pz.Before(), pz.Start()}
	line, why := continueLine(ctx, e, h, pz.Solution(), c)
	if why != "" {
		return why
	}
	pz.Line = pz.Line[:0]
	for _, m := range line {
		pz.Line = append(pz.Line, m.String())
	}
	if err := pz.Prepare(pz.Variant()); err != nil {
		return "continued line does not replay: " + err.Error()
	}
	player := pz.Player()
	pz.Gain = min(pz.Gain, puzzles.Balance(pz.End(), player)-puzzles.Balance(pz.Start(), player))
	return ""
}

// capTwoMoveStarts keeps at most share of the puzzles among those whose
// position has only two legal moves (a choice of two is too easy to guess),
// keeping first those with the rarest themes, then by id, so that the
// choice is stable. It returns the puzzles kept and how many were left out.
func capTwoMoveStarts(all []*puzzles.Puzzle, share float64) ([]*puzzles.Puzzle, int) {
	var many, two []*puzzles.Puzzle
	for _, pz := range all {
		if len(pz.Start().LegalMoves(nil)) <= 2 {
			two = append(two, pz)
		} else {
			many = append(many, pz)
		}
	}
	// k two-move puzzles among len(many)+k make at most share: k ≤ share·len(many)/(1−share).
	limit := int(share * float64(len(many)) / (1 - share))
	if len(two) <= limit {
		return all, 0
	}
	count := map[puzzles.Theme]int{}
	for _, pz := range all {
		for _, t := range pz.Themes {
			count[t]++
		}
	}
	rarity := func(pz *puzzles.Puzzle) int {
		r := len(all)
		for _, t := range pz.Themes {
			r = min(r, count[t])
		}
		return r
	}
	sort.SliceStable(two, func(i, j int) bool {
		if a, b := rarity(two[i]), rarity(two[j]); a != b {
			return a < b
		}
		return two[i].ID < two[j].ID
	})
	return append(many, two[:limit]...), len(two) - limit
}

// puzzleID names a puzzle by its content, so that saved progress keeps
// pointing at the same puzzle when the data file is rebuilt with more.
func puzzleID(v rules.Variant, pz *puzzles.Puzzle) string {
	h := sha256.Sum256([]byte(pz.FEN + " " + pz.Setup + " " + pz.Line[0]))
	return fmt.Sprintf("%c%x", strings.ToLower(v.String())[0], h[:4])
}

// readFound reads puzzles of variant v from gen output (JSON lines, maybe
// gzip-compressed: name.jsonl.gz) or from a data file of format 1 (JSON,
// the game's files before format 2).
func readFound(path string, v rules.Variant) ([]*puzzles.Puzzle, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if strings.HasSuffix(path, ".gz") {
		r, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if raw, err = io.ReadAll(r); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	var recs []found
	if strings.HasSuffix(strings.TrimSuffix(path, ".gz"), ".json") {
		var old struct {
			Format  int              `json:"format"`
			Variant string           `json:"variant"`
			Puzzles []puzzles.Puzzle `json:"puzzles"`
		}
		if err := json.Unmarshal(raw, &old); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if old.Format != 1 {
			return nil, fmt.Errorf("%s: JSON data file of format %d, want 1", path, old.Format)
		}
		for _, pz := range old.Puzzles {
			recs = append(recs, found{Variant: old.Variant, Puzzle: pz})
		}
	} else {
		sc := bufio.NewScanner(bytes.NewReader(raw))
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for n := 1; sc.Scan(); n++ {
			if strings.TrimSpace(sc.Text()) == "" {
				continue
			}
			var rec found
			if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
				return nil, fmt.Errorf("%s:%d: %w", path, n, err)
			}
			recs = append(recs, rec)
		}
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	var out []*puzzles.Puzzle
	for i, rec := range recs {
		if !strings.EqualFold(rec.Variant, v.String()) {
			continue
		}
		pz := rec.Puzzle
		if err := pz.Prepare(v); err != nil {
			return nil, fmt.Errorf("%s, puzzle %d: %w", path, i+1, err)
		}
		out = append(out, &pz)
	}
	return out, nil
}

func writeAtomic(path string, b []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func verifyCmd(args []string) error {
	fs := flag.NewFlagSet("verify", flag.ExitOnError)
	file := fs.String("file", "", "the data file to check (default: both shipped files)")
	alt := fs.Int64("alt", 4_000_000, "nodes of the search of each first move (the solution's and every other legal one)")
	lineNodes := fs.Int64("linenodes", defaultCriteria.lineNodes, "nodes of the searches of the player's later moves")
	every := fs.Int("every", 1, "check every n-th puzzle only (a sample, for a busy machine)")
	part := fs.String("part", "1/1", "k/n: check the k-th of n shares of the puzzles (to run n processes side by side)")
	skip := fs.String("skip", "", "a file of verify output: leave out the puzzles it shows as checked (ok or FAIL lines)")
	fs.Parse(args)
	var k, shares int
	if _, err := fmt.Sscanf(*part, "%d/%d", &k, &shares); err != nil || shares < 1 || k < 1 || k > shares {
		return fmt.Errorf("verify: -part %q: want k/n with 1 ≤ k ≤ n", *part)
	}
	done := map[string]bool{}
	if *skip != "" {
		b, err := os.ReadFile(*skip)
		if err != nil {
			return err
		}
		for _, line := range strings.Split(string(b), "\n") {
			if f := strings.Fields(line); len(f) >= 2 && (f[0] == "ok" || f[0] == "FAIL") {
				done[f[1]] = true
			}
		}
	}
	files := []string{"learn/puzzles/data/bashni.tsv.gz", "learn/puzzles/data/lasca.tsv.gz"}
	if *file != "" {
		files = []string{*file}
	}
	if *every < 1 {
		return errors.New("verify: -every must be at least 1")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	failed, checked := 0, 0
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		f, err := puzzles.ParseFile(b)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		began := time.Now()
		e := ai.NewEngine(ai.Options{HashMiB: 64})
		n := 0
		for i, pz := range f.Puzzles {
			if i%*every != 0 || (i / *every)%shares != k-1 || done[pz.ID] {
				continue
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
			n++
			checked++
			if err := deepCheck(ctx, e, pz, *alt, *lineNodes); err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				failed++
				fmt.Printf("FAIL %s (%d/%d): %v\n", pz.ID, i+1, len(f.Puzzles), err)
			} else {
				fmt.Printf("ok %s\n", pz.ID)
			}
		}
		fmt.Printf("%s: %d of %d puzzles checked in %v\n", name, n, len(f.Puzzles), time.Since(began).Round(time.Second))
	}
	if failed > 0 {
		return fmt.Errorf("verify: %d of %d puzzles failed", failed, checked)
	}
	fmt.Printf("every one of the %d puzzles checked holds\n", checked)
	return nil
}

// deepCheck repeats the proof of a puzzle with a deeper search: every legal
// first move gets its own search of alt nodes (a fresh table each), and the
// solution must lead every other by puzzles.Margin and score at least
// puzzles.MinEval; every later move of the player (unless forced) must be
// clearly best in a lineNodes search; the line must not stop before its
// point (puzzles.Unfinished); and the themes are those the line shows.
func deepCheck(ctx context.Context, e *ai.Engine, pz *puzzles.Puzzle, alt, lineNodes int64) error {
	hist := []*rules.Position{pz.Before(), pz.Start()}
	first := pz.Solution()[0]
	var want int
	best, bestScore := rules.Move{}, math.MinInt
	for _, m := range pz.Start().LegalMoves(nil) {
		e.NewGame()
		r := e.Search(ctx, append(hist[:2:2], pz.Start().Play(m)), ai.Limits{Nodes: alt}, nil)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		score := -r.Score
		if m == first {
			want = score
			continue
		}
		if score > bestScore {
			best, bestScore = m, score
		}
	}
	switch {
	case want < puzzles.MinEval:
		return fmt.Errorf("move 1: %v scores only %d", first, want)
	case !best.IsZero() && bestScore > want-puzzles.Margin:
		return fmt.Errorf("move 1: %v (%d) is within %d of %v (%d)", best, bestScore, puzzles.Margin, first, want)
	}
	for i, m := range pz.Solution() {
		if i%2 == 0 && i > 0 {
			e.NewGame()
			r := e.RankMoves(ctx, hist, ai.Limits{Nodes: lineNodes}, puzzles.Margin, nil)
			if len(r.Moves) > 1 {
				if err := puzzles.ClearlyBest(r, m); err != nil {
					return fmt.Errorf("move %d: %w", i+1, err)
				}
			}
		}
		hist = append(hist, hist[len(hist)-1].Play(m))
	}
	if puzzles.Unfinished(pz.End()) {
		return errors.New("the line stops before the forced captures are over")
	}
	if got := puzzles.DetectThemes(pz.Start(), pz.Solution()); !slices.Equal(got, pz.Themes) {
		return fmt.Errorf("themes %v, the line shows %v", pz.Themes, got)
	}
	return nil
}
