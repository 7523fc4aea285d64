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
	"regexp"
	"strconv"
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

// semver matches a release tag and what git describe adds after it:
// v1.2.0, v1.2.0-3-ge97c113, v1.2-dirty, v1.2.0-rc1-3-ge97c113.
var semver = regexp.MustCompile(`^v?(\d+)\.(\d+)(?:\.(\d+))?(?:-.*?)??(?:-(\d+)-g[0-9a-f]{4,})?(?:-dirty)?$`)

// Numeric is the version as the four numbers that platform version fields
// want (Windows' FILEVERSION, macOS' CFBundleVersion): major, minor, patch
// and the commits since the tag. A version without a tag is 0.0.0.0.
func Numeric(info version.Info) [4]uint16 {
	m := semver.FindStringSubmatch(info.Version)
	if m == nil {
		return [4]uint16{}
	}
	var n [4]uint16
	for i, s := range m[1:] {
		v, err := strconv.ParseUint(s, 10, 16)
		if err == nil {
			n[i] = uint16(v)
		}
	}
	return n
}
