package rules

// Perft counts the move routes of every line of depth plies from p (draw
// rules do not stop it). The last ply is bulk-counted: moves are counted, not
// made. p is restored before Perft returns.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]Move, depth+1)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 64)
	}
	return p.perft(depth, bufs)
}

func (p *Position) perft(depth int, bufs [][]Move) uint64 {
	if depth == 1 {
		return uint64(p.CountMoves(bufs[1]))
	}
	moves := p.LegalMoves(bufs[depth])
	bufs[depth] = moves
	var n uint64
	var u Undo
	for i := range moves {
		p.MakeMove(&moves[i], &u)
		n += p.perft(depth-1, bufs)
		p.UnmakeMove(&moves[i], &u)
	}
	return n
}

// Divide returns, for every legal move, the perft count of depth-1 plies after
// it, in the order of LegalMoves.
func (p *Position) Divide(depth int) ([]Move, []uint64) {
	moves := p.LegalMoves(nil)
	counts := make([]uint64, len(moves))
	var u Undo
	for i := range moves {
		p.MakeMove(&moves[i], &u)
		counts[i] = p.Perft(depth - 1)
		p.UnmakeMove(&moves[i], &u)
	}
	return moves, counts
}
