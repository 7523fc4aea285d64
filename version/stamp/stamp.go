// Package stamp finds the version of a source tree with git and turns it into
// linker flags that stamp it into a build of bashni/version. The release
// command (cmd/release) and the browser build (wasm/site) use it; the game
// itself does not.
package stamp

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"bashni/version"
)

// NumberFile is where a checkout keeps its release number, relative to the
// module's root (bashni/version embeds it).
const NumberFile = "version/VERSION"

// Describe asks git about the checkout at dir: the version as
// `git describe --tags --always --dirty` words it, the commit and the
// commit's date, and reads the release number from version/VERSION with
// the commits since that file last changed. Untracked files do not make a
// tree dirty (git describe's rule); ignored ones, such as release/, never
// do.
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
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(NumberFile)))
	if err != nil {
		return version.Info{}, fmt.Errorf("reading the release number: %w", err)
	}
	info.Number = strings.TrimSpace(string(b))
	if _, err := version.ParseNumber(info.Number); err != nil {
		return version.Info{}, fmt.Errorf("%s: %w", NumberFile, err)
	}
	// The commits since the number was set: none while the change to it
	// is not committed yet.
	changed, err := git("status", "--porcelain", "--", NumberFile)
	if err != nil {
		return version.Info{}, fmt.Errorf("finding when the release number changed: %w", err)
	}
	bump, err := git("log", "-1", "--format=%H", "--", NumberFile)
	if err != nil {
		return version.Info{}, fmt.Errorf("finding when the release number changed: %w", err)
	}
	if bump != "" && changed == "" {
		n, err := git("rev-list", "--count", bump+"..HEAD")
		if err != nil {
			return version.Info{}, fmt.Errorf("counting the commits since the release number changed: %w", err)
		}
		if info.Since, err = strconv.Atoi(n); err != nil {
			return version.Info{}, fmt.Errorf("counting the commits since the release number changed: %q", n)
		}
	}
	return info, nil
}

// tag matches a release tag as git describe gives it on the tagged commit
// itself: v0.9.0, v0.9.0-dirty.
var tag = regexp.MustCompile(`^v(\d+\.\d+\.\d+)(?:-dirty)?$`)

// CheckRelease refuses to release info when its numeric version would be
// wrong: no release number, or a commit tagged with another number than
// version/VERSION holds (bump the file, then tag).
func CheckRelease(info version.Info) error {
	if _, err := version.ParseNumber(info.Number); err != nil {
		return fmt.Errorf("%s: %w", NumberFile, err)
	}
	if m := tag.FindStringSubmatch(info.Version); m != nil && m[1] != info.Number {
		return fmt.Errorf("the commit is tagged v%s but %s says %s: put the tag's number in %s (or tag the commit that has it)", m[1], NumberFile, info.Number, NumberFile)
	}
	return nil
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
	if info.Number != "" {
		flags = append(flags, "-X bashni/version.number="+info.Number)
	}
	return strings.Join(flags, " ")
}
