package scenetest

import (
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// lower are the packages under scenes that every page may use: the shared
// widgets, the board and what follows a session on it, the animations,
// the gestures, and this one.
var lower = map[string]bool{"ui": true, "board": true, "follow": true, "anim": true, "input": true, "scenetest": true}

// maxShellFiles is how many .go files (tests aside) the shell, package
// scenes, may hold. Issue 26 asks for 20 once every page has its package;
// lower this as pages move out, never raise it.
const maxShellFiles = 18

// TestPackageBoundaries keeps the rooms apart (docs/ARCHITECTURE.md): no
// page package (scenes/<page>) imports another page, none of the scenes
// packages imports the wire (online/protocol, online/client: screens speak
// online/remote, which alone uses them), and the shell stays small. It
// reads `go list -deps`, for the desktop and the browser both.
func TestPackageBoundaries(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	for _, env := range [][]string{nil, {"GOOS=js", "GOARCH=wasm"}} {
		cmd := exec.Command("go", "list", "-deps", "-json=ImportPath,Imports,Deps", "bashni/scenes/...")
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list %v: %v", env, err)
		}
		dec := json.NewDecoder(strings.NewReader(string(out)))
		for {
			var p struct {
				ImportPath string
				Imports    []string
				Deps       []string
			}
			if err := dec.Decode(&p); err == io.EOF {
				break
			} else if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(p.ImportPath, "bashni/scenes") {
				continue
			}
			for _, d := range p.Imports {
				if d == "bashni/online/protocol" || d == "bashni/online/client" {
					t.Errorf("%v %s imports %s: screens reach a server through online/remote only", env, p.ImportPath, d)
				}
			}
			self := page(p.ImportPath)
			for _, d := range p.Deps {
				if other := page(d); other != "" && self != "" && other != self {
					t.Errorf("%v page %s imports page %s: open it through the router (scenes.Pages)", env, p.ImportPath, d)
				}
			}
		}
	}
	files, err := filepath.Glob("../*.go")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			n++
		}
	}
	if n == 0 || n > maxShellFiles {
		t.Errorf("package scenes holds %d .go files, want at most %d (a page goes in a package of its own)", n, maxShellFiles)
	}
}

// page is the page package that import path p is or lies in ("" for the
// shell, the lower packages and anything outside scenes).
func page(p string) string {
	rest, ok := strings.CutPrefix(p, "bashni/scenes/")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, "/")
	if lower[name] {
		return ""
	}
	return name
}
