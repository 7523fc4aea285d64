// Package licenses holds the licence texts of everything the game ships
// inside its binaries: Go (BSD), Ebitengine (Apache-2.0), the Go fonts, the
// other modules on the module graph, and the licences of bundled assets (a
// font subset's OFL). The list is derived from the module graph by
// `go generate ./licenses` (gen.go); the test fails when a dependency or an
// asset is missing from it.
//
// The About page shows them; the release command writes them beside each
// download.
package licenses

import (
	"embed"
	"fmt"
	"sort"
	"strings"
)

//go:generate go run gen.go

//go:embed texts
var texts embed.FS

// Notice is one licence or notice file.
type Notice struct {
	Name    string // what it covers: "Go", "Go fonts", a module path, or the game's package holding an asset
	Module  string // "std" for Go itself, a module path, or "bashni" for the game's own assets
	Version string // the module's version; "" for Go and the game's own files
	File    string // the file's path in its module (in Go's source tree for Go)
	Text    string
}

// entry is a line of list.go.
type entry struct{ name, module, version, file, text string }

// All lists every notice: Go first, then by module and file.
func All() []Notice {
	out := make([]Notice, 0, len(list))
	for _, e := range list {
		b, err := texts.ReadFile("texts/" + e.text)
		if err != nil {
			// list.go and texts/ are generated together and embedded.
			panic(fmt.Sprintf("licenses: %s is listed but not embedded", e.text))
		}
		out = append(out, Notice{Name: e.name, Module: e.module, Version: e.version, File: e.file, Text: string(b)})
	}
	return out
}

// ForModules lists Go's notices and those of the given modules (module
// paths, as in a binary's build information; the game's own module path
// brings in its assets' notices).
func ForModules(modules map[string]bool) []Notice {
	var out []Notice
	for _, n := range All() {
		if n.Module == "std" || modules[n.Module] {
			out = append(out, n)
		}
	}
	return out
}

// Document renders notices as one plain-text file (THIRD-PARTY-LICENSES.txt
// in the downloads): each distinct text once, headed by everything it covers.
func Document(product string, notices []Notice) string {
	type group struct {
		covers []string
		text   string
	}
	var groups []*group
	byText := map[string]*group{}
	for _, n := range notices {
		label := n.Name
		if n.Version != "" && n.Name == n.Module {
			label += " " + n.Version
		}
		if n.Module != "std" && n.Name == n.Module && n.File != "LICENSE" {
			label += " (" + n.File + ")"
		}
		text := strings.TrimSpace(n.Text)
		g, ok := byText[text]
		if !ok {
			g = &group{text: text}
			byText[text] = g
			groups = append(groups, g)
		}
		g.covers = append(g.covers, label)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s is built with the following software, whose licences and notices follow.\n", product)
	for _, g := range groups {
		sort.Strings(g.covers[1:]) // the first is where the text was found first (Go's own first)
		b.WriteString("\n")
		b.WriteString(strings.Repeat("=", 78))
		b.WriteString("\n")
		for _, c := range g.covers {
			b.WriteString(c)
			b.WriteString("\n")
		}
		b.WriteString(strings.Repeat("=", 78))
		b.WriteString("\n\n")
		b.WriteString(g.text)
		b.WriteString("\n")
	}
	return b.String()
}
