package testwait

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// recorder is a testing.TB that records a failure instead of ending the
// test, so that For's failure can be looked at.
type recorder struct {
	testing.TB
	failed string
}

func (r *recorder) Helper() {}

func (r *recorder) Fatalf(format string, args ...any) {
	r.failed = fmt.Sprintf(format, args...)
	panic(r)
}

// run runs f with a recorder, and returns what it failed with ("" when it
// did not).
func run(t *testing.T, f func(testing.TB)) (failed string) {
	r := &recorder{TB: t}
	defer func() {
		if p := recover(); p != nil && p != r {
			panic(p)
		}
		failed = r.failed
	}()
	f(r)
	return ""
}

func TestFor(t *testing.T) {
	tests := []struct {
		name     string
		wait     Wait
		after    int // the condition holds from this look on; -1: never
		wantFail []string
		steps    int // the least number of steps run
	}{
		{name: "holds at once", after: 0},
		{name: "holds later", after: 5},
		{name: "steps between looks", wait: Wait{Step: func() {}}, after: 3, steps: 3},
		{name: "never", wait: Wait{Guard: 20 * time.Millisecond}, after: -1, wantFail: []string{"waiting for the thing", "20ms"}},
		{name: "never, with words", wait: Wait{Guard: 10 * time.Millisecond, Failed: func() string { return "it was at 7" }}, after: -1, wantFail: []string{"waiting for the thing", "it was at 7"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var looks, steps atomic.Int32
			w := tc.wait
			if w.Step != nil {
				w.Step = func() { steps.Add(1) }
			}
			failed := run(t, func(tb testing.TB) {
				w.For(tb, "the thing", func() bool {
					n := looks.Add(1) - 1
					return tc.after >= 0 && int(n) >= tc.after
				})
			})
			if len(tc.wantFail) == 0 && failed != "" {
				t.Fatalf("failed: %s", failed)
			}
			for _, want := range tc.wantFail {
				if !strings.Contains(failed, want) {
					t.Errorf("the failure %q does not say %q", failed, want)
				}
			}
			if tc.after >= 0 && int(looks.Load()) != tc.after+1 {
				t.Errorf("looked %d times, want %d", looks.Load(), tc.after+1)
			}
			if int(steps.Load()) < tc.steps {
				t.Errorf("stepped %d times, want at least %d", steps.Load(), tc.steps)
			}
		})
	}
}

// TestForPackage: the package's For is the zero Wait's.
func TestForPackage(t *testing.T) {
	var n atomic.Int32
	For(t, "the third look", func() bool { return n.Add(1) >= 3 })
	if n.Load() != 3 {
		t.Fatalf("looked %d times", n.Load())
	}
}
