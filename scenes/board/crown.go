package board

// crownedAt is the index in the route entered so far where the moving man
// was crowned (it landed on the far rank in the middle of a capture), or
// -1. The routes still possible share that part, so any of them tells.
func (b *Board) crownedAt() int {
	n := len(b.entry.Path())
	b.candBuf = b.entry.Candidates(b.candBuf[:0])
	for _, m := range b.candBuf {
		if p := m.PromotionIndex(); p >= 0 && p < n {
			return p
		}
	}
	return -1
}

// crownedSoFar reports whether the man being moved wears its crown already:
// it is shown crowned at once, while a king's landings are offered.
func (b *Board) crownedSoFar() bool { return b.crownedAt() >= 0 }
