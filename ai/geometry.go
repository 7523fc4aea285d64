package ai

import "bashni/rules"

// Directions on the 8×8 bit grid of package rules (square = rank*8+file).
const (
	dirNE = iota // +9
	dirNW        // +7
	dirSE        // -7
	dirSW        // -9
)

var dirDelta = [4]int{9, 7, -7, -9}

// geometry holds immutable tables of one variant's board, computed once at
// start-up from package rules' public description of the board.
type geometry struct {
	variant  rules.Variant
	size     int
	board    uint64
	nsq      int                 // number of playable squares
	maskFrom [4]uint64           // squares whose neighbour in direction d is on the board
	next     [64][4]rules.Square // neighbour in direction d, or NoSquare
	// index[c][sq] is the playable square sq seen from c's side (board turned
	// half a turn for Black) as an index into Squares(); the evaluation's
	// square tables use it.
	index    [2][64]uint8
	promo    [2]uint64 // the promotion rank of White, Black
	preProm  [2]uint64 // the rank before it
	mainDiag uint64    // the long diagonal a1–h8 (a1–g7 in Lasca)
	double   uint64    // the double-corner diagonals g1–a7 and h2–b8 (Bashni)
	manDirs  [2][]int  // directions in which a man of each colour captures
	fly      bool
}

var geometries = [2]*geometry{newGeometry(rules.Bashni), newGeometry(rules.Lasca)}

func geometryOf(v rules.Variant) *geometry { return geometries[v&1] }

func newGeometry(v rules.Variant) *geometry {
	g := &geometry{variant: v, size: v.Size(), fly: v.FlyingKings()}
	n := g.size
	inside := func(f, r int) bool { return f >= 0 && r >= 0 && f < n && r < n }
	df := [4]int{1, -1, 1, -1}
	dr := [4]int{1, 1, -1, -1}
	pos := map[rules.Square]int{}
	for i, sq := range v.Squares() {
		pos[sq] = i
		g.board |= 1 << uint(sq)
	}
	g.nsq = len(v.Squares())
	for sq := rules.Square(0); sq < 64; sq++ {
		for d := 0; d < 4; d++ {
			g.next[sq][d] = rules.NoSquare
		}
	}
	for _, sq := range v.Squares() {
		f, r := sq.File(), sq.Rank()
		for d := 0; d < 4; d++ {
			if inside(f+df[d], r+dr[d]) {
				g.maskFrom[d] |= 1 << uint(sq)
				g.next[sq][d] = rules.SquareAt(f+df[d], r+dr[d])
			}
		}
		g.index[rules.White][sq] = uint8(pos[sq])
		g.index[rules.Black][sq] = uint8(pos[rules.SquareAt(n-1-f, n-1-r)])
		if r == n-1 {
			g.promo[rules.White] |= 1 << uint(sq)
		}
		if r == 0 {
			g.promo[rules.Black] |= 1 << uint(sq)
		}
		if r == n-2 {
			g.preProm[rules.White] |= 1 << uint(sq)
		}
		if r == 1 {
			g.preProm[rules.Black] |= 1 << uint(sq)
		}
		if f == r {
			g.mainDiag |= 1 << uint(sq)
		}
		if n == 8 && (f+r == 6 || f+r == 8) {
			g.double |= 1 << uint(sq)
		}
	}
	if v.MenCaptureBackward() {
		g.manDirs = [2][]int{{dirNE, dirNW, dirSE, dirSW}, {dirNE, dirNW, dirSE, dirSW}}
	} else {
		g.manDirs = [2][]int{{dirNE, dirNW}, {dirSE, dirSW}}
	}
	return g
}

// shift moves every square of b one step in direction d (squares that would
// leave the board are dropped).
func (g *geometry) shift(b uint64, d int) uint64 {
	b &= g.maskFrom[d]
	if dirDelta[d] > 0 {
		return b << uint(dirDelta[d])
	}
	return b >> uint(-dirDelta[d])
}

// forward returns the two directions in which c's men move.
func forward(c rules.Color) (int, int) {
	if c == rules.White {
		return dirNE, dirNW
	}
	return dirSE, dirSW
}

// opposite is the direction back.
func opposite(d int) int { return 3 - d }
