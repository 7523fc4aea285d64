// Package testwait lets a test wait for a condition, never for a
// duration: it polls until the condition holds and fails, naming what it
// waited for, only after a guard far longer than the wait should take on
// a busy machine.
package testwait

import (
	"testing"
	"time"
)

// Guard is how long For waits before it fails: a guard against what never
// comes, not an estimate of how long it takes.
const Guard = time.Minute

// Wait is a wait with its own guard, a step run between looks (ticking a
// game loop) or words to add to a failure. Its zero value is For's.
type Wait struct {
	// Guard is how long to wait before failing; zero means the package's
	// Guard.
	Guard time.Duration
	// Every is the pause between looks, which lets other goroutines work;
	// zero means a millisecond.
	Every time.Duration
	// Step, when set, runs between looks: the loop the condition comes
	// from.
	Step func()
	// Failed, when set, runs once the guard is out; what it returns is
	// added to the failure (the state the condition was waiting on).
	Failed func() string
}

// For polls cond until it holds, failing t after Guard.
func For(t testing.TB, what string, cond func() bool) {
	t.Helper()
	Wait{}.For(t, what, cond)
}

// For polls cond until it holds, running w.Step between looks, and fails t
// once w.Guard has passed.
func (w Wait) For(t testing.TB, what string, cond func() bool) {
	t.Helper()
	guard, every := w.Guard, w.Every
	if guard <= 0 {
		guard = Guard
	}
	if every <= 0 {
		every = time.Millisecond
	}
	deadline := time.Now().Add(guard)
	for !cond() {
		if time.Now().After(deadline) {
			more := ""
			if w.Failed != nil {
				more = w.Failed()
			}
			if more != "" {
				more = ": " + more
			}
			t.Fatalf("waiting for %s: it did not happen in %v%s", what, guard, more)
		}
		if w.Step != nil {
			w.Step()
		}
		time.Sleep(every)
	}
}
