package rules

import "testing"

// TestDirections checks the exported board primitives against file and rank
// arithmetic on both boards.
func TestDirections(t *testing.T) {
	df := map[Direction][2]int{NorthEast: {1, 1}, NorthWest: {-1, 1}, SouthEast: {1, -1}, SouthWest: {-1, -1}}
	for _, v := range Variants {
		n := v.Size()
		if got := popcount(v.Board()); got != len(v.Squares()) {
			t.Errorf("%v: board has %d squares, want %d", v, got, len(v.Squares()))
		}
		for d, step := range df {
			if d.Opposite().Opposite() != d || df[d.Opposite()] != [2]int{-step[0], -step[1]} {
				t.Errorf("opposite of %d is %d", d, d.Opposite())
			}
			var want uint64
			for _, sq := range v.Squares() {
				f, r := sq.File()+step[0], sq.Rank()+step[1]
				next := NoSquare
				if f >= 0 && r >= 0 && f < n && r < n {
					next = SquareAt(f, r)
					want |= 1 << uint(next)
				}
				if got := v.Neighbour(sq, d); got != next {
					t.Errorf("%v: Neighbour(%v, %d) = %v, want %v", v, sq, d, got, next)
				}
			}
			if got := v.Shift(v.Board(), d); got != want {
				t.Errorf("%v: Shift(board, %d) = %x, want %x", v, d, got, want)
			}
		}
		for _, c := range []Color{White, Black} {
			for _, sq := range v.Squares() {
				if on := v.PromotionSquares(c)&(1<<uint(sq)) != 0; on != (sq.Rank() == v.PromotionRank(c)) {
					t.Errorf("%v: %v promotion square %v = %v", v, c, sq, on)
				}
			}
			f1, f2 := Forward(c)
			if df[f1][1] != df[f2][1] || (df[f1][1] > 0) != (c == White) {
				t.Errorf("Forward(%v) = %d, %d", c, f1, f2)
			}
		}
	}
}
