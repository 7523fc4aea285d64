package rules

import (
	"math/bits"
	"strings"
)

// Color is a side: White or Black.
type Color uint8

const (
	White Color = 0
	Black Color = 1
)

// Opponent returns the other side.
func (c Color) Opponent() Color { return c ^ 1 }

// String returns "White" or "Black".
func (c Color) String() string {
	if c == White {
		return "White"
	}
	return "Black"
}

// Letter returns "W" or "B", as in FEN and the engine protocol.
func (c Color) Letter() string {
	if c == White {
		return "W"
	}
	return "B"
}

// Piece is one disc: its colour and its rank. Bit 0 is the colour, bit 1 the
// king flag.
type Piece uint8

const (
	WhiteMan  Piece = 0
	BlackMan  Piece = 1
	WhiteKing Piece = 2
	BlackKing Piece = 3
)

// NewPiece makes a piece of colour c, a king if king is true.
func NewPiece(c Color, king bool) Piece {
	p := Piece(c)
	if king {
		p |= 2
	}
	return p
}

// Color is the piece's colour.
func (p Piece) Color() Color { return Color(p & 1) }

// IsKing reports whether the piece is a king.
func (p Piece) IsKing() bool { return p&2 != 0 }

// Crowned returns the piece as a king.
func (p Piece) Crowned() Piece { return p | 2 }

// String returns a short name such as "white man" or "black king".
func (p Piece) String() string {
	s := "white "
	if p.Color() == Black {
		s = "black "
	}
	if p.IsKing() {
		return s + "king"
	}
	return s + "man"
}

// Column is a stack of pieces on one square, packed in a uint64: two bits a
// piece from the top (bits 0–1 the top piece) in bits 0–47, the height in bits
// 48–52. The zero Column is an empty square. A Column is a value: copying it
// copies the whole stack.
type Column uint64

const (
	maxHeight   = 24
	heightShift = 48
	pieceBits   = 1<<heightShift - 1
)

// ColumnOf builds a column from pieces listed top first.
func ColumnOf(top ...Piece) Column {
	var c Column
	for _, p := range top {
		c = c.pushBottom(p)
	}
	return c
}

// Height is the number of pieces in the column.
func (c Column) Height() int { return int(c >> heightShift) }

// IsEmpty reports whether there is no piece.
func (c Column) IsEmpty() bool { return c == 0 }

// Piece returns the i-th piece from the top (0 is the top).
func (c Column) Piece(i int) Piece { return Piece(c>>(2*uint(i))) & 3 }

// Top is the top piece; it decides owner and rank.
func (c Column) Top() Piece { return Piece(c & 3) }

// Owner is the colour of the top piece.
func (c Column) Owner() Color { return Color(c & 1) }

// Pieces returns the pieces from top to bottom.
func (c Column) Pieces() []Piece {
	ps := make([]Piece, c.Height())
	for i := range ps {
		ps[i] = c.Piece(i)
	}
	return ps
}

// OwnCount is the number of pieces of the owner's colour (the top layer).
func (c Column) OwnCount() int {
	h := c.Height()
	own := c.Owner()
	n := 0
	for n < h && c.Piece(n).Color() == own {
		n++
	}
	return n
}

// Layers counts the runs of one colour from top to bottom; a legal column has
// one or two.
func (c Column) Layers() int {
	h := c.Height()
	if h == 0 {
		return 0
	}
	n := 1
	for i := 1; i < h; i++ {
		if c.Piece(i).Color() != c.Piece(i-1).Color() {
			n++
		}
	}
	return n
}

// WithoutTop returns the column after its top piece is captured.
func (c Column) WithoutTop() Column {
	h := c.Height()
	if h <= 1 {
		return 0
	}
	return Column(uint64(c&pieceBits)>>2) | Column(h-1)<<heightShift
}

// pushBottom puts p under the column (where prisoners go).
func (c Column) pushBottom(p Piece) Column {
	h := c.Height()
	return (c | Column(p)<<(2*uint(h))) + 1<<heightShift
}

// WithBottom returns the column with p added at the bottom. It panics beyond
// 24 pieces, which no game can reach.
func (c Column) WithBottom(p Piece) Column {
	if c.Height() >= maxHeight {
		panic("rules: column taller than 24 pieces")
	}
	return c.pushBottom(p)
}

// crownTop makes the top piece a king.
func (c Column) crownTop() Column { return c | 2 }

// Stack writes the column in FEN stack notation: the owner's pieces from the
// top, then "/" and the prisoners, each piece 0 (man) or 1 (king).
func (c Column) Stack() string {
	var b strings.Builder
	h := c.Height()
	own := c.Owner()
	for i := 0; i < h; i++ {
		p := c.Piece(i)
		if i > 0 && p.Color() != own && c.Piece(i-1).Color() == own {
			b.WriteByte('/')
		}
		if p.IsKing() {
			b.WriteByte('1')
		} else {
			b.WriteByte('0')
		}
	}
	return b.String()
}

const colourBits = 0x5555_5555_5555 // bit 0 of each 2-bit piece in bits 0–47

// Census counts the column's pieces by layer in constant time: own is the
// number of pieces of the owner's colour on top (the top included), ownKings
// how many of them are kings, prisoners the pieces of the other colour below
// them and prisonerKings how many of those are kings. The empty column has
// all four zero.
func (c Column) Census() (own, ownKings, prisoners, prisonerKings int) {
	h := c.Height()
	if h == 0 {
		return 0, 0, 0, 0
	}
	hmask := uint64(1)<<(2*uint(h)) - 1
	colours := uint64(c) & colourBits & hmask
	if c.Owner() == Black {
		colours ^= colourBits & hmask // now set where a piece is White
	}
	own = h
	if colours != 0 {
		own = bits.TrailingZeros64(colours) / 2
	}
	kings := uint64(c) >> 1 & colourBits & hmask
	ownMask := uint64(1)<<(2*uint(own)) - 1
	ownKings = bits.OnesCount64(kings & ownMask)
	return own, ownKings, h - own, bits.OnesCount64(kings) - ownKings
}
