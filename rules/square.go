package rules

import (
	"math/bits"
	"strings"
)

// Square is a board square as a bit index rank*8+file (a1 = 0, b2 = 9, h8 = 63)
// on an 8×8 grid; Lasca uses the part with file and rank below 7.
type Square int8

// NoSquare marks the absence of a square.
const NoSquare Square = -1

// SquareAt returns the square of a 0-based file and rank.
func SquareAt(file, rank int) Square { return Square(rank*8 + file) }

// File is the 0-based file (a = 0).
func (s Square) File() int { return int(s) & 7 }

// Rank is the 0-based rank (rank 1 = 0).
func (s Square) Rank() int { return int(s) >> 3 }

// String returns the algebraic name, e.g. "c3".
func (s Square) String() string {
	if s < 0 || s > 63 {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads an algebraic square of variant v, case-insensitively, and
// checks that it is a playable (dark) square.
func ParseSquare(v Variant, text string) (Square, error) {
	t := strings.ToLower(text)
	if len(t) != 2 {
		return NoSquare, &SquareError{Problem: SquareMalformed, Text: text}
	}
	size := v.Size()
	f, r := int(t[0])-'a', int(t[1])-'1'
	if f < 0 || f >= size || r < 0 || r >= size {
		return NoSquare, &SquareError{Problem: SquareOffBoard, Text: text, Size: size}
	}
	sq := SquareAt(f, r)
	if !v.Playable(sq) {
		return NoSquare, &SquareError{Problem: SquareLight, Text: text}
	}
	return sq, nil
}

func popcount(b uint64) int { return bits.OnesCount64(b) }

// lsb returns the lowest set square of a non-empty bitboard.
func lsb(b uint64) Square { return Square(bits.TrailingZeros64(b)) }
