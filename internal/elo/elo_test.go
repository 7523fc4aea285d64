package elo

import "testing"

func TestStats(t *testing.T) {
	tests := []struct {
		name   string
		scores []float64
		check  func(est, lo, hi float64) bool
	}{
		{"no games", nil, func(est, lo, hi float64) bool { return est == 0 && lo == 0 && hi == 0 }},
		{"even score", []float64{1, 0, 0.5, 0.5}, func(est, lo, hi float64) bool { return est == 0 && lo < 0 && hi > 0 }},
		{"87.5 %", []float64{1, 1, 1, 0.5}, func(est, lo, hi float64) bool { return lo < est && est < hi && est >= 300 && est <= 400 }},
		{"10/10: a finite lower bound", []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, func(_, lo, _ float64) bool { return lo > 0 && lo <= 400 }},
		{"0/10: a finite upper bound", []float64{0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, func(_, _, hi float64) bool { return hi < 0 && hi >= -400 }},
	}
	for _, tc := range tests {
		est, lo, hi := Stats(tc.scores)
		if !tc.check(est, lo, hi) {
			t.Errorf("%s: %v (%v..%v)", tc.name, est, lo, hi)
		}
	}
}

func TestText(t *testing.T) {
	tests := []struct {
		e    float64
		want string
	}{
		{0, "+0"},
		{123.4, "+123"},
		{-57.6, "-58"},
		{1999, "+1999"},
		{Of(1), "+inf"},
		{Of(0), "-inf"},
	}
	for _, tc := range tests {
		if got := Text(tc.e); got != tc.want {
			t.Errorf("Text(%v) = %q, want %q", tc.e, got, tc.want)
		}
	}
}
