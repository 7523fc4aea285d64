package ai

import "bashni/rules"

// tunedWeights returns the evaluation weights of v.
func tunedWeights(v rules.Variant) *Weights { return initialWeights(v) }
