//go:build !js

package platform

import (
	"context"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// PrefersReducedMotion reports the system's reduced-motion setting where
// it can be read without cgo (issue 22): GNOME's enable-animations on
// Linux, Reduce motion on macOS, the client-area animation setting on
// Windows. It is read once, at start-up; elsewhere it is false.
func PrefersReducedMotion() bool {
	readMotion.Do(func() { motionReduce, motionKnown = systemMotion() })
	return motionReduce
}

// SystemMotionKnown reports whether PrefersReducedMotion reads the
// system's setting here (Settings says so when it does not).
func SystemMotionKnown() bool {
	PrefersReducedMotion()
	return motionKnown
}

var (
	readMotion                sync.Once
	motionReduce, motionKnown bool
)

// output runs a settings tool briefly: a missing or hanging tool must not
// hold up the game's start.
func output(name string, args ...string) (string, bool) {
	if _, err := exec.LookPath(name); err != nil {
		return "", false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, name, args...).Output()
	if ctx.Err() != nil {
		return "", false
	}
	if err != nil {
		// The tool ran but has no such setting: it is at its default.
		return "", true
	}
	return strings.TrimSpace(string(out)), true
}
