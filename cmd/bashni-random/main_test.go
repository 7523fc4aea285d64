package main

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"bashni/rules"
)

// TestHandle: each command's reply, and errors that leave the game as it was.
func TestHandle(t *testing.T) {
	m := newMover(1)
	for _, c := range []struct {
		line, want string // want: the reply, or its prefix when it ends in "…"
	}{
		{"isready", "readyok"},
		{"", ""},
		{"variant lasca", "variant lasca"},
		{"variant chess", "error …"},
		{"variant bashni", "variant bashni"},
		{"position startpos moves c3-d4 d6-c5", ""},
		{"position startpos moves c3-d4 c3-d4", "error move 2: …"},
		{"position sideways", "error usage: …"},
		{"position fen W:Wa1:Bb2,c3", ""},
		{"go", "bestmove none"},
		{"setoption name seed value 9", ""},
		{"setoption name seed value -1", "error option seed: …"},
		{"setoption name level value 1", "error unknown option …"},
		{"frobnicate", "error unknown command …"},
	} {
		got, quit := m.handle(c.line)
		if quit {
			t.Fatalf("%q quit", c.line)
		}
		if want, prefix := strings.CutSuffix(c.want, "…"); prefix && !strings.HasPrefix(got, want) || !prefix && got != c.want {
			t.Errorf("%q: got %q, want %q", c.line, got, c.want)
		}
	}
	// The failed "position" commands left the last good game in place.
	if got := m.game.Position().FEN(); !strings.HasPrefix(got, "W:Wa1") {
		t.Errorf("position after errors: %s", got)
	}
}

// TestPlaysLegalRandomMoves: whole games, every answer a legal move in the
// position given, and different seeds choose differently.
func TestPlaysLegalRandomMoves(t *testing.T) {
	firstMoves := map[string]bool{}
	for seed := 1; seed <= 8; seed++ {
		m := newMover(1)
		m.handle("setoption name seed value " + strconv.Itoa(seed))
		g := rules.NewGame(rules.Bashni)
		for !g.Outcome().Over() && g.Ply() < 400 {
			pos := "position startpos"
			if g.Ply() > 0 {
				pos += " moves"
				for _, mv := range g.Moves() {
					pos += " " + mv.String()
				}
			}
			if reply, _ := m.handle(pos); reply != "" {
				t.Fatalf("%s: %s", pos, reply)
			}
			reply, _ := m.handle("go")
			text, ok := strings.CutPrefix(reply, "bestmove ")
			if !ok {
				t.Fatalf("reply %q", reply)
			}
			mv, err := g.Position().ParseMove(text)
			if err != nil {
				t.Fatalf("ply %d: %v", g.Ply()+1, err)
			}
			if g.Ply() == 0 {
				firstMoves[text] = true
			}
			g.Play(mv)
		}
	}
	if len(firstMoves) < 3 {
		t.Errorf("eight seeds chose only %d different first moves", len(firstMoves))
	}
}

// TestServe: the command loop replies line by line and stops at quit.
func TestServe(t *testing.T) {
	var out bytes.Buffer
	in := "isready\nposition fen W:Wa1:Bb2,c3\ngo\nquit\nisready\n"
	if err := serve(strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), "readyok\nbestmove none\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
