package ai

import "bashni/rules"

// TunedWeights returns a copy of the evaluation weights of v that the engine
// uses by default.
func TunedWeights(v rules.Variant) *Weights { return InitialWeights(v) }
