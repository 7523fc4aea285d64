package analysis

import (
	"testing"

	"bashni/ai"
)

// TestHintSeesAsFarAsTheAnalysis: the analysis board and the hint are
// bounded by nodes only (the same advice on any machine), and a hint
// searches at least as many nodes as the analysis of a position, so that
// it does not contradict the analysis beside it.
func TestHintSeesAsFarAsTheAnalysis(t *testing.T) {
	for _, lim := range (Options{}).passes() {
		if lim.MoveTime != 0 || lim.Nodes == 0 {
			t.Errorf("an analysis pass is bounded by %+v, want nodes only", lim)
		}
		if lim.Nodes > ai.HintNodes {
			t.Errorf("an analysis pass searches %d nodes, the hint only %d", lim.Nodes, ai.HintNodes)
		}
	}
}
