package ai

import "bashni/rules"

// TunedWeights returns a copy of the evaluation weights of v that the engine
// uses by default: those fitted by ai/cmd/tune (TUNING.md).
func TunedWeights(v rules.Variant) *Weights {
	var w Weights
	switch v {
	case rules.Bashni:
		w = tunedBashni
	default:
		w = tunedLasca
	}
	return &w
}
