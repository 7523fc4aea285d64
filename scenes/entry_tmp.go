package scenes

import "bashni/rules"

// TEMPORARY: a minimal hop-by-hop move entry until scenes/input's MoveEntry
// lands; it will be replaced by it.

type entryResult uint8

const (
	entryNothing     entryResult = iota
	entrySelected                // a column was picked up
	entryDeselected              // the selection was dropped
	entryStepped                 // one hop of a capture was entered
	entryCompleted               // a whole move was entered
	entryMustCapture             // the player touched a column that cannot move while a capture is due
	entryIllegal                 // a tap that means nothing
)

type moveEntry struct {
	moves []rules.Move
	from  rules.Square
	path  []rules.Square
}

func (e *moveEntry) Reset(moves []rules.Move) {
	e.moves = moves
	e.from = rules.NoSquare
	e.path = e.path[:0]
}

func (e *moveEntry) Cancel() {
	e.from = rules.NoSquare
	e.path = e.path[:0]
}

func (e *moveEntry) Selected() rules.Square  { return e.from }
func (e *moveEntry) Entered() []rules.Square { return e.path }
func (e *moveEntry) InProgress() bool        { return len(e.path) > 0 }

func (e *moveEntry) candidates(f func(m rules.Move)) {
	for _, m := range e.moves {
		if m.From() != e.from || m.PathLen() <= len(e.path) {
			continue
		}
		ok := true
		for i, sq := range e.path {
			if m.PathAt(i+1) != sq {
				ok = false
				break
			}
		}
		if ok {
			f(m)
		}
	}
}

func (e *moveEntry) Movable() uint64 {
	var b uint64
	for _, m := range e.moves {
		b |= bit(m.From())
	}
	return b
}

func (e *moveEntry) Dests() uint64 {
	if e.from == rules.NoSquare {
		return 0
	}
	var b uint64
	n := len(e.path) + 1
	e.candidates(func(m rules.Move) { b |= bit(m.PathAt(n)) })
	return b
}

func (e *moveEntry) Tap(sq rules.Square) (entryResult, rules.Move) {
	if e.from == rules.NoSquare || (sq != e.from && !e.InProgress() && e.Movable()&bit(sq) != 0) {
		if e.Movable()&bit(sq) != 0 {
			e.from = sq
			e.path = e.path[:0]
			if mv, ok := e.only(); ok && false {
				return entryCompleted, mv
			}
			return entrySelected, rules.Move{}
		}
		return entryIllegal, rules.Move{}
	}
	if sq == e.from {
		e.Cancel()
		return entryDeselected, rules.Move{}
	}
	n := len(e.path) + 1
	var next []rules.Move
	e.candidates(func(m rules.Move) {
		if m.PathAt(n) == sq {
			next = append(next, m)
		}
	})
	if len(next) == 0 {
		// Jump ahead: a later square of exactly one route.
		var ahead []rules.Move
		e.candidates(func(m rules.Move) {
			for i := n; i < m.PathLen(); i++ {
				if m.PathAt(i) == sq {
					ahead = append(ahead, m)
					return
				}
			}
		})
		if len(ahead) == 1 {
			mv := ahead[0]
			if mv.To() == sq {
				e.Cancel()
				return entryCompleted, mv
			}
		}
		return entryIllegal, rules.Move{}
	}
	e.path = append(e.path, sq)
	// Done when one route is left (auto-complete), or when this square ends
	// a route and no route goes on from it.
	if len(next) == 1 {
		e.Cancel()
		return entryCompleted, next[0]
	}
	for _, m := range next {
		if m.PathLen() == n+1 {
			longer := false
			for _, o := range next {
				if o.PathLen() > n+1 {
					longer = true
				}
			}
			if !longer {
				e.Cancel()
				return entryCompleted, m
			}
		}
	}
	return entryStepped, rules.Move{}
}

func (e *moveEntry) only() (rules.Move, bool) {
	var mv rules.Move
	n := 0
	e.candidates(func(m rules.Move) { mv = m; n++ })
	return mv, n == 1
}
