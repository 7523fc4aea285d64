package server

import (
	"os"
	"runtime/debug"
)

// GCPercent is the garbage collector's target (GOGC) a node runs with
// unless GOGC is set. A node's heap is mostly its connections' state,
// live as long as they are (about 100 MB at 5,000 connections), and the
// lobby's fan-out allocates a little for every message: with Go's default
// of 100 a collection came several times a second, and its marking
// (10,000 goroutines' stacks) landed in the pushes. In two-node load runs
// of 10,000 lobby watchers, 0.005–0.24 % of the updates took over 1 s in
// half the runs with 100, none in six runs with 400, with about the same
// resident memory (docs/FINDINGS.md).
const GCPercent = 400

// TuneGC sets the collector's target of a node's process to GCPercent,
// unless the environment's GOGC says otherwise. Commands that run a node
// call it first.
func TuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(GCPercent)
	}
}
