package rules

import "testing"

func TestPerftStart(t *testing.T) {
	tests := []struct {
		variant Variant
		want    []uint64
	}{
		{Bashni, []uint64{7, 49, 302, 1469, 7482, 37908, 189912, 925868}},
		{Lasca, []uint64{6, 6, 18, 54, 116, 324, 846, 2148, 5692, 13898}},
	}
	for _, tc := range tests {
		for i, want := range tc.want {
			depth := i + 1
			if testing.Short() && depth > 6 {
				break
			}
			p := NewPosition(tc.variant)
			before := *p
			if got := p.Perft(depth); got != want {
				t.Errorf("%v perft(%d) = %d, want %d", tc.variant, depth, got, want)
			}
			if *p != before {
				t.Errorf("%v perft(%d) did not restore the position", tc.variant, depth)
			}
		}
	}
}
