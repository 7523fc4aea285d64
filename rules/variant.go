// Package rules implements Bashni (column draughts) and Lasca: board geometry,
// columns, positions with Zobrist hashing, legal move generation, make/unmake,
// notation (moves, FEN, game records), games with their results, and perft.
//
// The package imports nothing outside the standard library and holds no
// mutable global state: the only package-level values are immutable tables.
package rules

import (
	"fmt"
	"strings"
)

// Variant selects the game: Bashni on 8×8 or Lasca on 7×7.
type Variant uint8

const (
	Bashni Variant = iota
	Lasca
)

// Variants lists every variant, in menu order.
var Variants = [...]Variant{Bashni, Lasca}

// String returns the variant's name as used in records and the protocol
// ("Bashni", "Lasca").
func (v Variant) String() string {
	switch v {
	case Bashni:
		return "Bashni"
	case Lasca:
		return "Lasca"
	}
	return fmt.Sprintf("Variant(%d)", uint8(v))
}

// ParseVariant accepts a variant name in any case.
func ParseVariant(s string) (Variant, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "bashni":
		return Bashni, nil
	case "lasca":
		return Lasca, nil
	}
	return 0, fmt.Errorf("unknown variant %s (want bashni or lasca)", Quote(s))
}

// Size is the number of files and ranks: 8 for Bashni, 7 for Lasca.
func (v Variant) Size() int { return geometries[v&1].size }

// Pieces is the number of pieces in the game: 24 for Bashni, 22 for Lasca.
func (v Variant) Pieces() int { return geometries[v&1].pieces }

// Squares returns the playable squares in canonical order (a1, c1, e1, …,
// rank by rank, file by file).
func (v Variant) Squares() []Square { return geometries[v&1].squares }

// Playable reports whether sq is a playable square of this variant.
func (v Variant) Playable(sq Square) bool {
	return sq >= 0 && sq < 64 && geometries[v&1].board&(1<<uint(sq)) != 0
}

// PromotionRank is the rank (0-based) on which c's men are crowned.
func (v Variant) PromotionRank(c Color) int {
	if c == White {
		return v.Size() - 1
	}
	return 0
}

// MenCaptureBackward reports whether men may capture backwards (Bashni).
func (v Variant) MenCaptureBackward() bool { return v == Bashni }

// FlyingKings reports whether kings move and capture at a distance (Bashni).
func (v Variant) FlyingKings() bool { return v == Bashni }

// HasNoProgressRule reports whether the 30-ply rule applies (Bashni only).
func (v Variant) HasNoProgressRule() bool { return v == Bashni }

// NoProgressPlies is the number of plies without capture or promotion that
// draws a Bashni game.
const NoProgressPlies = 30

// geometry holds the immutable tables of one board size. Squares are bit
// indexes rank*8+file on an 8×8 grid for both variants, so that the same
// shifts (±7, ±9) find diagonal neighbours; the board mask cuts the 7×7 board
// out of that grid.
type geometry struct {
	size     int
	pieces   int
	board    uint64
	promo    [2]uint64 // promotion rank of White, Black
	squares  []Square
	start    [2]uint64 // start squares of White, Black
	rays     [64][4]uint64
	next     [64][4]Square // neighbour in each direction, or NoSquare
	maskFrom [4]uint64     // squares from which a shift in direction d stays on the board
}

// Directions, as bit shifts on the 8×8 grid.
const (
	dirNE = iota // +9: file+1, rank+1
	dirNW        // +7: file-1, rank+1
	dirSE        // -7: file+1, rank-1
	dirSW        // -9: file-1, rank-1
)

var dirDelta = [4]int{9, 7, -7, -9}
var dirFile = [4]int{1, -1, 1, -1}
var dirRank = [4]int{1, 1, -1, -1}

// geometries are computed once at start-up and never written again.
var geometries = [2]*geometry{newGeometry(8, 3), newGeometry(7, 3)}

func newGeometry(size, startRanks int) *geometry {
	g := &geometry{size: size}
	for r := 0; r < size; r++ {
		for f := 0; f < size; f++ {
			if (f+r)%2 != 0 {
				continue
			}
			sq := Square(r*8 + f)
			g.board |= 1 << uint(sq)
			g.squares = append(g.squares, sq)
			if r < startRanks {
				g.start[White] |= 1 << uint(sq)
			}
			if r >= size-startRanks {
				g.start[Black] |= 1 << uint(sq)
			}
			if r == size-1 {
				g.promo[White] |= 1 << uint(sq)
			}
			if r == 0 {
				g.promo[Black] |= 1 << uint(sq)
			}
		}
	}
	g.pieces = popcount(g.start[White]) + popcount(g.start[Black])
	for d := 0; d < 4; d++ {
		for _, sq := range g.squares {
			if g.inside(sq.File()+dirFile[d], sq.Rank()+dirRank[d]) {
				g.maskFrom[d] |= 1 << uint(sq)
			}
		}
	}
	for sq := Square(0); sq < 64; sq++ {
		for d := 0; d < 4; d++ {
			g.next[sq][d] = NoSquare
			if g.board&(1<<uint(sq)) == 0 {
				continue
			}
			f, r := sq.File()+dirFile[d], sq.Rank()+dirRank[d]
			if g.inside(f, r) {
				g.next[sq][d] = Square(r*8 + f)
			}
			for g.inside(f, r) {
				g.rays[sq][d] |= 1 << uint(r*8+f)
				f += dirFile[d]
				r += dirRank[d]
			}
		}
	}
	return g
}

func (g *geometry) inside(f, r int) bool { return f >= 0 && r >= 0 && f < g.size && r < g.size }
