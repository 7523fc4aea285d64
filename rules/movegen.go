package rules

// LegalMoves appends every legal move of the side to move to buf[:0] and
// returns it. Captures are compulsory: if any capture exists only captures are
// returned, each as a complete route.
func (p *Position) LegalMoves(buf []Move) []Move {
	buf = buf[:0]
	buf = p.appendCaptures(buf)
	if len(buf) > 0 {
		return buf
	}
	return p.appendQuietMoves(buf)
}

// HasLegalMove reports whether the side to move can move at all.
func (p *Position) HasLegalMove() bool {
	if p.quietMoveExists() {
		return true
	}
	var buf [16]Move
	return len(p.appendCaptures(buf[:0])) > 0
}

// MustCapture reports whether the side to move has a capture (and so must
// capture).
func (p *Position) MustCapture() bool {
	var buf [16]Move
	return len(p.appendCaptures(buf[:0])) > 0
}

// CountMoves returns the number of legal moves; perft's last ply uses it to
// count quiet moves without building them.
func (p *Position) CountMoves(buf []Move) int {
	caps := p.appendCaptures(buf[:0])
	if len(caps) > 0 {
		return len(caps)
	}
	g := geometries[p.variant&1]
	own, occ := p.Owned(p.side), p.white|p.black
	empty := g.board &^ occ
	men := own &^ p.kings
	n := 0
	if p.side == White {
		n = popcount((men&g.maskFrom[NorthEast])<<9&empty) + popcount((men&g.maskFrom[NorthWest])<<7&empty)
	} else {
		n = popcount((men&g.maskFrom[SouthEast])>>7&empty) + popcount((men&g.maskFrom[SouthWest])>>9&empty)
	}
	for k := own & p.kings; k != 0; k &= k - 1 {
		n += p.kingQuietCount(g, lsb(k), occ)
	}
	return n
}

func (p *Position) kingQuietCount(g *geometry, sq Square, occ uint64) int {
	n := 0
	for d := NorthEast; d <= SouthWest; d++ {
		for t := g.next[sq][d]; t >= 0 && occ&(1<<uint(t)) == 0; t = g.next[t][d] {
			n++
			if !p.variant.FlyingKings() {
				break
			}
		}
	}
	return n
}

func (p *Position) quietMoveExists() bool {
	g := geometries[p.variant&1]
	own, occ := p.Owned(p.side), p.white|p.black
	empty := g.board &^ occ
	men := own &^ p.kings
	if p.side == White {
		if (men&g.maskFrom[NorthEast])<<9&empty != 0 || (men&g.maskFrom[NorthWest])<<7&empty != 0 {
			return true
		}
	} else if (men&g.maskFrom[SouthEast])>>7&empty != 0 || (men&g.maskFrom[SouthWest])>>9&empty != 0 {
		return true
	}
	for k := own & p.kings; k != 0; k &= k - 1 {
		sq := lsb(k)
		for d := NorthEast; d <= SouthWest; d++ {
			if t := g.next[sq][d]; t >= 0 && occ&(1<<uint(t)) == 0 {
				return true
			}
		}
	}
	return false
}

