package analysis

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"bashni/ai"
	"bashni/learn/text"
	"bashni/rules"
)

// workedGame is the first worked example of shared/RULES.md.
const workedGame = "1. c3-b4 b6-c5 2. b4-a5 a7-b6 3. b2-c3 c5-b4 4. a3:c5:a7 c7-b6 5. a5:c7:e5 f6:d4:b2 6. a1:c3 d8-c7"

func gameOf(t testing.TB, text string) (*rules.Position, []rules.Move) {
	t.Helper()
	rec, err := rules.ParseRecord(text)
	if err != nil {
		t.Fatal(err)
	}
	return rec.Game.Start(), rec.Game.Moves()
}

func TestWorkedGame(t *testing.T) {
	start, moves := gameOf(t, workedGame)
	r, err := Run(context.Background(), start, moves, Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", r)
	if !r.Complete || len(r.Positions) != len(moves)+1 || len(r.Graph()) != len(moves)+1 {
		t.Fatalf("incomplete report: %+v", r)
	}
	marked := 0
	for _, side := range []rules.Color{rules.White, rules.Black} {
		c := r.Summary(side)
		marked += c.Mistakes + c.Blunders
		t.Logf("%v: %+v", side, c)
	}
	if marked == 0 {
		t.Fatal("no mistake marked")
	}
}

// readGame reads a game record file.
func readGame(t testing.TB, path string) (*rules.Position, []rules.Move) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return gameOf(t, string(b))
}

