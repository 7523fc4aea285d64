package main

import (
	"os"
	"testing"

	"bashni/ai"
	"bashni/rules"
)

// TestGeneratedWeights: the engine's weights (ai/weights_<variant>.go) are
// what this program writes for them, byte for byte: nobody edited them by
// hand, and fitting again writes files of the same form.
func TestGeneratedWeights(t *testing.T) {
	for _, tc := range []struct {
		v    rules.Variant
		file string
	}{{rules.Bashni, "../../weights_bashni.go"}, {rules.Lasca, "../../weights_lasca.go"}} {
		got, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		if want := goSource(tc.v, ai.TunedWeights(tc.v)); string(got) != want {
			t.Errorf("%s is not what ai/cmd/tune writes for these weights:\n%s", tc.file, want)
		}
	}
}
