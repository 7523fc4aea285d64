package rules

import (
	"errors"
	"fmt"
)

// Position is a complete game state: every column, the side to move, the ply
// counters and the Zobrist hash. The zero value is not usable; make one with
// NewPosition or ParseFEN. Position is a plain value: assigning it copies it.
type Position struct {
	cols     [64]Column
	white    uint64 // squares whose top piece is White
	black    uint64 // squares whose top piece is Black
	kings    uint64 // squares whose top piece is a king
	hash     uint64
	variant  Variant
	side     Color
	halfmove int // plies since the last capture or promotion (H)
	fullmove int // full-move number (F)
}

// NewPosition returns the start position of v.
func NewPosition(v Variant) *Position {
	p := &Position{variant: v, fullmove: 1}
	g := geometries[v&1]
	for _, sq := range g.squares {
		switch {
		case g.start[White]&(1<<uint(sq)) != 0:
			p.put(sq, ColumnOf(WhiteMan))
		case g.start[Black]&(1<<uint(sq)) != 0:
			p.put(sq, ColumnOf(BlackMan))
		}
	}
	p.hash = p.computeHash()
	return p
}

// EmptyPosition returns a board of v with no pieces, White to move; the
// position editor fills it with SetColumn.
func EmptyPosition(v Variant) *Position {
	p := &Position{variant: v, fullmove: 1}
	p.hash = p.computeHash()
	return p
}

// Variant is the game being played.
func (p *Position) Variant() Variant { return p.variant }

// SideToMove is the colour whose turn it is.
func (p *Position) SideToMove() Color { return p.side }

// Column returns the column on sq (empty if none or off the board).
func (p *Position) Column(sq Square) Column {
	if sq < 0 || sq > 63 {
		return 0
	}
	return p.cols[sq]
}

// Hash is the 64-bit Zobrist hash of the columns and the side to move.
func (p *Position) Hash() uint64 { return p.hash }

// HalfmoveClock is the number of plies since the last capture or promotion.
func (p *Position) HalfmoveClock() int { return p.halfmove }

// FullmoveNumber is the number of the current full move, starting at 1.
func (p *Position) FullmoveNumber() int { return p.fullmove }

// Occupied returns the bitboard of occupied squares (bit i = Square i).
func (p *Position) Occupied() uint64 { return p.white | p.black }

// Owned returns the bitboard of columns owned by c.
func (p *Position) Owned(c Color) uint64 {
	if c == White {
		return p.white
	}
	return p.black
}

// Kings returns the bitboard of columns with a king on top.
func (p *Position) Kings() uint64 { return p.kings }

// SetColumn replaces the column on sq (for the position editor and tests). The
// hash is kept up to date.
func (p *Position) SetColumn(sq Square, c Column) error {
	if !p.variant.Playable(sq) {
		return fmt.Errorf("square %v is not playable in %v", sq, p.variant)
	}
	if c.Layers() > 2 {
		return fmt.Errorf("column on %v has more than two colour layers", sq)
	}
	p.remove(sq)
	p.put(sq, c)
	return nil
}

// SetSideToMove changes the side to move, keeping the hash up to date.
func (p *Position) SetSideToMove(c Color) {
	if p.side != c {
		p.side = c
		p.hash ^= sideKey
	}
}

// SetCounters sets the halfmove clock and the full-move number.
func (p *Position) SetCounters(halfmove, fullmove int) {
	p.halfmove, p.fullmove = halfmove, fullmove
}

// put places c on the empty square sq, updating bitboards (not the hash).
func (p *Position) put(sq Square, c Column) {
	p.cols[sq] = c
	if c == 0 {
		return
	}
	b := uint64(1) << uint(sq)
	if c.Owner() == White {
		p.white |= b
	} else {
		p.black |= b
	}
	if c.Top().IsKing() {
		p.kings |= b
	}
	p.hash ^= columnKey(sq, c)
}

// remove empties sq, updating bitboards and hash.
func (p *Position) remove(sq Square) {
	c := p.cols[sq]
	if c == 0 {
		return
	}
	p.hash ^= columnKey(sq, c)
	p.cols[sq] = 0
	b := ^(uint64(1) << uint(sq))
	p.white &= b
	p.black &= b
	p.kings &= b
}

// Equal reports whether two positions have the same variant, columns and side
// to move (the counters are not compared: this is the repetition identity).
func (p *Position) Equal(q *Position) bool {
	return p.variant == q.variant && p.side == q.side && p.cols == q.cols
}

// PieceCount is the total number of pieces on the board.
func (p *Position) PieceCount() int {
	n := 0
	for _, sq := range p.variant.Squares() {
		n += p.cols[sq].Height()
	}
	return n
}

// Validate checks the internal consistency of the position: bitboards agree
// with columns, columns have at most two colour layers, pieces are on playable
// squares, and the hash equals one computed from scratch. Tests call it after
// every move; the position editor calls it before play.
func (p *Position) Validate() error {
	var w, b, k uint64
	for sq := Square(0); sq < 64; sq++ {
		c := p.cols[sq]
		if c == 0 {
			continue
		}
		if !p.variant.Playable(sq) {
			return fmt.Errorf("column on unplayable square %v", sq)
		}
		if c.Height() > maxHeight || c&^(pieceBits|31<<heightShift) != 0 || uint64(c&pieceBits)>>(2*uint(c.Height())) != 0 {
			return fmt.Errorf("corrupt column on %v", sq)
		}
		if c.Layers() > 2 {
			return fmt.Errorf("column on %v has %d colour layers", sq, c.Layers())
		}
		bit := uint64(1) << uint(sq)
		if c.Owner() == White {
			w |= bit
		} else {
			b |= bit
		}
		if c.Top().IsKing() {
			k |= bit
		}
	}
	if w != p.white || b != p.black || k != p.kings {
		return errors.New("bitboards disagree with the columns")
	}
	if h := p.computeHash(); h != p.hash {
		return fmt.Errorf("hash %016x differs from recomputed %016x", p.hash, h)
	}
	return nil
}

// Zobrist hashing. The classic scheme XORs one random key per (square, piece);
// here a "piece" is a whole column, and there are far too many possible columns
// for a table, so each (square, column) key is made by a bijective 64-bit mixer
// applied to the square and the column's packed bits (which together fit in 64
// bits without overlap, so distinct columns never share an input). The
// position's hash is the XOR of the keys of all occupied squares and of the
// side key, and make/unmake update it incrementally.

const sideKey = 0x9e3779b97f4a7c15

func columnKey(sq Square, c Column) uint64 {
	x := uint64(c) | uint64(sq)<<58
	x ^= 0x2545f4914f6cdd1d
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

func (p *Position) computeHash() uint64 {
	var h uint64
	for sq := Square(0); sq < 64; sq++ {
		if c := p.cols[sq]; c != 0 {
			h ^= columnKey(sq, c)
		}
	}
	if p.side == Black {
		h ^= sideKey
	}
	return h
}