// TestJob runs an analysis in two passes in the background: progress rises
// to the total, snapshots fill in (the whole graph after the quick pass),
// the result matches the game and survives JSON, and a second job can be
// cancelled.
func TestJob(t *testing.T) {
	start, moves := gameOf(t, workedGame)
	opt := Options{Quick: ai.Limits{Nodes: 5_000}, Limits: ai.Limits{Nodes: 20_000}}
	if got := opt.Settings(); got != "nodes 5000, then nodes 20000" {
		t.Fatalf("settings %q", got)
	}
	j, err := Start(start, moves, opt)
	if err != nil {
		t.Fatal(err)
	}
	n := len(moves) + 1
	last, sawQuick := 0, false
	for !j.Done() {
		done, total := j.Progress()
		if done < last || total != 2*n {
			t.Fatalf("progress %d/%d after %d", done, total, last)
		}
		last = done
		s := j.Snapshot()
		for i, p := range s.Positions {
			if i < done && !p.Done {
				t.Fatalf("snapshot at %d/%d: position %d not done", done, total, i)
			}
		}
		if s.Passes == 1 && !s.Complete {
			sawQuick = true
			for i := range s.Reviews {
				if !s.Reviews[i].Done {
					t.Fatalf("after the quick pass move %d is not reviewed", i+1)
				}
			}
		}
		time.Sleep(2 * time.Millisecond)
	}
	r, err := j.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if done, total := j.Progress(); done != total || r.Passes != 2 || !r.Complete {
		t.Fatalf("ended at %d/%d, %d passes, complete %v", done, total, r.Passes, r.Complete)
	}
	for i, p := range r.Positions {
		if p.Pass != 2 {
			t.Fatalf("position %d from pass %d", i, p.Pass)
		}
	}
	t.Logf("a snapshot between the passes seen: %v", sawQuick)
	settings := opt.Settings()
	if !r.Matches(start, moves, settings) || r.Matches(start, moves[:len(moves)-1], settings) || r.Matches(start, moves, "nodes 1") {
		t.Fatal("Matches does not tell this game from others")
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !back.Matches(start, moves, settings) || back.String() != r.String() || !slices.Equal(back.Graph(), r.Graph()) {
		t.Fatal("the report changed through JSON")
	}

	// Cancel a slow job at once.
	j, err = Start(start, moves, Options{Limits: ai.Limits{Nodes: 50_000_000}, NoQuick: true})
	if err != nil {
		t.Fatal(err)
	}
	j.Cancel()
	r, err = j.Wait()
	if !errors.Is(err, context.Canceled) || r.Complete {
		t.Fatalf("cancelled job: err %v, complete %v", err, r.Complete)
	}
}

func TestBadGame(t *testing.T) {
	start := rules.NewPosition(rules.Bashni)
	other, _ := rules.NewPosition(rules.Bashni).ParseMove("c3-d4")
	bad := []rules.Move{other, other}
	if _, err := Start(start, bad, Options{}); err == nil || !strings.Contains(err.Error(), "move 2") {
		t.Fatalf("an illegal second move: %v", err)
	}
	if _, err := Run(context.Background(), nil, nil, Options{}, nil); err == nil {
		t.Fatal("no start position accepted")
	}
}

// TestMoments: the "learn from your mistakes" list of RULES.md's worked
// game holds Black's final blunder, d8-c7; each side's list has its
// mistakes and blunders, worst first, each with the position before it, in
// which the move played and the better move are legal; Judge finds the
// better move good and the blunder not.
func TestMoments(t *testing.T) {
	start, moves := gameOf(t, workedGame)
	r, err := Run(context.Background(), start, moves, Options{Limits: ai.Limits{Nodes: 50_000}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	e := ai.NewEngine(ai.Options{HashMiB: 16})
	for _, side := range []rules.Color{rules.White, rules.Black} {
		ms := r.Moments(side, 0)
		c := r.Summary(side)
		if len(ms) != c.Mistakes+c.Blunders {
			t.Errorf("%v: %d moments, %d mistakes and blunders", side, len(ms), c.Mistakes+c.Blunders)
		}
		for i, m := range ms {
			if i > 0 && m.Loss > ms[i-1].Loss {
				t.Errorf("%v: moments not worst first", side)
			}
			p, err := rules.ParseFEN(rules.Bashni, m.FEN)
			if err != nil {
				t.Fatal(err)
			}
			if p.SideToMove() != side {
				t.Errorf("%v: moment %d has %v to move", side, m.Ply, p.SideToMove())
			}
			best, err := p.ParseMove(m.Best)
			if err != nil {
				t.Fatalf("%v: moment %d: better move %s: %v", side, m.Ply, m.Best, err)
			}
			played, err := p.ParseMove(m.Played)
			if err != nil || played != moves[m.Ply] {
				t.Fatalf("%v: moment %d: played %s, game %v", side, m.Ply, m.Played, moves[m.Ply])
			}
			h := rules.NewGameFrom(start)
			for _, mv := range moves[:m.Ply] {
				h.Play(mv)
			}
			lim := ai.Limits{Nodes: 100_000}
			if v := Judge(context.Background(), e, h.History(), best, lim); !v.Good {
				t.Errorf("%v: the better move %v judged not good: %+v", side, best, v)
			}
			if v := Judge(context.Background(), e, h.History(), played, lim); v.Good && m.Class == Blunder {
				t.Errorf("%v: the blunder %v judged good: %+v", side, played, v)
			}
		}
	}
	black := r.Moments(rules.Black, 1)
	if len(black) != 1 || black[0].Played != "d8-c7" || black[0].Class != Blunder {
		t.Fatalf("Black's worst moment: %+v, want the blunder d8-c7", black)
	}
}

func TestLines(t *testing.T) {
	start, moves := gameOf(t, workedGame)
	g := rules.NewGameFrom(start)
	for _, m := range moves[:6] {
		g.Play(m)
	}
	e := ai.NewEngine(ai.Options{HashMiB: 16})
	ls := Lines(context.Background(), e, g.History(), ai.Limits{Depth: 6}, 3)
	if len(ls) == 0 {
		t.Fatal("no line")
	}
	p := g.Position()
	for i, l := range ls {
		q := p
		for _, m := range l.Moves {
			if err := legal(q, m); err != nil {
				t.Fatalf("line %d: %v", i, err)
			}
			q = q.Play(m)
		}
		// Scores are White's: best first means falling for White to move,
		// rising for Black.
		if i > 0 {
			worse := l.Score <= ls[i-1].Score
			if p.SideToMove() == rules.Black {
				worse = l.Score >= ls[i-1].Score
			}
			if !worse {
				t.Errorf("line %d (%d) ranked below line %d (%d)", i, l.Score, i-1, ls[i-1].Score)
			}
		}
	}
}

func legal(p *rules.Position, m rules.Move) error {
	for _, l := range p.LegalMoves(nil) {
		if l == m {
			return nil
		}
	}
	return fmt.Errorf("%v is not legal in %s", m, p.FEN())
}

// BenchmarkGame60 analyses the 60-move game at the default budget; one
// iteration is one whole analysis. It reports the nodes searched and the
// mean depth reached per position. On a shared machine measure the CPU time
// too (the package notes say how).
func BenchmarkGame60(b *testing.B) {
	start, moves := readGame(b, "testdata/game60.pdn")
	var nodes int64
	depth := 0
	for b.Loop() {
		r, err := Run(context.Background(), start, moves, Options{}, nil)
		if err != nil {
			b.Fatal(err)
		}
		nodes, depth = 0, 0
		for _, p := range r.Positions {
			nodes += p.Nodes
			depth += p.Depth
		}
		depth /= len(r.Positions)
	}
	b.ReportMetric(float64(nodes), "nodes/op")
	b.ReportMetric(float64(depth), "depth")
}

func TestClasses(t *testing.T) {
	for _, tc := range []struct {
		drop float64
		want Class
	}{{0, Good}, {0.049, Good}, {0.05, Inaccuracy}, {0.1, Mistake}, {0.2, Blunder}} {
		if got := Classify(tc.drop); got != tc.want {
			t.Errorf("Classify(%v) = %q, want %q", tc.drop, got, tc.want)
		}
		if tc.want != Good {
			if _, ok := text.Lookup(tc.want.TextID()); !ok {
				t.Errorf("no text for %q", tc.want)
			}
		}
	}
	if Expected(0) != 0.5 || Expected(30000-5) != 1 || Expected(-(30000-5)) != 0 || Expected(100) <= 0.5 {
		t.Error("Expected is off")
	}
}
