package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bashni/ai"
	"bashni/learn/puzzles"
	"bashni/rules"
)

// TestProve: the generator turns a shot found in self-play (1... g7-f6!
// gives a man, and g5:e7:c5 stops on c5 by the Turkish strike, where the
// tall column on d6 takes it and goes on, d6:b4:d2) into a puzzle with a
// line the rules accept, and refuses a quiet position.
func TestProve(t *testing.T) {
	before, err := rules.ParseFEN(rules.Bashni, "W:Wa1-0,c1-0,e1-0,f2-0000,a3-0,c3-0,d4-0/0,h6-0/0:Bg5-0/0,d6-00000,g7-0,b8-0,f8-0,h8-0:H1:F15")
	if err != nil {
		t.Fatal(err)
	}
	setup, err := before.ParseMove("h6:f4")
	if err != nil {
		t.Fatal(err)
	}
	c := defaultCriteria
	c.deepNodes, c.lineNodes = 400_000, 150_000
	f := newFinder(c, &stats{})
	h := []*rules.Position{before, before.Play(setup)}
	pz, why := f.prove(context.Background(), h, setup)
	if pz == nil {
		t.Fatalf("no puzzle: %s", why)
	}
	if pz.Line[0] != "g7-f6" || pz.Setup != "h6:f4" || pz.FEN != before.FEN() {
		t.Fatalf("puzzle %+v", pz)
	}
	if err := pz.Prepare(rules.Bashni); err != nil {
		t.Fatal(err)
	}
	if pz.Gain < c.minGain || pz.Found < 1 || pz.Rating != puzzles.RatingOf(pz.Start(), pz.Solution()) || !pz.HasTheme(puzzles.TurkishStrike) {
		t.Errorf("puzzle %+v", pz)
	}
	if puzzles.Unfinished(pz.End()) {
		t.Errorf("the line %v stops before its point", pz.Line)
	}
	if err := pz.QuickCheck(context.Background(), nil); err != nil {
		t.Error(err)
	}

	start := rules.NewPosition(rules.Bashni)
	m, _ := start.ParseMove("c3-d4")
	if pz, _ := f.prove(context.Background(), []*rules.Position{start, start.Play(m)}, m); pz != nil {
		t.Errorf("the second move of the game made a puzzle: %+v", pz)
	}
}

// TestReadRecords reads a file of records as bashni-match -pgn writes them.
func TestReadRecords(t *testing.T) {
	text := `[Event "bashni-match game 1"]
[White "a"]
[Black "b"]
[Variant "Bashni"]
[Result "0-1"]

1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. b2-c3 0-1

[Event "bashni-match game 2"]
[Variant "Bashni"]
[Result "*"]

1. a3-b4 b6-a5 *
`
	path := filepath.Join(t.TempDir(), "m.pdn")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	games, err := readRecords(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || len(games[0].Moves()) != 5 || len(games[1].Moves()) != 2 {
		t.Fatalf("read %d games", len(games))
	}
	if err := os.WriteFile(path, []byte(strings.Replace(text, "g7:e5", "g7-f6", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readRecords(path); err == nil || !strings.Contains(err.Error(), "game 1") {
		t.Fatalf("a bad move was not reported with its game: %v", err)
	}
}

func TestRateAndID(t *testing.T) {
	p := &puzzles.Puzzle{ID: "x", FEN: "B:Wa3,b4,d4:Bd6-0/000,a7,c7,e7,g7,h6,f8,h8", Setup: "a7-b6", Line: []string{"b4-c5", "d6:b4", "a3:c5:a7"}}
	if err := p.Prepare(rules.Bashni); err != nil {
		t.Fatal(err)
	}
	if r := rate(p); r != puzzles.RatingOf(p.Start(), p.Solution()) || r <= 700 {
		t.Errorf("rating %d", r)
	}
	id := puzzleID(rules.Bashni, p)
	if len(id) != 9 || id[0] != 'b' || puzzleID(rules.Bashni, p) != id {
		t.Errorf("id %q", id)
	}
}

// TestContinueLine: a line stopped after 1. c3-d4 (Black must take and
// White takes back whatever Black does) is continued to 1... e5:c3 2.
// d2:b4; a finished line is left as it is.
func TestContinueLine(t *testing.T) {
	p, err := rules.ParseFEN(rules.Bashni, "W:Wa1,b2,c3-00,d2,e1:Be5,h8")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := p.ParseMove("c3-d4")
	c := defaultCriteria
	c.lineNodes = 50_000
	e := ai.NewEngine(ai.Options{HashMiB: 16})
	got, why := continueLine(context.Background(), e, []*rules.Position{p}, []rules.Move{m}, c)
	if why != "" || len(got) != 3 || got[1].String() != "e5:c3" || got[2].String() != "d2:b4" {
		t.Fatalf("continued to %v (%s)", got, why)
	}
	if puzzles.Unfinished(playLine(p, got)) {
		t.Errorf("%v still unfinished", got)
	}
	again, why := continueLine(context.Background(), e, []*rules.Position{p}, got, c)
	if why != "" || len(again) != 3 {
		t.Errorf("a finished line became %v (%s)", again, why)
	}
}
