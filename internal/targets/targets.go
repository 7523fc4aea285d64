// Package targets lists the platforms the game ships for, once, for the
// release command, its cross-build test and the licence collector.
package targets

// Target is a GOOS/GOARCH pair.
type Target struct{ OS, Arch string }

func (t Target) String() string { return t.OS + "/" + t.Arch }

// Env is the environment that makes the go command build for t, without
// cgo (every target builds without a C toolchain).
func (t Target) Env() []string {
	return []string{"GOOS=" + t.OS, "GOARCH=" + t.Arch, "CGO_ENABLED=0"}
}

// Desktop are the platforms with a downloadable game and engine.
var Desktop = []Target{
	{"windows", "amd64"}, {"windows", "arm64"},
	{"darwin", "amd64"}, {"darwin", "arm64"},
	{"linux", "amd64"}, {"linux", "arm64"},
}

// Web is the browser build.
var Web = Target{"js", "wasm"}

// All are the desktop platforms and the web.
func All() []Target { return append(append([]Target(nil), Desktop...), Web) }
