package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"bashni/ai"
	"bashni/rules"
)

// replay goes again through game number of a -records file in which one
// side followed the hints: for each of its moves from ply 5 on (after the
// opening) it asks a fresh hint engine for the hint, in the same order as
// in the match so that the hints are the same, and prints the hint, its
// score and depth, and, from ply from to ply to, what a search of deep
// nodes would play and score.
func replay(w io.Writer, file string, number int, deep int64, from, to int) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return fmt.Errorf("reading the games: %w", err)
	}
	for _, part := range strings.Split(string(data), "[Event ")[1:] {
		rec, err := rules.ParseRecord("[Event " + part)
		if err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		if !strings.HasSuffix(rec.Tag("Event"), fmt.Sprintf(", game %d", number)) {
			continue
		}
		hintSide, name := rules.White, rec.Tag("White")
		if !strings.HasPrefix(name, "hints") {
			hintSide, name = rules.Black, rec.Tag("Black")
		}
		nodes, ok := hintNodes(name)
		if !ok {
			return fmt.Errorf("%s, game %d: neither side followed the hints (White %q, Black %q)", file, number, rec.Tag("White"), rec.Tag("Black"))
		}
		fmt.Fprintf(w, "%s: White %s, Black %s, %s\n", rec.Tag("Event"), rec.Tag("White"), rec.Tag("Black"), rec.Tag("Result"))
		hints := hintPlayer{ai.NewEngine(ai.Options{}), nodes}
		deeper := ai.NewEngine(ai.Options{HashMiB: 64})
		g := rules.NewGameFrom(rec.Game.Start())
		for i, m := range rec.Game.Moves() {
			if g.Position().SideToMove() == hintSide && i >= 4 {
				a := hints.analyse(g.History())
				fmt.Fprintf(w, "ply %3d %-12v hint %-12v score %6d depth %2d", i+1, m, a.Best, a.Score, a.Depth)
				if deep > 0 && i+1 >= from && i+1 <= to {
					d := deeper.Analyse(context.Background(), g.History(), ai.Limits{Nodes: deep}, nil)
					fmt.Fprintf(w, " | %d nodes: %-12v score %6d depth %2d", deep, d.Best, d.Score, d.Depth)
				}
				fmt.Fprintln(w)
			}
			if err := g.Play(m); err != nil {
				return fmt.Errorf("ply %d: %w", i+1, err)
			}
		}
		return nil
	}
	return fmt.Errorf("%s has no game %d", file, number)
}

// hintNodes reads the hint's budget from a player's name in a record
// ("hints", "hints at 5000 nodes").
func hintNodes(name string) (int64, bool) {
	if name == "hints" {
		return ai.HintNodes, true
	}
	var n int64
	if _, err := fmt.Sscanf(name, "hints at %d nodes", &n); err != nil || n <= 0 {
		return 0, false
	}
	return n, true
}
