// Package elo turns match scores into Elo differences, for the tools that
// play engines against each other (cmd/bashni-match, cmd/bashni-ladder).
package elo

import (
	"fmt"
	"math"
)

// Of converts a score fraction to an Elo difference.
func Of(score float64) float64 {
	score = math.Min(math.Max(score, 1e-6), 1-1e-6)
	return -400 * math.Log10(1/score-1)
}

// Stats returns the Elo estimate of the first player and its 95 %
// confidence interval, from the per-game scores (1, ½ or 0) and their
// variance: a Wilson-style interval, which stays meaningful at 0 % and
// 100 %.
func Stats(scores []float64) (est, lo, hi float64) {
	n := float64(len(scores))
	if n == 0 {
		return 0, 0, 0
	}
	var mean float64
	for _, s := range scores {
		mean += s
	}
	mean /= n
	var v float64
	for _, s := range scores {
		v += (s - mean) * (s - mean)
	}
	v /= n
	const z = 1.96
	center := (mean + z*z/(2*n)) / (1 + z*z/n)
	half := z * math.Sqrt(v/n+z*z/(4*n*n)) / (1 + z*z/n)
	return Of(mean), Of(center - half), Of(center + half)
}

// Text writes an Elo difference, or "+inf"/"-inf" for a clean sweep.
func Text(e float64) string {
	if math.Abs(e) >= 2000 {
		if e > 0 {
			return "+inf"
		}
		return "-inf"
	}
	return fmt.Sprintf("%+.0f", e)
}
