package rules

import "math/bits"

// Small, fast accessors for the computer player (package ai). They add no
// rules: each is a faster or narrower view of what the rest of the package
// already computes.

// AppendCaptures appends the side to move's captures, as complete routes, to
// buf[:0] and returns it; it is empty when the side to move has no capture.
// The quiescence search uses it to skip generating quiet moves.
func (p *Position) AppendCaptures(buf []Move) []Move { return p.appendCaptures(buf[:0]) }

// HasQuietMove reports whether the side to move has a non-capturing move
// (whether or not a capture is compulsory).
func (p *Position) HasQuietMove() bool { return p.quietMoveExists() }

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
