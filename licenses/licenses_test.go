package licenses

import (
	"context"
	"strings"
	"testing"

	"bashni/internal/targets"
	"bashni/licenses/internal/collect"
)

// The embedded texts are exactly what the module graph needs today: a new
// dependency, a new version or a new bundled asset with a licence fails this
// until `go generate ./licenses` is run.
func TestUpToDate(t *testing.T) {
	want, err := collect.Collect(context.Background(), "..", targets.All())
	if err != nil {
		t.Fatal(err)
	}
	key := func(module, version, file string) string { return module + " " + version + " " + file }
	embedded := map[string]string{}
	for _, n := range All() {
		embedded[key(n.Module, n.Version, n.File)] = n.Text
	}
	for _, w := range want {
		k := key(w.Module, w.Version, w.File)
		text, ok := embedded[k]
		switch {
		case !ok:
			t.Errorf("%s is on the module graph but not embedded: run go generate ./licenses", k)
		case text != string(w.Text):
			t.Errorf("%s: the embedded text differs from the module's: run go generate ./licenses", k)
		}
		delete(embedded, k)
	}
	for k := range embedded {
		t.Errorf("%s is embedded but no longer on the module graph: run go generate ./licenses", k)
	}
	if got := All(); len(got) == len(want) {
		for i := range got {
			if got[i].Module != want[i].Module || got[i].File != want[i].File || got[i].Name != want[i].Name {
				t.Errorf("notice %d is %s %s, want %s %s (order or name): run go generate ./licenses", i, got[i].Name, got[i].File, want[i].Name, want[i].File)
			}
		}
	}
}

// What the brief names must be there, with the licence it really has.
func TestContents(t *testing.T) {
	find := func(name, file string) Notice {
		t.Helper()
		for _, n := range All() {
			if n.Name == name && n.File == file {
				return n
			}
		}
		t.Fatalf("no notice for %s %s", name, file)
		return Notice{}
	}
	for _, tc := range []struct{ name, file, contains string }{
		{"Go", "LICENSE", "Redistribution and use in source and binary forms"},
		{"github.com/hajimehoshi/ebiten/v2", "LICENSE", "Apache License\n                           Version 2.0"},
		{"github.com/hajimehoshi/ebiten/v2", "NOTICE.md", "GLFW"},
		{"Go fonts", "font/gofont/ttfs/README", "Bigelow & Holmes"},
		{"golang.org/x/image", "LICENSE", "Redistribution and use"},
		{"github.com/ebitengine/purego", "LICENSE", "Apache License"},
	} {
		if n := find(tc.name, tc.file); !strings.Contains(n.Text, tc.contains) {
			t.Errorf("%s %s does not say %q", tc.name, tc.file, tc.contains)
		}
	}
	if All()[0].Module != "std" {
		t.Errorf("Go's licence is not first: %+v", All()[0])
	}
}

func TestForModules(t *testing.T) {
	engine := ForModules(nil)
	if len(engine) != 1 || engine[0].Name != "Go" {
		t.Errorf("a binary without modules ships %d notices, want Go's alone", len(engine))
	}
	game := ForModules(map[string]bool{"github.com/hajimehoshi/ebiten/v2": true, "golang.org/x/image": true})
	var names []string
	for _, n := range game {
		names = append(names, n.Name+" "+n.File)
	}
	want := "Go LICENSE|github.com/hajimehoshi/ebiten/v2 LICENSE|github.com/hajimehoshi/ebiten/v2 NOTICE.md|golang.org/x/image LICENSE|Go fonts font/gofont/ttfs/README"
	if got := strings.Join(names, "|"); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestDocument(t *testing.T) {
	all := All()
	doc := Document("Bashni", all)
	if !strings.HasPrefix(doc, "Bashni is built with") {
		t.Errorf("document starts %q", doc[:40])
	}
	distinct := map[string]bool{}
	for _, n := range all {
		if !strings.Contains(doc, n.Name) {
			t.Errorf("the document does not name %s", n.Name)
		}
		if !strings.Contains(doc, strings.TrimSpace(n.Text)) {
			t.Errorf("the document lacks the text of %s %s", n.Name, n.File)
		}
		distinct[strings.TrimSpace(n.Text)] = true
	}
	// Each text appears once, however many modules share it: one section
	// (two rules) per distinct text.
	if rules := strings.Count(doc, strings.Repeat("=", 78)+"\n"); rules != 2*len(distinct) {
		t.Errorf("%d section rules for %d distinct texts", rules, len(distinct))
	}
	// The golang.org/x modules carry Go's own licence: one section for all.
	goSection := doc[strings.Index(doc, "\nGo\n"):]
	goSection = goSection[:strings.Index(goSection, "Copyright")]
	for _, m := range []string{"golang.org/x/sys v0.50.0", "golang.org/x/text"} {
		if !strings.Contains(goSection, m) {
			t.Errorf("%s is not listed under Go's licence:\n%s", m, goSection)
		}
	}
}
