package rules

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRandomGames plays many random games per variant and checks, at every
// ply: the piece count, at most two colour layers per column, the incremental
// hash against one computed from scratch, bitboards against columns, that
// unmake restores the exact position, that the FEN round-trips, and that the
// move generator agrees with the independent reference generator below.
func TestRandomGames(t *testing.T) {
	games := 10000
	if testing.Short() {
		games = 500
	}
	for _, v := range Variants {
		t.Run(v.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(v)))
			stats := struct{ plies, captures, promotions, kingsCaptures, maxHeight int }{}
			buf := make([]Move, 0, 64)
			for game := 0; game < games; game++ {
				p := NewPosition(v)
				history := []*Position{clonePos(p)}
				for ply := 0; ply < 300; ply++ {
					checkPosition(t, p, v)
					moves := p.LegalMoves(buf)
					if got, want := sortedNames(moves), referenceMoves(p); !slices.Equal(got, want) {
						t.Fatalf("game %d ply %d %s:\n generator %v\n reference %v", game, ply, p.FEN(), got, want)
					}
					if n := p.CountMoves(nil); n != len(moves) {
						t.Fatalf("CountMoves = %d, LegalMoves = %d in %s", n, len(moves), p.FEN())
					}
					if p.HasLegalMove() != (len(moves) > 0) {
						t.Fatalf("HasLegalMove disagrees with LegalMoves in %s", p.FEN())
					}
					if StatusOf(history).Over() {
						break
					}
					m := moves[rng.IntN(len(moves))]
					before := *p
					moverHeight := p.Column(m.From()).Height()
					wasKing := p.Column(m.From()).Top().IsKing()
					var u Undo
					p.MakeMove(&m, &u)
					after := *p
					p.UnmakeMove(&m, &u)
					if *p != before {
						t.Fatalf("unmake of %v did not restore %s", m, before.FEN())
					}
					p.MakeMove(&m, &u)
					if *p != after {
						t.Fatalf("remaking %v differs", m)
					}
					if h := p.Column(m.To()).Height(); h != moverHeight+m.CaptureCount() {
						t.Fatalf("%v: mover height %d, want %d", m, h, moverHeight+m.CaptureCount())
					}
					if m.IsPromotion() == wasKing && m.IsPromotion() {
						t.Fatalf("%v: a king promoted", m)
					}
					if m.IsPromotion() && !p.Column(m.To()).Top().IsKing() {
						t.Fatalf("%v: promoted but not a king", m)
					}
					stats.plies++
					stats.captures += min(m.CaptureCount(), 1)
					if m.IsPromotion() {
						stats.promotions++
					}
					if wasKing && m.IsCapture() {
						stats.kingsCaptures++
					}
					stats.maxHeight = max(stats.maxHeight, p.Column(m.To()).Height())
					history = append(history, clonePos(p))
				}
			}
			t.Logf("%d games, %d plies, %d captures, %d promotions, %d king captures, tallest column %d",
				games, stats.plies, stats.captures, stats.promotions, stats.kingsCaptures, stats.maxHeight)
			if stats.kingsCaptures == 0 || stats.promotions == 0 {
				t.Errorf("random games never exercised kings: %+v", stats)
			}
		})
	}
}

func clonePos(p *Position) *Position { q := *p; return &q }

func checkPosition(t *testing.T, p *Position, v Variant) {
	t.Helper()
	if n := p.PieceCount(); n != v.Pieces() {
		t.Fatalf("%d pieces, want %d: %s", n, v.Pieces(), p.FEN())
	}
	if err := p.Validate(); err != nil {
		t.Fatalf("%v: %s", err, p.FEN())
	}
	q, err := ParseFEN(v, p.FEN())
	if err != nil {
		t.Fatalf("FEN %s does not parse: %v", p.FEN(), err)
	}
	if *q != *p {
		t.Fatalf("FEN round trip changed the position: %s -> %s", p.FEN(), q.FEN())
	}
	r, err := ParseFEN(v, p.ReadableFEN())
	if err != nil || !r.Equal(p) {
		t.Fatalf("readable FEN round trip failed: %s: %v", p.ReadableFEN(), err)
	}
}

func sortedNames(moves []Move) []string {
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = m.String()
	}
	slices.Sort(names)
	return names
}

