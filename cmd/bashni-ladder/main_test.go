package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"bashni/ai"
	"bashni/rules"
)

func TestParseSpec(t *testing.T) {
	tests := []struct {
		in, want, err string
	}{
		{"greedy", "greedy", ""},
		{"random", "random", ""},
		{"hint", "hints", ""},
		{"hint=5000", "hints at 5000 nodes", ""},
		{"3", "level 3", ""},
		{"level=7", "level 7", ""},
		{"glance=2/50/2/5/30", "glance 2/50/2/5/30", ""},
		{"search=1/2000/4/30", "search 1/2000/4/30", ""},
		{"8", "", "levels go from 1 to 7"},
		{"0", "", "levels go from 1 to 7"},
		{"hint=-1", "", "positive number of nodes"},
		{"hint=x", "", "positive number of nodes"},
		{"glance=2/50/2/5", "", "want 5 numbers"},
		{"glance=0/50/2/5/30", "", "hops and sight"},
		{"search=0/0/2/30", "", "a depth or a node budget"},
		{"search=1/x/2/30", "", "is not a number"},
		{"genius", "", "want greedy, random, hint"},
	}
	for _, tc := range tests {
		s, err := parseSpec(tc.in)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%q: error %v, want one saying %q", tc.in, err, tc.err)
		case tc.err == "" && err != nil:
			t.Errorf("%q: %v", tc.in, err)
		case tc.err == "" && s.String() != tc.want:
			t.Errorf("%q reads as %q, want %q", tc.in, s, tc.want)
		}
	}
	if s, _ := parseSpec("hint"); s.nodes != ai.HintNodes {
		t.Errorf("hint plays at %d nodes, want ai.HintNodes (%d)", s.nodes, ai.HintNodes)
	}
}

// TestRun plays a small table: the output has one row per pairing with
// every game counted, and the same seed gives the same table.
func TestRun(t *testing.T) {
	recs := t.TempDir() + "/games.txt"
	args := []string{"-pairs", "greedy:random,1:greedy", "-games", "6", "-seed", "3", "-workers", "2", "-records", recs}
	var out1, out2, errs bytes.Buffer
	if err := run(args, &out1, &errs); err != nil {
		t.Fatalf("%v\n%s", err, errs.String())
	}
	if err := run(args, &out2, &errs); err != nil {
		t.Fatal(err)
	}
	if out1.String() != out2.String() {
		t.Errorf("two runs with the same seed differ:\n%s\n%s", out1.String(), out2.String())
	}
	rows := 0
	for _, l := range strings.Split(out1.String(), "\n") {
		if strings.HasPrefix(l, "| greedy vs random | 6 |") || strings.HasPrefix(l, "| level 1 vs greedy | 6 |") {
			rows++
		}
	}
	if rows != 2 || !strings.Contains(out1.String(), "no illegal move") {
		t.Errorf("want two rows of 6 games and no illegal move:\n%s", out1.String())
	}
	data, err := os.ReadFile(recs)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "[Event "); n != 12 {
		t.Errorf("%d records written, want 12", n)
	}
	for _, bad := range [][]string{{"-pairs", "greedy"}, {"-pairs", "greedy:9"}, {"-games", "1"}, {"-variant", "chess"}, {"extra"}} {
		if err := run(bad, &out1, &errs); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}

func TestOpeningsAreBalanced(t *testing.T) {
	s := settings{games: 20, plies: 6, seed: 9}
	ops := openings(s.variant, 10, s.plies, s.seed, 0)
	if len(ops) != 10 {
		t.Fatalf("%d openings, want 10", len(ops))
	}
	seen := map[string]bool{}
	for _, op := range ops {
		if len(op) != 6 {
			t.Errorf("opening of %d plies, want 6", len(op))
		}
		k := ""
		for _, m := range op {
			k += m.String() + " "
		}
		seen[k] = true
	}
	if len(seen) < 8 {
		t.Errorf("only %d different openings of 10", len(seen))
	}
	// Fair openings: a search scores each within the bound.
	e := ai.NewEngine(ai.Options{HashMiB: 8})
	for _, op := range openings(s.variant, 4, s.plies, s.seed, 60) {
		g := rules.NewGame(rules.Bashni)
		for _, m := range op {
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		e.NewGame()
		if r := e.Search(context.Background(), g.History(), ai.Limits{Nodes: fairNodes}, nil); r.Score > 60 || r.Score < -60 {
			t.Errorf("opening %v scores %d, want within 60", op, r.Score)
		}
	}
}

// TestReplay: a game of a hint player, written with -records, replays with
// the same hints (the replay's hint column equals the moves played) and a
// deeper search beside them.
func TestReplay(t *testing.T) {
	recs := t.TempDir() + "/games.txt"
	var out, errs bytes.Buffer
	if err := run([]string{"-pairs", "greedy:hint=3000", "-games", "2", "-seed", "4", "-records", recs}, &out, &errs); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := run([]string{"-replay", recs, "-game", "2", "-deep", "5000", "-from", "5", "-to", "9"}, &out, &errs); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) < 3 || !strings.Contains(lines[0], "hints at 3000 nodes") {
		t.Fatalf("replay:\n%s", out.String())
	}
	deep := 0
	for _, l := range lines[1:] {
		f := strings.Fields(l)
		if len(f) < 5 || f[0] != "ply" || f[2] != f[4] {
			t.Errorf("the hint differs from the move played: %q", l)
		}
		if strings.Contains(l, "5000 nodes:") {
			deep++
		}
	}
	if deep == 0 {
		t.Errorf("no deeper search between plies 5 and 9:\n%s", out.String())
	}
	if err := run([]string{"-replay", recs, "-game", "9"}, &out, &errs); err == nil || !strings.Contains(err.Error(), "no game 9") {
		t.Errorf("a missing game: error %v", err)
	}
}
