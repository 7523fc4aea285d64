// Package version says which build of the game is running: its version, the
// commit it was built from and that commit's date. The release command
// (cmd/release) and the browser build (wasm/site) stamp these into every
// binary with the linker (see bashni/version/stamp); a binary built without
// them (go build, go install) falls back on what the Go toolchain recorded
// about the repository (runtime/debug.ReadBuildInfo).
//
// No build time is recorded, only the commit's: two builds of one commit are
// identical, byte for byte.
package version

import (
	"fmt"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"time"
)

// Set by the linker: -X bashni/version.version=… (bashni/version/stamp
// writes these flags; keep the names in step with it).
var (
	version string // git describe --tags --always --dirty
	commit  string // the full commit hash
	date    string // the commit's date, RFC 3339, UTC
)

// Unknown is the version of a build that knows nothing about its source
// (go run, or a build outside a git checkout).
const Unknown = "devel"

// Info describes a build.
type Info struct {
	// Version is what `git describe --tags --always --dirty` said: "v1.2.0"
	// on a tag, "v1.2.0-3-ge97c113" three commits later, "e97c113" with no
	// tag yet, with "-dirty" when the tree had uncommitted changes; or
	// Unknown.
	Version string
	// Commit is the full hash of the commit, or "".
	Commit string
	// Date is the commit's date in UTC (not the build's: builds are
	// reproducible), or the zero time.
	Date time.Time
	// Dirty: built from a tree with uncommitted changes.
	Dirty bool
}

// Get describes the running binary.
func Get() Info {
	bi, _ := debug.ReadBuildInfo()
	return resolve(version, commit, date, bi)
}

// resolve prefers the stamped values and fills the rest from the build
// information the Go toolchain recorded.
func resolve(stampedVersion, stampedCommit, stampedDate string, bi *debug.BuildInfo) Info {
	info := fromBuildInfo(bi)
	if stampedVersion != "" {
		info.Version = stampedVersion
		info.Dirty = strings.HasSuffix(stampedVersion, "-dirty")
	}
	if stampedCommit != "" {
		info.Commit = stampedCommit
	}
	if stampedDate != "" {
		if t, err := time.Parse(time.RFC3339, stampedDate); err == nil {
			info.Date = t.UTC()
		}
	}
	return info
}

// pseudoVersion matches the version Go gives an untagged commit
// (v0.0.0-20261201020000-e97c113abcde).
var pseudoVersion = regexp.MustCompile(`-(?:0\.)?\d{14}-[0-9a-f]{12}(?:\+dirty)?$`)

// fromBuildInfo reads what `go build` recorded from git (vcs.revision,
// vcs.time, vcs.modified, and since Go 1.24 the main module's version from
// the tag) and words it the way git describe would.
func fromBuildInfo(bi *debug.BuildInfo) Info {
	info := Info{Version: Unknown}
	if bi == nil {
		return info
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			info.Commit = s.Value
		case "vcs.time":
			if t, err := time.Parse(time.RFC3339, s.Value); err == nil {
				info.Date = t.UTC()
			}
		case "vcs.modified":
			info.Dirty = s.Value == "true"
		}
	}
	v := bi.Main.Version
	switch {
	case v != "" && v != "(devel)" && !pseudoVersion.MatchString(v):
		// A tagged commit (go install bashni@v1.2.0, or a build on a tag).
		info.Version = strings.TrimSuffix(v, "+dirty")
	case info.Commit != "":
		info.Version = info.Commit[:min(7, len(info.Commit))]
	default:
		return info
	}
	if info.Dirty {
		info.Version += "-dirty"
	}
	return info
}

// String is the one-line description that -version prints:
// "v1.2.0 (commit e97c113abcde, 2026-12-01) go1.26.8 linux/amd64".
func (i Info) String() string {
	var b strings.Builder
	b.WriteString(i.Version)
	var about []string
	if i.Commit != "" {
		about = append(about, "commit "+i.Commit[:min(12, len(i.Commit))])
	}
	if !i.Date.IsZero() {
		about = append(about, i.Date.Format(time.DateOnly))
	}
	if len(about) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(about, ", "))
	}
	fmt.Fprintf(&b, " %s %s/%s", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return b.String()
}
