package rules

// Direction is one of the four diagonal directions. Package ai builds its
// evaluation's board features on these primitives rather than on its own copy
// of the geometry.
type Direction uint8

// The directions, in the order of the geometry's tables (dirDelta, next,
// rays, maskFrom); as bit shifts on the 8×8 grid of squares.
const (
	NorthEast Direction = iota // +9: towards h8, file+1, rank+1
	NorthWest                  // +7: towards a8, file-1, rank+1
	SouthEast                  // -7: towards h1, file+1, rank-1
	SouthWest                  // -9: towards a1, file-1, rank-1
)

// Opposite is the direction back.
func (d Direction) Opposite() Direction { return 3 - d }

// Forward returns the two directions in which c's men move.
func Forward(c Color) (Direction, Direction) {
	if c == White {
		return NorthEast, NorthWest
	}
	return SouthEast, SouthWest
}

// Neighbour is the square next to sq in direction d, or NoSquare off the
// board.
func (v Variant) Neighbour(sq Square, d Direction) Square { return geometries[v&1].next[sq][d] }

// Shift moves every square of the bitboard b (bit i = Square i) one step in
// direction d; squares that would leave the board are dropped.
func (v Variant) Shift(b uint64, d Direction) uint64 {
	g := geometries[v&1]
	b &= g.maskFrom[d]
	if dirDelta[d] > 0 {
		return b << uint(dirDelta[d])
	}
	return b >> uint(-dirDelta[d])
}

// Board is the bitboard of the playable squares.
func (v Variant) Board() uint64 { return geometries[v&1].board }

// PromotionSquares is the bitboard of the squares where c's men are crowned.
func (v Variant) PromotionSquares(c Color) uint64 { return geometries[v&1].promo[c] }
