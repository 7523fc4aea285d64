package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
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
	in := fs.String("in", "", "gen output files (JSON lines), comma-separated; required")
	out := fs.String("out", "", "the data file to write; required")
	exclude := fs.String("exclude", "", "puzzle ids to leave out, comma-separated (those verify failed)")
	relevel := fs.Bool("relevel", false, "find each puzzle's lowest solving computer level again with the current engine (a few CPU-seconds a puzzle)")
	fs.Parse(args)
	if *in == "" || *out == "" {
		return errors.New("build: -in and -out are required")
	}
	v, err := rules.ParseVariant(*variant)
	if err != nil {
		return err
	}
	var all []*puzzles.Puzzle
	seen := map[string]bool{}
	dups, excluded := 0, 0
	left := map[string]bool{}
	for _, id := range strings.Split(*exclude, ",") {
		if id = strings.TrimSpace(id); id != "" {
			left[id] = true
		}
	}
	for _, name := range strings.Split(*in, ",") {
		recs, err := readFound(strings.TrimSpace(name), v)
		if err != nil {
			return err
		}
		for _, pz := range recs {
			key := pz.Start().FEN()
			if seen[key] {
				dups++
				continue
			}
			seen[key] = true
			// Derived fields follow the current definitions.
			if *relevel {
				pz.Level = lowestLevel(context.Background(), pz)
			}
			pz.Themes = puzzles.DetectThemes(pz.Start(), pz.Solution())
			pz.Rating = rate(pz)
			pz.ID = puzzleID(v, pz)
			if left[pz.ID] {
				excluded++
				continue
			}
			all = append(all, pz)
		}
	}
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].Rating != all[j].Rating {
			return all[i].Rating < all[j].Rating
		}
		return all[i].ID < all[j].ID
	})
	c := defaultCriteria
	f := puzzles.File{
		Format:  puzzles.FormatVersion,
		Variant: v.String(),
		Check: fmt.Sprintf("first move %d+ cp for the player and %d+ cp ahead of every other move in a %d-node search; later moves of the player likewise in %d-node searches",
			c.minEval, c.margin, c.deepNodes, c.lineNodes),
		Puzzles: all,
	}
	b, err := json.MarshalIndent(&f, "", " ")
	if err != nil {
		return err
	}
	if _, err := puzzles.ParseFile(b); err != nil {
		return fmt.Errorf("build: the file made does not read back: %w", err)
	}
	if err := writeAtomic(*out, append(b, '\n')); err != nil {
		return err
	}
	tiers := map[puzzles.Tier]int{}
	themes := map[puzzles.Theme]int{}
	for _, pz := range all {
		tiers[pz.Tier()]++
		for _, t := range pz.Themes {
			themes[t]++
		}
	}
	fmt.Printf("%s: %d puzzles (%d duplicates and %d excluded left out)\n", *out, len(all), dups, excluded)
	for _, t := range puzzles.Tiers {
		fmt.Printf("  tier %d %-12s %4d\n", t, t, tiers[t])
	}
	for _, t := range puzzles.AllThemes {
		fmt.Printf("  %-18s %4d\n", t, themes[t])
	}
	return nil
}

// puzzleID names a puzzle by its content, so that saved progress keeps
// pointing at the same puzzle when the data file is rebuilt with more.
func puzzleID(v rules.Variant, pz *puzzles.Puzzle) string {
	h := sha256.Sum256([]byte(pz.FEN + " " + pz.Setup + " " + pz.Line[0]))
	return fmt.Sprintf("%c%x", strings.ToLower(v.String())[0], h[:4])
}

func readFound(path string, v rules.Variant) ([]*puzzles.Puzzle, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []*puzzles.Puzzle
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var rec found
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		if !strings.EqualFold(rec.Variant, v.String()) {
			continue
		}
		pz := rec.Puzzle
		if err := pz.Prepare(v); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		out = append(out, &pz)
	}
	return out, sc.Err()
}

// relevelCmd rewrites gen output files with every puzzle's Level found
// again with the current engine's levels.
func relevelCmd(args []string) error {
	fs := flag.NewFlagSet("relevel", flag.ExitOnError)
	variant := fs.String("variant", "bashni", "bashni or lasca")
	in := fs.String("in", "", "gen output file (JSON lines); required")
	out := fs.String("out", "", "the file to write; required")
	fs.Parse(args)
	if *in == "" || *out == "" {
		return errors.New("relevel: -in and -out are required")
	}
	v, err := rules.ParseVariant(*variant)
	if err != nil {
		return err
	}
	pzs, err := readFound(*in, v)
	if err != nil {
		return err
	}
	var b []byte
	for _, pz := range pzs {
		was := pz.Level
		pz.Level = lowestLevel(context.Background(), pz)
		pz.Rating = rate(pz)
		line, err := json.Marshal(found{Variant: v.String(), Puzzle: *pz})
		if err != nil {
			return err
		}
		b = append(append(b, line...), '\n')
		fmt.Printf("%s: level %d → %d\n", pz.Source, was, pz.Level)
	}
	return writeAtomic(*out, b)
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
	c := defaultCriteria
	fs.Int64Var(&c.deepNodes, "deep", c.deepNodes, "nodes of the search of each puzzle's first move")
	fs.Int64Var(&c.lineNodes, "linenodes", c.lineNodes, "nodes of the searches of the later moves")
	fs.Parse(args)
	files := []string{"learn/puzzles/data/bashni.json", "learn/puzzles/data/lasca.json"}
	if *file != "" {
		files = []string{*file}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	failed := 0
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
		for i, pz := range f.Puzzles {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if err := deepCheck(ctx, e, pz, c); err != nil {
				failed++
				fmt.Printf("FAIL %s (%d/%d): %v\n", pz.ID, i+1, len(f.Puzzles), err)
			}
		}
		fmt.Printf("%s: %d puzzles checked in %v\n", name, len(f.Puzzles), time.Since(began).Round(time.Second))
	}
	if failed > 0 {
		return fmt.Errorf("verify: %d puzzles failed", failed)
	}
	fmt.Println("every puzzle holds")
	return nil
}

// deepCheck repeats the generator's proof of a puzzle: its first move and
// every later move of the player (unless forced) are clearly best
// (puzzles.ClearlyBest), the first by the deep search, the others by the
// line's searches, and the themes are those the line shows.
func deepCheck(ctx context.Context, e *ai.Engine, pz *puzzles.Puzzle, c criteria) error {
	hist := []*rules.Position{pz.Before(), pz.Start()}
	for i, m := range pz.Solution() {
		if i%2 == 0 {
			nodes := c.lineNodes
			if i == 0 {
				nodes = c.deepNodes
			}
			e.NewGame()
			r := e.RankMoves(ctx, hist, ai.Limits{Nodes: nodes}, c.margin, nil)
			if len(r.Moves) > 1 || i == 0 {
				if err := puzzles.ClearlyBest(r, m); err != nil {
					return fmt.Errorf("move %d: %w", i+1, err)
				}
			}
		}
		hist = append(hist, hist[len(hist)-1].Play(m))
	}
	if got := puzzles.DetectThemes(pz.Start(), pz.Solution()); !slices.Equal(got, pz.Themes) {
		return fmt.Errorf("themes %v, the line shows %v", pz.Themes, got)
	}
	return nil
}
