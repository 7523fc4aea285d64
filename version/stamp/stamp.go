// Package stamp finds the version of a source tree with git and turns it into
// linker flags that stamp it into a build of bashni/version. The release
// command (cmd/release) and the browser build (wasm/site) use it; the game
// itself does not.
package stamp

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"bashni/version"
)

// Describe asks git about the checkout at dir: the version as
// `git describe --tags --always --dirty` words it, the commit and the
// commit's date. Untracked files do not make a tree dirty (git describe's
// rule); ignored ones, such as release/, never do.
func Describe(ctx context.Context, dir string) (version.Info, error) {
	git := func(args ...string) (string, error) {
		cmd := exec.CommandContext(ctx, "git", args...)
		cmd.Dir = dir
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return "", fmt.Errorf("git %s in %s: %w: %s", strings.Join(args, " "), dir, err, strings.TrimSpace(stderr.String()))
		}
		return strings.TrimSpace(string(out)), nil
	}
	var info version.Info
	var err error
	if info.Version, err = git("describe", "--tags", "--always", "--dirty"); err != nil {
		return version.Info{}, fmt.Errorf("finding the version: %w", err)
	}
	info.Dirty = strings.HasSuffix(info.Version, "-dirty")
	if info.Commit, err = git("rev-parse", "HEAD"); err != nil {
		return version.Info{}, fmt.Errorf("finding the commit: %w", err)
	}
	when, err := git("log", "-1", "--format=%cI", "HEAD")
	if err != nil {
		return version.Info{}, fmt.Errorf("finding the commit's date: %w", err)
	}
	t, err := time.Parse(time.RFC3339, when)
	if err != nil {
		return version.Info{}, fmt.Errorf("the commit's date %q: %w", when, err)
	}
	info.Date = t.UTC()
	return info, nil
}

// LDFlags are the linker flags (for go build -ldflags) that stamp info into
// bashni/version. Values never contain spaces (git describe, a hash, an
// RFC 3339 date), so the flags need no quoting.
func LDFlags(info version.Info) string {
	flags := []string{"-X bashni/version.version=" + info.Version}
	if info.Commit != "" {
		flags = append(flags, "-X bashni/version.commit="+info.Commit)
	}
	if !info.Date.IsZero() {
		flags = append(flags, "-X bashni/version.date="+info.Date.UTC().Format(time.RFC3339))
	}
	return strings.Join(flags, " ")
}
