package ai

import (
	"math/bits"

	"bashni/rules"
)

// The evaluation is linear in its weights: a score is the sum of feature
// counts times weights, each weight a pair (middlegame, endgame) blended by
// the game phase (the number of columns on the board). Linearity is what lets
// ai/cmd/tune fit the weights to game results (see TUNING.md), and the
// tuner and the search read the very same features through collect.

// Scalar features. Those marked "diff" are counted for the side to move minus
// the opponent; the others only for the side named.
const (
	fTopMan      = iota // diff: columns with a man on top (free men and men on their prisoners)
	fTopKing            // diff: columns with a king on top
	fReserveMan         // diff: own men under the top of an own column (they keep the column when the top is taken)
	fReserveKing        // diff: own kings under the top of an own column (latent kings)
	fHeldKing           // diff: enemy kings held as prisoners (kings denied to the enemy)
	fFragile            // diff: prisoners under a single own piece: one jump frees them
	fFragileKing        // diff: such columns whose first prisoner is a king (one jump makes it an enemy king)
	fManMob             // diff: quiet moves of men
	fKingMob            // diff: quiet moves of kings
	fMainDiag           // diff: kings on the long diagonal
	fDoubleDiag         // diff: kings on the double-corner diagonals (Bashni)
	fNearPromo          // diff: men one step from crowning with a free crowning square
	fThreatCount        // side to move: its columns the opponent could jump now
	fThreatMax          // side to move: pieces it stands to lose on the worst such jump
	fOppStuck           // opponent has no quiet move (it must capture or lose)
	fOppLowMob          // opponent has one or two quiet moves
	fToMove             // 1: the side to move's tempo bonus
	nScalar
)

// featureNames names the scalar features for TUNING.md and the tuner.
var featureNames = [nScalar]string{
	"TopMan", "TopKing", "ReserveMan", "ReserveKing", "HeldKing", "Fragile", "FragileKing",
	"ManMob", "KingMob", "MainDiag", "DoubleDiag", "NearPromo",
	"ThreatCount", "ThreatMax", "OppStuck", "OppLowMob", "ToMove",
}

// maxSquares is the largest number of playable squares (Bashni's 32).
const maxSquares = 32

// Weights are the evaluation's parameters for one variant: for each scalar
// feature and each square of a man on top (seen from its owner's side), a
// middlegame and an endgame weight, in centipawns (a free man ≈ 100).
type Weights struct {
	Scalar [nScalar][2]int32
	Man    [maxSquares][2]int32
}

// terms are the features of one position, from the side to move's view.
type terms struct {
	scalar   [nScalar]int32
	phase    int32        // columns on the board, at most phaseMax
	men      [2][32]uint8 // square indexes of men on top: [0] the side to move's, [1] the opponent's
	nmen     [2]int
	stmMoves int32 // quiet moves of the side to move
}

const phaseMax = 24

// collect computes the features of p.
func (g *geometry) collect(p *rules.Position, t *terms) {
	stm := p.SideToMove()
	occ := p.Occupied()
	empty := g.board &^ occ
	kings := p.Kings()
	*t = terms{}
	t.phase = int32(min(bits.OnesCount64(occ), phaseMax))
	var mob [2]int32
	for i, c := range [2]rules.Color{stm, stm ^ 1} {
		sign := int32(1 - 2*i)
		own := p.Owned(c)
		var topMen, topKings, resMen, resKings, heldKings, fragile, fragileKings int32
		for b := own; b != 0; b &= b - 1 {
			sq := rules.Square(bits.TrailingZeros64(b))
			col := p.Column(sq)
			if col.Height() == 1 { // most columns: a lone man or king
				if kings&(1<<uint(sq)) != 0 {
					topKings++
				} else {
					topMen++
					t.men[i][t.nmen[i]&31] = g.index[c][sq]
					t.nmen[i]++
				}
				continue
			}
			o, ok, pr, pk := col.Census()
			if kings&(1<<uint(sq)) != 0 {
				topKings++
				resKings += int32(ok - 1)
				resMen += int32(o - ok)
			} else {
				topMen++
				resKings += int32(ok)
				resMen += int32(o - 1 - ok)
				t.men[i][t.nmen[i]&31] = g.index[c][sq]
				t.nmen[i]++
			}
			heldKings += int32(pk)
			if o == 1 && pr > 0 {
				fragile += int32(pr)
				if col.Piece(1).IsKing() {
					fragileKings++
				}
			}
		}
		men := own &^ kings
		f1, f2 := rules.Forward(c)
		manMob := int32(bits.OnesCount64(g.v.Shift(men, f1)&empty) + bits.OnesCount64(g.v.Shift(men, f2)&empty))
		var kingMob int32
		for k := own & kings; k != 0; k &= k - 1 {
			sq := rules.Square(bits.TrailingZeros64(k))
			for _, d := range allDirections {
				for s := g.v.Neighbour(sq, d); s >= 0 && empty&(1<<uint(s)) != 0; s = g.v.Neighbour(s, d) {
					kingMob++
					if !g.fly {
						break
					}
				}
			}
		}
		mob[i] = manMob + kingMob
		crown := empty & g.promo[c]
		near := men & g.preProm[c] & (g.v.Shift(crown, f1.Opposite()) | g.v.Shift(crown, f2.Opposite()))

		s := &t.scalar
		s[fTopMan] += sign * topMen
		s[fTopKing] += sign * topKings
		s[fReserveMan] += sign * resMen
		s[fReserveKing] += sign * resKings
		s[fHeldKing] += sign * heldKings
		s[fFragile] += sign * fragile
		s[fFragileKing] += sign * fragileKings
		s[fManMob] += sign * manMob
		s[fKingMob] += sign * kingMob
		s[fMainDiag] += sign * int32(bits.OnesCount64(own&kings&g.mainDiag))
		s[fDoubleDiag] += sign * int32(bits.OnesCount64(own&kings&g.double))
		s[fNearPromo] += sign * int32(bits.OnesCount64(near))
	}
	t.stmMoves = mob[0]
	count, worst := g.threats(p, stm, empty)
	t.scalar[fThreatCount] = count
	t.scalar[fThreatMax] = worst
	if mob[1] == 0 {
		t.scalar[fOppStuck] = 1
	} else if mob[1] <= 2 {
		t.scalar[fOppLowMob] = 1
	}
	t.scalar[fToMove] = 1
}

