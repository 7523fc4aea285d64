package rules

import "testing"

// BenchmarkPerft9 is the speed measurement: perft(9) from the Bashni
// start (4,533,214 routes), single thread. It reports nodes per second, where
// nodes are the counted routes (leaves).
func BenchmarkPerft9(b *testing.B) {
	p := NewPosition(Bashni)
	var n uint64
	for b.Loop() {
		n = p.Perft(9)
	}
	if n != 4533214 {
		b.Fatalf("perft(9) = %d, want 4533214", n)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}