func (p *Position) appendQuietMoves(buf []Move) []Move {
	g := geometries[p.variant&1]
	own, occ := p.Owned(p.side), p.white|p.black
	empty := g.board &^ occ
	men := own &^ p.kings
	promo := g.promo[p.side]
	var dirs [2]Direction
	if p.side == White {
		dirs = [2]Direction{NorthEast, NorthWest}
	} else {
		dirs = [2]Direction{SouthEast, SouthWest}
	}
	for _, d := range dirs {
		var targets uint64
		if dirDelta[d] > 0 {
			targets = (men & g.maskFrom[d]) << uint(dirDelta[d]) & empty
		} else {
			targets = (men & g.maskFrom[d]) >> uint(-dirDelta[d]) & empty
		}
		for ; targets != 0; targets &= targets - 1 {
			to := lsb(targets)
			m := Move{npath: 2, promote: -1}
			m.path[0], m.path[1] = to-Square(dirDelta[d]), to
			if promo&(1<<uint(to)) != 0 {
				m.promote = 1
			}
			buf = append(buf, m)
		}
	}
	fly := p.variant.FlyingKings()
	for k := own & p.kings; k != 0; k &= k - 1 {
		sq := lsb(k)
		for d := NorthEast; d <= SouthWest; d++ {
			for t := g.next[sq][d]; t >= 0 && occ&(1<<uint(t)) == 0; t = g.next[t][d] {
				m := Move{npath: 2, promote: -1}
				m.path[0], m.path[1] = sq, t
				buf = append(buf, m)
				if !fly {
					break
				}
			}
		}
	}
	return buf
}

// captureGen enumerates complete capture routes by depth-first search. The
// moving column is lifted off its origin (which counts as empty), and every
// jumped column stays on the board as an obstacle until the move ends, so it
// can be neither jumped again, passed over nor landed on (Turkish strike).
type captureGen struct {
	g         *geometry
	enemy     uint64
	occ       uint64      // occupied squares, the mover's origin excluded
	promo     uint64      // the mover's promotion squares
	manDirs   []Direction // directions in which men capture
	fly       bool        // kings fly (Bashni)
	crownStop bool        // promotion ends the move (Lasca)
	cur       Move
	out       []Move
}

var (
	allDirs       = []Direction{NorthEast, NorthWest, SouthEast, SouthWest}
	whiteForwards = []Direction{NorthEast, NorthWest}
	blackForwards = []Direction{SouthEast, SouthWest}
)

// AppendCaptures appends the side to move's captures, as complete routes, to
// buf[:0] and returns it; it is empty when the side to move has no capture.
// The quiescence search uses it to skip generating quiet moves.
func (p *Position) AppendCaptures(buf []Move) []Move { return p.appendCaptures(buf[:0]) }

// HasQuietMove reports whether the side to move has a non-capturing move
// (whether or not a capture is compulsory).
func (p *Position) HasQuietMove() bool { return p.quietMoveExists() }

