package ai

import "bashni/rules"

// geometry holds the evaluation's own tables of one variant's board,
// computed once at start-up; the board itself (neighbours, shifts, the
// playable and promotion squares) is package rules'.
type geometry struct {
	v     rules.Variant
	board uint64 // the playable squares
	// index[c][sq] is the playable square sq seen from c's side (board turned
	// half a turn for Black) as an index into Squares(); the evaluation's
	// square tables use it.
	index    [2][64]uint8
	promo    [2]uint64            // the promotion rank of White, Black
	preProm  [2]uint64            // the rank before it
	mainDiag uint64               // the long diagonal a1–h8 (a1–g7 in Lasca)
	double   uint64               // the double-corner diagonals g1–a7 and h2–b8 (Bashni)
	manDirs  [2][]rules.Direction // directions in which a man of each colour captures
	fly      bool
}

var allDirections = []rules.Direction{rules.NorthEast, rules.NorthWest, rules.SouthEast, rules.SouthWest}

var geometries = [2]*geometry{newGeometry(rules.Bashni), newGeometry(rules.Lasca)}

func geometryOf(v rules.Variant) *geometry { return geometries[v&1] }

func newGeometry(v rules.Variant) *geometry {
	g := &geometry{v: v, board: v.Board(), fly: v.FlyingKings()}
	n := v.Size()
	pos := map[rules.Square]int{}
	for i, sq := range v.Squares() {
		pos[sq] = i
	}
	for _, c := range []rules.Color{rules.White, rules.Black} {
		g.promo[c] = v.PromotionSquares(c)
		f1, f2 := rules.Forward(c)
		// The rank before the promotion rank: one step back from it.
		g.preProm[c] = v.Shift(g.promo[c], f1.Opposite()) | v.Shift(g.promo[c], f2.Opposite())
		if v.MenCaptureBackward() {
			g.manDirs[c] = allDirections
		} else {
			g.manDirs[c] = []rules.Direction{f1, f2}
		}
	}
	for _, sq := range v.Squares() {
		f, r := sq.File(), sq.Rank()
		g.index[rules.White][sq] = uint8(pos[sq])
		g.index[rules.Black][sq] = uint8(pos[rules.SquareAt(n-1-f, n-1-r)])
		if f == r {
			g.mainDiag |= 1 << uint(sq)
		}
		if n == 8 && (f+r == 6 || f+r == 8) {
			g.double |= 1 << uint(sq)
		}
	}
	return g
}
