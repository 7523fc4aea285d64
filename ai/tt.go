package ai

// The transposition table: buckets of four 16-byte entries (one 64-byte
// cache line), indexed by the low bits of the position's Zobrist hash and
// verified with the whole hash. A move is stored as its index in the order of
// rules.Position.LegalMoves, which is deterministic for a position.

const (
	boundNone  = 0
	boundUpper = 1 // score is at most the stored score (fail low)
	boundLower = 2 // score is at least the stored score (fail high)
	boundExact = boundUpper | boundLower

	noMove = 0xff
)

type ttEntry struct {
	key   uint64
	score int16
	depth int8
	move  uint8
	flags uint8 // bound in bits 0–1, generation in bits 2–7
}

type ttBucket [4]ttEntry

type table struct {
	buckets []ttBucket
	mask    uint64
	gen     uint8
}

// newTable makes a table of at most mib MiB (at least one bucket).
func newTable(mib int) *table {
	n := uint64(max(mib, 1)) << 20 / 64
	size := uint64(1)
	for size*2 <= n {
		size *= 2
	}
	t := &table{buckets: make([]ttBucket, size), mask: size - 1}
	adviseHugePages(t.buckets)
	return t
}

func (t *table) clear() {
	clear(t.buckets)
	t.gen = 0
}

// newSearch ages the entries of earlier searches so that they are replaced
// first.
func (t *table) newSearch() { t.gen = (t.gen + 1) & 63 }

func (t *table) probe(key uint64) (e ttEntry, ok bool) {
	b := &t.buckets[key&t.mask]
	for i := range b {
		if b[i].key == key && b[i].flags&3 != boundNone {
			return b[i], true
		}
	}
	return ttEntry{}, false
}

func (t *table) store(key uint64, score, depth int, bound uint8, move int) {
	b := &t.buckets[key&t.mask]
	victim := 0
	worst := 1 << 30
	for i := range b {
		e := &b[i]
		if e.key == key || e.flags&3 == boundNone {
			victim = i
			break
		}
		// Prefer to replace entries of older searches, then shallow ones.
		v := int(e.depth)
		if e.flags>>2 == t.gen {
			v += 256
		}
		if v < worst {
			worst, victim = v, i
		}
	}
	e := &b[victim]
	if e.key == key && move == noMove {
		move = int(e.move) // keep the known best move
	}
	e.key = key
	e.score = int16(score)
	e.depth = int8(max(min(depth, 127), -1))
	e.move = uint8(move)
	e.flags = bound | t.gen<<2
}
