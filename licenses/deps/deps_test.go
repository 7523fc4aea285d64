package deps

import (
	"context"
	"slices"
	"strings"
	"testing"

	"bashni/internal/targets"
	"bashni/licenses"
)

// The server's licences: Go's, the modules only the server links (the
// SQLite and PostgreSQL drivers, NATS) and the fonts it serves to the
// page, with their OFL; none of the game's Ebitengine.
func TestForTheServer(t *testing.T) {
	got, err := For(context.Background(), "../..", "./cmd/bashni-server", []targets.Target{{OS: "linux", Arch: "amd64"}})
	if err != nil {
		t.Fatal(err)
	}
	var modules []string
	for _, n := range got {
		modules = append(modules, n.Module)
	}
	for _, want := range []string{"std", "modernc.org/sqlite", "github.com/jackc/pgx/v5", "github.com/nats-io/nats.go", "github.com/andybalholm/brotli", "bashni"} {
		if !slices.Contains(modules, want) {
			t.Errorf("no notice of %s among %v", want, modules)
		}
	}
	if slices.Contains(modules, "github.com/hajimehoshi/ebiten/v2") {
		t.Error("the server's licences list Ebitengine, which it does not link")
	}
	if got[0].Module != "std" || !strings.Contains(got[0].Text, "Copyright") {
		t.Errorf("Go's licence is not first: %+v", got[0].Name)
	}
	// Merged with the game's (the server serves the game too): each once.
	all := Merge(got, licenses.All())
	seen := map[[2]string]bool{}
	for _, n := range all {
		k := [2]string{n.Module, n.File}
		if seen[k] {
			t.Errorf("%v twice", k)
		}
		seen[k] = true
	}
	if len(all) < len(licenses.All()) || all[0].Module != "std" {
		t.Errorf("merged: %d notices, the game alone %d", len(all), len(licenses.All()))
	}
}