// referenceMoves is a deliberately plain, independent implementation of the
// move rules on a file/rank grid, used only to cross-check the bitboard
// generator. It returns the legal moves in notation, sorted.
func referenceMoves(p *Position) []string {
	v := p.Variant()
	n := v.Size()
	type cell struct {
		col Column
		ok  bool
	}
	var grid [8][8]cell
	for f := 0; f < n; f++ {
		for r := 0; r < n; r++ {
			sq := SquareAt(f, r)
			if v.Playable(sq) {
				grid[f][r] = cell{p.Column(sq), true}
			}
		}
	}
	on := func(f, r int) bool { return f >= 0 && r >= 0 && f < n && r < n && grid[f][r].ok }
	me := p.SideToMove()
	forward := 1
	if me == Black {
		forward = -1
	}
	far := n - 1
	if me == Black {
		far = 0
	}
	dirs := [4][2]int{{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
	name := func(f, r int) string { return SquareAt(f, r).String() }

	var captures []string
	var jumped [8][8]bool
	var fromF, fromR int
	// empty: no column, or the mover's own origin; jumped columns stay.
	empty := func(f, r int) bool {
		return on(f, r) && (grid[f][r].col.IsEmpty() || (f == fromF && r == fromR))
	}
	enemy := func(f, r int) bool {
		return on(f, r) && !(f == fromF && r == fromR) && !grid[f][r].col.IsEmpty() &&
			grid[f][r].col.Owner() != me && !jumped[f][r]
	}
	var search func(f, r int, king bool, route string) bool
	search = func(f, r int, king bool, route string) bool {
		found := false
		for _, d := range dirs {
			if !king && v == Lasca && d[1] != forward {
				continue
			}
			if king && v == Bashni {
				// Flying king: skip empties, one enemy, then any empty squares.
				ef, er := f+d[0], r+d[1]
				for empty(ef, er) {
					ef, er = ef+d[0], er+d[1]
				}
				if !enemy(ef, er) {
					continue
				}
				var lands [][2]int
				for lf, lr := ef+d[0], er+d[1]; empty(lf, lr); lf, lr = lf+d[0], lr+d[1] {
					lands = append(lands, [2]int{lf, lr})
				}
				if len(lands) == 0 {
					continue
				}
				found = true
				jumped[ef][er] = true
				var cont []bool
				anyCont := false
				for _, l := range lands {
					// Probe continuation without recording.
					saved := captures
					c := search(l[0], l[1], true, "")
					captures = saved
					cont = append(cont, c)
					anyCont = anyCont || c
				}
				for i, l := range lands {
					next := route + ":" + name(l[0], l[1])
					if !anyCont {
						captures = append(captures, next)
					} else if cont[i] {
						search(l[0], l[1], true, next)
					}
				}
				jumped[ef][er] = false
				continue
			}
			ef, er := f+d[0], r+d[1]
			lf, lr := ef+d[0], er+d[1]
			if !enemy(ef, er) || !empty(lf, lr) {
				continue
			}
			found = true
			jumped[ef][er] = true
			next := route + ":" + name(lf, lr)
			switch {
			case !king && lr == far && v == Lasca:
				captures = append(captures, next)
			case !king && lr == far:
				if !search(lf, lr, true, next) {
					captures = append(captures, next)
				}
			default:
				if !search(lf, lr, king, next) {
					captures = append(captures, next)
				}
			}
			jumped[ef][er] = false
		}
		return found
	}
	for f := 0; f < n; f++ {
		for r := 0; r < n; r++ {
			c := grid[f][r].col
			if !grid[f][r].ok || c.IsEmpty() || c.Owner() != me {
				continue
			}
			fromF, fromR = f, r
			search(f, r, c.Top().IsKing(), name(f, r))
			fromF, fromR = -1, -1
		}
	}
	if len(captures) > 0 {
		slices.Sort(captures)
		return captures
	}
	var quiet []string
	for f := 0; f < n; f++ {
		for r := 0; r < n; r++ {
			c := grid[f][r].col
			if !grid[f][r].ok || c.IsEmpty() || c.Owner() != me {
				continue
			}
			king := c.Top().IsKing()
			for _, d := range dirs {
				if !king && d[1] != forward {
					continue
				}
				for tf, tr := f+d[0], r+d[1]; on(tf, tr) && grid[tf][tr].col.IsEmpty(); tf, tr = tf+d[0], tr+d[1] {
					quiet = append(quiet, name(f, r)+"-"+name(tf, tr))
					if !king || v == Lasca {
						break
					}
				}
			}
		}
	}
	slices.Sort(quiet)
	return quiet
}