// threats finds the columns of side c that the opponent could jump if it
// were to move (a man or king next to them, or a flying king on their
// diagonal, with an empty square beyond), and returns how many there are and
// the most pieces one such jump would cost c: the top (a king counts three)
// and, if the top is c's only piece in the column, the prisoners it frees.
func (g *geometry) threats(p *rules.Position, c rules.Color, empty uint64) (count, worst int32) {
	opp := c ^ 1
	mine := p.Owned(c)
	theirs := p.Owned(opp)
	kings := p.Kings()
	omen := theirs &^ kings
	var att uint64
	for _, d := range g.manDirs[opp] {
		att |= g.v.Shift(omen, d) & mine & g.v.Shift(empty, d.Opposite())
	}
	for k := theirs & kings; k != 0; k &= k - 1 {
		sq := rules.Square(bits.TrailingZeros64(k))
		for _, d := range allDirections {
			s := g.v.Neighbour(sq, d)
			if g.fly {
				for s >= 0 && empty&(1<<uint(s)) != 0 {
					s = g.v.Neighbour(s, d)
				}
			}
			if s < 0 || mine&(1<<uint(s)) == 0 {
				continue
			}
			if l := g.v.Neighbour(s, d); l >= 0 && empty&(1<<uint(l)) != 0 {
				att |= 1 << uint(s)
			}
		}
	}
	for b := att; b != 0; b &= b - 1 {
		sq := rules.Square(bits.TrailingZeros64(b))
		col := p.Column(sq)
		loss := int32(1)
		if kings&(1<<uint(sq)) != 0 {
			loss = 3
		}
		if o, _, pr, pk := col.Census(); o == 1 {
			loss += int32(pr + 2*pk)
		}
		count++
		worst = max(worst, loss)
	}
	return count, worst
}

// evaluator scores positions for the search.
type evaluator struct {
	g            *geometry
	w            *Weights
	materialOnly bool
}

func newEvaluator(v rules.Variant, w *Weights) *evaluator {
	return &evaluator{g: geometryOf(v), w: w}
}

// eval returns the score of p in centipawns from the side to move's view.
func (e *evaluator) eval(p *rules.Position) int {
	if e.materialOnly {
		return materialScore(p)
	}
	var t terms
	e.g.collect(p, &t)
	return e.w.score(&t)
}

// evalQuiet is eval for a position whose side to move has no capture; it
// also reports whether that side has no quiet move either (and so has lost),
// which the features find for free.
func (e *evaluator) evalQuiet(p *rules.Position) (score int, stuck bool) {
	if e.materialOnly {
		return materialScore(p), !p.HasQuietMove()
	}
	var t terms
	e.g.collect(p, &t)
	return e.w.score(&t), t.stmMoves == 0
}

// score is the dot product of the weights with the features.
func (w *Weights) score(t *terms) int {
	var mg, eg int32
	for i, v := range t.scalar {
		if v != 0 {
			mg += v * w.Scalar[i][0]
			eg += v * w.Scalar[i][1]
		}
	}
	for _, ix := range t.men[0][:t.nmen[0]] {
		mg += w.Man[ix][0]
		eg += w.Man[ix][1]
	}
	for _, ix := range t.men[1][:t.nmen[1]] {
		mg -= w.Man[ix][0]
		eg -= w.Man[ix][1]
	}
	return int((mg*t.phase + eg*(phaseMax-t.phase)) / phaseMax)
}

// materialScore counts the pieces each side controls (men 100, kings 250),
// the baseline evaluation of the match against a material-only
// engine.
func materialScore(p *rules.Position) int {
	stm := p.SideToMove()
	s := 0
	for b := p.Occupied(); b != 0; b &= b - 1 {
		sq := rules.Square(bits.TrailingZeros64(b))
		col := p.Column(sq)
		o, ok, _, _ := col.Census()
		v := 100*(o-ok) + 250*ok
		if col.Owner() == stm {
			s += v
		} else {
			s -= v
		}
	}
	return s
}
