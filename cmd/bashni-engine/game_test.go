package main

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"bashni/rules"
)

// shuffleLine is n legal moves of two kings going to and fro: no capture,
// no promotion, every position repeated again and again.
func shuffleLine(n int) string {
	cycle := []string{"a1-b2", "h6-g5", "b2-a1", "g5-h6"}
	var b strings.Builder
	for i := range n {
		b.WriteString(cycle[i%4])
		b.WriteByte(' ')
	}
	return b.String()
}

// A game's memory is bounded by its distinct positions since the last
// capture or promotion, not by its length: 10,000 plies of kings going to
// and fro keep four positions.
func TestLongLineKeepsFewPositions(t *testing.T) {
	var buf bytes.Buffer
	e := newEngine(newLineWriter(&buf))
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	e.handle("position fen W:Wa1-1:Bh6-1 moves " + shuffleLine(maxLineMoves))
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if buf.Len() != 0 {
		t.Fatalf("position answered %q", buf.String())
	}
	distinct := map[*rules.Position]bool{}
	for _, p := range e.game.recent[:len(e.game.recent)-1] {
		distinct[p] = true
	}
	if len(e.game.recent) != maxLineMoves+1 || len(distinct) > 4 {
		t.Errorf("%d plies keep %d positions for %d entries", maxLineMoves, len(distinct), len(e.game.recent))
	}
	kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("heap kept by a %d-ply line: %d bytes", maxLineMoves, kept)
	if kept > 1<<20 {
		t.Errorf("a %d-ply line keeps %d bytes of heap; a position is about 770 bytes, so it keeps every one", maxLineMoves, kept)
	}
	e.handle("status")
	e.handle("fen")
	out := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if out[0] != "status draw repetition" {
		t.Errorf("status = %q", out[0])
	}
	fen := strings.TrimPrefix(out[1], "fen ")
	if _, err := rules.ParseFEN(rules.Bashni, fen); err != nil || !strings.HasSuffix(fen, ":H10000:F5001") {
		t.Errorf("fen %q: %v", fen, err)
	}
}

// More moves than the engine takes: a clear error, and the state is left.
func TestTooManyMoves(t *testing.T) {
	var buf bytes.Buffer
	e := newEngine(newLineWriter(&buf))
	e.handle("position startpos moves c3-d4")
	e.handle("position fen W:Wa1-1:Bh6-1 moves " + shuffleLine(maxLineMoves+1))
	e.handle("fen")
	want := "error more than 10000 moves: the engine takes games up to 10000 plies\nfen B:Wa1-0,c1-0,e1-0,g1-0,b2-0,d2-0,f2-0,h2-0,a3-0,e3-0,g3-0,d4-0:"
	if !strings.HasPrefix(buf.String(), want) {
		t.Errorf("got %q, want %q…", buf.String(), want)
	}
}

// The engine never writes a FEN its parser refuses: moves that would carry
// a counter past rules.MaxCounter are refused.
func TestCountersStayReadable(t *testing.T) {
	for _, tc := range []struct{ fen, moves, want string }{
		{"W:Wa1-1:Bh6-1:H999998:F1", "a1-b2 h6-g5", "fen W:Wb2-1:Bg5-1:H1000000:F2"},
		{"W:Wa1-1:Bh6-1:H999998:F1", "a1-b2 h6-g5 b2-a1", ""},
		{"W:Wa1-1:Bh6-1:H3:F999999", "a1-b2 h6-g5", "fen W:Wb2-1:Bg5-1:H5:F1000000"},
		{"W:Wa1-1:Bh6-1:H3:F1000000", "a1-b2 h6-g5", ""},
	} {
		line := "position fen " + tc.fen + " moves " + tc.moves
		out := runLines(t, "position fen W:Wa1-1:Bh6-1:H3:F1", line, "fen")
		last := out[len(out)-1]
		if tc.want == "" {
			if len(out) != 2 || !strings.Contains(out[0], "the move counters would pass 1000000") || last != "fen W:Wa1-1:Bh6-1:H3:F1" {
				t.Errorf("%s: %q, want an error and the state unchanged", line, out)
			}
		} else if len(out) != 1 || last != tc.want {
			t.Errorf("%s: %q, want %q", line, out, tc.want)
		}
		if _, err := rules.ParseFEN(rules.Bashni, strings.TrimPrefix(last, "fen ")); err != nil {
			t.Errorf("the engine printed %q, which its parser refuses: %v", last, err)
		}
	}
}

// status over the kept positions agrees with rules.StatusOf over every
// position of the game, on random games of both variants long enough to
// capture, promote and repeat.
func TestStatusAgreesWithWholeHistory(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	plies, draws := 0, 0
	for game := range 60 {
		v := rules.Variants[game%len(rules.Variants)]
		all := []*rules.Position{rules.NewPosition(v)}
		g := newGameLine(all[0])
		for ply := 0; ply < 400; ply++ {
			p := all[len(all)-1]
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			next := p.Play(moves[rng.IntN(len(moves))])
			// Now and then go back to where the game was two moves
			// ago, when a move can, so that positions repeat.
			if len(all) >= 4 && rng.IntN(10) < 7 {
				for _, m := range moves {
					if q := p.Play(m); q.Equal(all[len(all)-4]) {
						next = q
						break
					}
				}
			}
			plies++
			all = append(all, next)
			g.play(next)
			got, want := g.status(), rules.StatusOf(all)
			if got != want {
				t.Fatalf("game %d ply %d: status %v, want %v", game, ply, got.Status(), want.Status())
			}
			if want.Reason == rules.Repetition {
				draws++
			}
			if g.current() != next {
				t.Fatalf("game %d ply %d: the current position is not the last played", game, ply)
			}
		}
	}
	t.Logf("%d plies, %d of them in a drawn-by-repetition position", plies, draws)
	if draws == 0 {
		t.Error("no repetition came up: the test checks too little")
	}
}

// Changing hash or eval lets go of the old table before the next search
// makes a new one: memory never holds both.
func TestNewTableAfterOldIsFreed(t *testing.T) {
	var buf bytes.Buffer
	e := newEngine(newLineWriter(&buf))
	const mib = 256
	for _, line := range []string{"setoption name hash value 256", "go depth 1"} {
		e.handle(line)
	}
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	for _, line := range []string{
		"setoption name eval value material", "go depth 1",
		"setoption name hash value 255", "go depth 1",
		"setoption name eval value full", "setoption name hash value 256", "go depth 1",
	} {
		e.handle(line)
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	grew := int64(after.HeapSys) - int64(base.HeapSys)
	t.Logf("heap grew by %d MiB over three new %d MiB tables", grew>>20, mib)
	if grew > mib/2<<20 {
		t.Errorf("the heap grew by %d MiB: an old %d MiB table was still held while a new one was made", grew>>20, mib)
	}
}
