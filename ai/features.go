package ai

import "bashni/rules"

// FeatureVector is the evaluation's features of one position in a form the
// tuner can fit: for every weight, how many times it counts (from the side
// to move's view), split into middlegame and endgame parts by the phase.
type FeatureVector struct {
	Phase  int32 // columns on the board, 0–24
	Scalar [nScalar]int32
	Man    [maxSquares]int32
}

// Features returns the features of p.
func Features(p *rules.Position) FeatureVector {
	var t terms
	geometryOf(p.Variant()).collect(p, &t)
	f := FeatureVector{Phase: t.phase, Scalar: t.scalar}
	for _, ix := range t.men[0][:t.nmen[0]] {
		f.Man[ix]++
	}
	for _, ix := range t.men[1][:t.nmen[1]] {
		f.Man[ix]--
	}
	return f
}

// Dot is the evaluation with weights w: the features times the weights,
// blended by phase.
func (f *FeatureVector) Dot(w *Weights) int {
	var mg, eg int32
	for i, v := range f.Scalar {
		mg += v * w.Scalar[i][0]
		eg += v * w.Scalar[i][1]
	}
	for i, v := range f.Man {
		mg += v * w.Man[i][0]
		eg += v * w.Man[i][1]
	}
	return int((mg*f.Phase + eg*(phaseMax-f.Phase)) / phaseMax)
}

// NumScalar is the number of scalar features; FeatureName names them.
const NumScalar = nScalar

// FeatureName returns the name of scalar feature i.
func FeatureName(i int) string { return featureNames[i] }
