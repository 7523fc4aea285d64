package ai

import "bashni/rules"

// InitialWeights returns the hand-set starting point of the tuning
// (TUNING.md): plain draughts lore, before any measurement.
func InitialWeights(v rules.Variant) *Weights {
	w := &Weights{}
	set := func(f int, mg, eg int32) { w.Scalar[f] = [2]int32{mg, eg} }
	set(fTopMan, 100, 100)
	set(fTopKing, 300, 300)
	set(fReserveMan, 90, 90)
	set(fReserveKing, 250, 250)
	set(fHeldKing, 60, 60)
	set(fFragile, -10, -10)
	set(fFragileKing, -40, -40)
	set(fManMob, 3, 3)
	set(fKingMob, 1, 2)
	set(fMainDiag, 15, 25)
	set(fDoubleDiag, 5, 10)
	set(fNearPromo, 20, 40)
	set(fThreatCount, -10, -10)
	set(fThreatMax, -30, -30)
	set(fOppStuck, 30, 60)
	set(fOppLowMob, 10, 20)
	set(fToMove, 10, 10)
	g := geometryOf(v)
	for _, sq := range v.Squares() {
		ix := g.index[rules.White][sq]
		r := int32(sq.Rank())
		w.Man[ix] = [2]int32{2 * r, 6 * r}
	}
	return w
}