// appendCaptures appends every capture route. Only columns that can make a
// first jump start the search: found for all columns at once on bitboards (a
// man needs an enemy column next to it in a capturing direction with an
// empty square beyond, a king an enemy column on one of its diagonals).
// Origins are visited in ascending order.
func (p *Position) appendCaptures(buf []Move) []Move {
	g := geometries[p.variant&1]
	own := p.Owned(p.side)
	enemy := p.Owned(p.side ^ 1)
	occ := p.white | p.black
	empty := g.board &^ occ
	men := own &^ p.kings
	var dirs []Direction
	switch {
	case p.variant.MenCaptureBackward():
		dirs = allDirs
	case p.side == White:
		dirs = whiteForwards
	default:
		dirs = blackForwards
	}
	var starts uint64
	for _, d := range dirs {
		starts |= men & g.back(enemy, d) & g.back(g.back(empty, d), d)
	}
	for k := own & p.kings; k != 0; k &= k - 1 {
		sq := lsb(k)
		if (g.rays[sq][0]|g.rays[sq][1]|g.rays[sq][2]|g.rays[sq][3])&enemy != 0 {
			starts |= 1 << uint(sq)
		}
	}
	if starts == 0 {
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
	for b := starts; b != 0; b &= b - 1 {
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
func (g *geometry) back(b uint64, d Direction) uint64 {
	if dirDelta[d] > 0 {
		return b >> uint(dirDelta[d]) & g.maskFrom[d]
	}
	return b << uint(-dirDelta[d]) & g.maskFrom[d]
}

func (cg *captureGen) push(land, jumped Square) {
	cg.cur.path[cg.cur.npath] = land
	cg.cur.captured[cg.cur.ncapt] = jumped
	cg.cur.npath++
	cg.cur.ncapt++
}

func (cg *captureGen) pop() {
	cg.cur.npath--
	cg.cur.ncapt--
	if int(cg.cur.promote) >= int(cg.cur.npath) {
		cg.cur.promote = -1
	}
}

func (cg *captureGen) emit() { cg.out = append(cg.out, cg.cur) }

// man extends the route with every capture a man on sq can make, having
// already jumped the squares in jumped. It reports whether it found any.
func (cg *captureGen) man(sq Square, jumped uint64) bool { return cg.short(sq, jumped, true) }

// shortKing is a Lasca officer: it captures one step in any direction.
func (cg *captureGen) shortKing(sq Square, jumped uint64) bool { return cg.short(sq, jumped, false) }

// short extends the route with one-step captures: a man's (in its capturing
// directions, crowned on the far rank) or a Lasca officer's (in all four).
func (cg *captureGen) short(sq Square, jumped uint64, isMan bool) bool {
	g := cg.g
	dirs := allDirs
	if isMan {
		dirs = cg.manDirs
	}
	found := false
	for _, d := range dirs {
		mid := g.next[sq][d]
		if mid < 0 || cg.enemy&^jumped&(1<<uint(mid)) == 0 {
			continue
		}
		land := g.next[mid][d]
		if land < 0 || cg.occ&(1<<uint(land)) != 0 {
			continue
		}
		found = true
		cg.push(land, mid)
		j := jumped | 1<<uint(mid)
		switch {
		case isMan && cg.promo&(1<<uint(land)) != 0:
			cg.cur.promote = int8(cg.cur.npath - 1)
			if cg.crownStop || !cg.king(land, j) {
				cg.emit()
			}
		case !cg.short(land, j, isMan):
			cg.emit()
		}
		cg.pop()
	}
	return found
}

// king extends the route with every capture a king on sq can make.
func (cg *captureGen) king(sq Square, jumped uint64) bool {
	if !cg.fly {
		return cg.shortKing(sq, jumped)
	}
	g := cg.g
	found := false
	for d := NorthEast; d <= SouthWest; d++ {
		t := g.next[sq][d]
		for t >= 0 && cg.occ&(1<<uint(t)) == 0 {
			t = g.next[t][d]
		}
		if t < 0 || cg.enemy&^jumped&(1<<uint(t)) == 0 {
			continue
		}
		first := g.next[t][d]
		if first < 0 || cg.occ&(1<<uint(first)) != 0 {
			continue
		}
		found = true
		j := jumped | 1<<uint(t)
		// A king must land where it can go on capturing, if any such square
		// exists beyond the jumped column.
		mustContinue := false
		for l := first; l >= 0 && cg.occ&(1<<uint(l)) == 0; l = g.next[l][d] {
			if cg.kingCanCapture(l, j) {
				mustContinue = true
				break
			}
		}
		for l := first; l >= 0 && cg.occ&(1<<uint(l)) == 0; l = g.next[l][d] {
			cg.push(l, t)
			if !mustContinue {
				cg.emit()
			} else if cg.kingCanCapture(l, j) {
				cg.king(l, j)
			}
			cg.pop()
		}
	}
	return found
}

// kingCanCapture reports whether a flying king on sq has a capture.
func (cg *captureGen) kingCanCapture(sq Square, jumped uint64) bool {
	g := cg.g
	for d := NorthEast; d <= SouthWest; d++ {
		t := g.next[sq][d]
		for t >= 0 && cg.occ&(1<<uint(t)) == 0 {
			t = g.next[t][d]
		}
		if t < 0 || cg.enemy&^jumped&(1<<uint(t)) == 0 {
			continue
		}
		if l := g.next[t][d]; l >= 0 && cg.occ&(1<<uint(l)) == 0 {
			return true
		}
	}
	return false
}
