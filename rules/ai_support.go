package rules

import "math/bits"

// Small, fast accessors for the computer player (package ai). They add no
// rules: each is a faster or narrower view of what the rest of the package
// already computes.

// AppendCaptures appends the side to move's captures, as complete routes, to
// buf[:0] and returns it; it is empty when the side to move has no capture.
// The quiescence search uses it to skip generating quiet moves. The moves and
// their order are those of LegalMoves.
func (p *Position) AppendCaptures(buf []Move) []Move { return p.appendCapturesFast(buf[:0]) }

// SearchMoves is LegalMoves, faster: the same moves in the same order. Only
// the columns that can make a first jump start the capture search.
func (p *Position) SearchMoves(buf []Move) []Move {
	buf = p.appendCapturesFast(buf[:0])
	if len(buf) > 0 {
		return buf
	}
	return p.appendQuietMoves(buf)
}

// appendCapturesFast is appendCaptures with the origins filtered by
// bitboards: a man needs an enemy column next to it in a capturing direction
// with an empty square beyond, a king an enemy column on one of its
// diagonals. Origins are visited in the same ascending order, and an origin
// without a first jump emits nothing, so the result is identical.
func (p *Position) appendCapturesFast(buf []Move) []Move {
	g := geometries[p.variant&1]
	own := p.Owned(p.side)
	enemy := p.Owned(p.side ^ 1)
	occ := p.white | p.black
	empty := g.board &^ occ
	men := own &^ p.kings
	var dirs []int
	switch {
	case p.variant.MenCaptureBackward():
		dirs = allDirs
	case p.side == White:
		dirs = whiteForwards
	default:
		dirs = blackForwards
	}
	var cand uint64
	for _, d := range dirs {
		cand |= men & g.back(enemy, d) & g.back(g.back(empty, d), d)
	}
	for k := own & p.kings; k != 0; k &= k - 1 {
		sq := lsb(k)
		if (g.rays[sq][0]|g.rays[sq][1]|g.rays[sq][2]|g.rays[sq][3])&enemy != 0 {
			cand |= 1 << uint(sq)
		}
	}
	if cand == 0 {
		return buf
	}
	cg := captureGen{
		g:         g,
		enemy:     enemy,
		promo:     g.promo[p.side],
		fly:       p.variant.FlyingKings(),
		crownStop: p.variant == Lasca,
		manDirs:   dirs,
		out:       buf,
	}
	for b := cand; b != 0; b &= b - 1 {
		sq := lsb(b)
		cg.occ = occ &^ (1 << uint(sq))
		cg.cur = Move{promote: -1, npath: 1}
		cg.cur.path[0] = sq
		if p.kings&(1<<uint(sq)) != 0 {
			cg.king(sq, 0)
		} else {
			cg.man(sq, 0)
		}
	}
	return cg.out
}

// back returns the squares whose neighbour in direction d is in b.
func (g *geometry) back(b uint64, d int) uint64 {
	if dirDelta[d] > 0 {
		return b >> uint(dirDelta[d]) & g.maskFrom[d]
	}
	return b << uint(-dirDelta[d]) & g.maskFrom[d]
}

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
