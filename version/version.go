// Package version says which build of the game is running: its release
// number (the file version/VERSION, which a release bumps and every build
// embeds), its version as git describes it, the commit it was built from and
// that commit's date. The release command
// (cmd/release) and the browser build (wasm/site) stamp these into every
// binary with the linker (see bashni/version/stamp); a binary built without
// them (go build, go install) falls back on what the Go toolchain recorded
// about the repository (runtime/debug.ReadBuildInfo).
//
// No build time is recorded, only the commit's: two builds of one commit are
// identical, byte for byte.
package version

import (
	_ "embed"
	"fmt"
	"regexp"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
)

// Set by the linker: -X bashni/version.version=… (bashni/version/stamp
// writes these flags; keep the names in step with it).
var (
	version string // git describe --tags --always --dirty
	commit  string // the full commit hash
	date    string // the commit's date, RFC 3339, UTC
	number  string // the release number, when it is not version/VERSION's
)

// numberFile is version/VERSION: the release number, "0.9.0". A release
// bumps it (and tags its commit v0.9.0); every build carries it, tagged or
// not, stamped or not.
//
//go:embed VERSION
var numberFile string

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
	// Number is the release number of version/VERSION, "0.9.0": what the
	// player reads as the version, and the first three numbers of the
	// platforms' numeric versions. "" only for an Info made by hand.
	Number string
	// Since counts the commits since version/VERSION last changed: the
	// fourth number of the platforms' numeric versions, so that later
	// builds of one release sort later. The release finds it with git
	// (bashni/version/stamp); a running binary does not know it (0).
	Since int
}

// Get describes the running binary.
func Get() Info {
	bi, _ := debug.ReadBuildInfo()
	info := resolve(version, commit, date, bi)
	info.Number = EmbeddedNumber()
	if number != "" {
		// The release stamps the number it read (the same file, unless
		// the release was made from another checkout's numbers).
		info.Number = number
	}
	return info
}

// EmbeddedNumber is the release number this package was built with: the
// content of version/VERSION.
func EmbeddedNumber() string { return strings.TrimSpace(numberFile) }

// ParseNumber checks a release number, "major.minor.patch" with each part
// a decimal number up to 65535 (what Windows' version fields hold), and
// returns its parts.
func ParseNumber(s string) ([3]uint16, error) {
	var n [3]uint16
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return n, fmt.Errorf("version number %q: want major.minor.patch, e.g. 0.9.0", s)
	}
	for i, p := range parts {
		if p == "" || strings.TrimLeft(p, "0123456789") != "" || (len(p) > 1 && p[0] == '0') {
			return n, fmt.Errorf("version number %q: %q is not a number", s, p)
		}
		v, err := strconv.ParseUint(p, 10, 16)
		if err != nil {
			return n, fmt.Errorf("version number %q: %q is over 65535", s, p)
		}
		n[i] = uint16(v)
	}
	return n, nil
}

// Numeric is the version as the four numbers that platform version fields
// want (Windows' FILEVERSION, macOS' CFBundleShortVersionString and
// CFBundleVersion): the release number's three and the commits since it was
// set (Since, at most 65535). ok is false when Number is not a release
// number.
func (i Info) Numeric() (n [4]uint16, ok bool) {
	three, err := ParseNumber(i.Number)
	if err != nil {
		return n, false
	}
	copy(n[:], three[:])
	n[3] = uint16(min(max(i.Since, 0), 1<<16-1))
	return n, true
}

// Short is what a player reads as the version: the release number, "0.9.0"
// (the git description when there is no number).
func (i Info) Short() string {
	if i.Number == "" {
		return i.Version
	}
	return i.Number
}

// Detail is what the git description adds to the release number, or "":
// nothing on the release's own tag (v0.9.0), and nothing when it is only
// the commit's short hash (Commit says that; Dirty says "-dirty").
// "v0.9.0-3-ge97c113" three commits after the tag; "devel" for a build that
// knows nothing of its source.
func (i Info) Detail() string {
	v := strings.TrimSuffix(i.Version, "-dirty")
	switch {
	case i.Number == "", v == "v"+i.Number, v == i.Number:
		return ""
	case i.Commit != "" && len(v) >= 4 && strings.HasPrefix(i.Commit, v):
		return ""
	}
	return v
}

// Full is the release number with the git description beside it when that
// says more: "0.9.0", "0.9.0 (v0.9.0-3-ge97c113)", "0.9.0 (e97c113-dirty)"
// (Windows' ProductVersion string).
func (i Info) Full() string {
	if i.Number == "" || i.Version == "" || i.Version == "v"+i.Number || i.Version == i.Number {
		return i.Short()
	}
	return i.Number + " (" + i.Version + ")"
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
// "0.9.0 (commit e97c113abcde, 2026-12-01) go1.26.8 linux/amd64", with the
// git description first in the brackets when it says more than the number
// and the commit ("v0.9.0-3-ge97c113"), and "with local changes" for a
// build from a modified tree.
func (i Info) String() string {
	var b strings.Builder
	b.WriteString(i.Short())
	var about []string
	if d := i.Detail(); d != "" {
		about = append(about, d)
	}
	if i.Commit != "" {
		about = append(about, "commit "+i.Commit[:min(12, len(i.Commit))])
	}
	if !i.Date.IsZero() {
		about = append(about, i.Date.Format(time.DateOnly))
	}
	if i.Dirty && i.Number != "" {
		about = append(about, "with local changes")
	}
	if len(about) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(about, ", "))
	}
	fmt.Fprintf(&b, " %s %s/%s", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return b.String()
}
