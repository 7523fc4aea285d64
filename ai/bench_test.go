package ai

import (
	"context"
	"testing"
	"time"

	"bashni/rules"
)

// benchFENs are Bashni middlegames reached by six random plies and then
// level-3 self-play (16 to 40 plies from the start), with at least 12
// columns and two tall ones.
var benchFENs = []string{
	"B:Wa1-0,c1-0,g1-0,f2-000,a3-0,c3-0,e3-000/0,f4-0/00:Ba5-0,f6-000,h6-0,a7-0,g7-0,b8-0,d8-0:H0:F17",
	"B:Wa1-0,c1-0,e1-0,g1-0,h2-0,a3-0,e3-0/0000,g3-0,h4-0:Be5-00000/100,f6-0,b8-0,h8-0:H0:F14",
	"B:Wc1-0,e1-0,g1-0,b2-00,h2-0,c5-0/000,e5-000:Ba3-0,b4-0/00,g5-0,h6-0,e7-00,b8-0,d8-0,h8-0:H1:F16",
	"B:Wc1-0,b2-0,h2-00/0,c3-0,e3-0/0,f4-0000:Ba3-0/0,a5-0/0,c5-0,b6-0,h6-0,a7-0,c7-0,e7-0,g7-0,h8-0:H8:F19",
	"W:Wa1-0,c1-0,e1-0,g1-0,b2-0,d2-0,h2-0,a3-0,d4-0,f4-0,e7-0/00:Ba5-0/0,c5-0,d6-00,a7-0,c7-0,g7-0,b8-0,f8-0,h8-0:H1:F10",
	"W:Wc1-0,e1-0,g1-0,b2-0,h2-0,d4-000,f6-0/00,a7-0/00:Be5-0,g5-0,h6-0/00,c7-0,b8-0,d8-0,f8-0,h8-0:H0:F14",
	"W:Wa1-0,c1-0,g1-0,b2-0,h2-0,e3-0/00,g3-0,d4-00,h4-0/0:Bc5-0,g5-0,d6-000/00,f6-0,a7-0,g7-0,f8-0:H0:F18",
	"W:Wa1-0,e1-0,g1-0,b2-0,f2-0,h2-0,c5-0/00,g5-0/000:Be5-0/0,b6-0/0,d6-0/00,a7-0,c7-0,e7-0,h8-0:H0:F15",
	"W:Wa1-0,c1-0,e1-0,g1-0,b2-0,d2-0,h2-0,g3-0,h4-0:Ba3-0/0,c5-0/1,b6-00000,f6-0/0,a7-0,e7-000:H0:F18",
	"W:Wc1-0,e1-0,g1-0,d2-0,h2-0,a3-0,g3-0000,h4-0/10:Bb6-0,d6-00,f6-0/0,h6-0,a7-0,g7-0,b8-0,f8-0,h8-0:H1:F13",
	"B:Wa1-0,c1-0,e1-0,g1-0,h2-0,a3-0,e3-0,g3-000,h4-0/0:Bf4-0,d6-0,f6-0/0,h6-0,a7-0,c7-0,g7-00,b8-0,d8-0,f8-0:H0:F9",
	"B:Wa1-0,c1-0,e1-0,d2-0,f2-0,e3-0000,e5-0/0:Ba3-0/0,b6-0,d6-0/0,f6-0,h6-0,a7-0,g7-0,b8-0,d8-0,f8-0,h8-0:H1:F12",
	"W:Wa1-0,e1-0,g1-0,f2-0,h2-0,e3-00000/0,f4-0,h4-0/01:Be5-0,b6-0,h6-0,a7-0,g7-0,b8-0,d8-0,f8-0,h8-0:H1:F11",
	"B:Wa1-0,c1-0,e1-0,g1-0,b2-0,f2-0/0,e3-0,b4-00,f4-0/0,h4-0,a7-0/00:Bd6-0,f6-0,h6-0,e7-0,b8-0,d8-0,f8-0,h8-0:H2:F11",
	"W:Wa1-0,c1-0,e1-0,g1-0,d2-0,h2-0,g3-0,h4-0:Bb2-0/00,b4-0/00,g5-0,f6-0,h6-0,a7-0,e7-00,g7-0,b8-0,d8-0,h8-0:H0:F10",
	"B:Wa1-0,c1-0,d2-0,f2-0,h2-0,c3-0,e3-0,d4-00,f4-0,e5-0/000:Ba3-0/0,b4-0,g5-0,b6-0,h6-0,g7-0,b8-0,f8-0,h8-0:H2:F14",
}

func benchPositions(tb testing.TB) []*rules.Position {
	var ps []*rules.Position
	for _, f := range benchFENs {
		p, err := rules.ParseFEN(rules.Bashni, f)
		if err != nil {
			tb.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

// BenchmarkSearchNPS searches every benchmark middlegame to a fixed depth
// from an empty table and reports nodes per second (single thread) and the
// average time to that depth.
func BenchmarkSearchNPS(b *testing.B) {
	for _, depth := range []int{8, 10, 12} {
		b.Run(depthName(depth), func(b *testing.B) {
			ps := benchPositions(b)
			e := NewEngine(Options{HashMiB: 64})
			var nodes int64
			var elapsed, cpu time.Duration
			for b.Loop() {
				for _, p := range ps {
					e.NewGame()
					start, startCPU := time.Now(), cpuTime()
					r := e.Search(context.Background(), []*rules.Position{p}, Limits{Depth: depth}, nil)
					elapsed += time.Since(start)
					cpu += cpuTime() - startCPU
					nodes += r.Nodes
				}
			}
			b.ReportMetric(float64(nodes)/elapsed.Seconds(), "nodes/s")
			b.ReportMetric(elapsed.Seconds()*1000/float64(b.N*len(ps)), "ms/position")
			b.ReportMetric(float64(nodes)/float64(b.N*len(ps)), "nodes/position")
			if cpu > 0 {
				// Nodes per second of CPU time: the speed on a machine busy
				// with other work (wall-time nodes/s is the figure that counts
				// on a quiet one).
				b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
			}
		})
	}
}

func depthName(d int) string { return "depth" + string(rune('0'+d/10)) + string(rune('0'+d%10)) }

// BenchmarkEval is the cost of one static evaluation of a middlegame.
func BenchmarkEval(b *testing.B) {
	ps := benchPositions(b)
	ev := newEvaluator(rules.Bashni, TunedWeights(rules.Bashni))
	s := 0
	for b.Loop() {
		for _, p := range ps {
			s += ev.eval(p)
		}
	}
	_ = s
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/eval")
}

// BenchmarkMoves is the cost of generating the moves of a middlegame.
func BenchmarkMoves(b *testing.B) {
	ps := benchPositions(b)
	buf := make([]rules.Move, 0, 64)
	for b.Loop() {
		for _, p := range ps {
			buf = p.LegalMoves(buf)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/gen")
}

// BenchmarkLevel1Move is the cost of a level-1 move (the newcomer's glance,
// no search) in the benchmark middlegames, with the positions it looked at.
func BenchmarkLevel1Move(b *testing.B) {
	ps := benchPositions(b)
	e := NewEngine(Options{HashMiB: 1, Seed: 1})
	var nodes int64
	for b.Loop() {
		for _, p := range ps {
			nodes += e.PlayLevel(context.Background(), []*rules.Position{p}, 1, Limits{}, nil).Nodes
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1000/float64(b.N*len(ps)), "µs/move")
	b.ReportMetric(float64(nodes)/float64(b.N*len(ps)), "positions/move")
}
