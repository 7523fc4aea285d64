package collect

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bashni/internal/targets"
)

// A module of its own with no dependencies, whose font package embeds a font
// with its OFL beside it: the OFL is found, Go's licence comes first, and a
// licence file nowhere near a package or an embedded file is not taken.
func TestAssetLicences(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":                   "module example.org/game\n\ngo 1.26\n",
		"main.go":                  "package main\n\nimport _ \"example.org/game/art\"\n\nfunc main() {}\n",
		"art/art.go":               "package art\n\nimport _ \"embed\"\n\n//go:embed fonts/cjk-subset.otf\nvar Font []byte\n",
		"art/fonts/cjk-subset.otf": "not really a font",
		"art/fonts/OFL.txt":        "SIL OPEN FONT LICENSE Version 1.1\n",
		"unused/LICENSE":           "not shipped",
	}
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Collect(context.Background(), dir, []targets.Target{{OS: "linux", Arch: "amd64"}, targets.Web})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, n := range got {
		names = append(names, n.Module+" "+n.File+" "+n.Name)
	}
	want := "std LICENSE Go|example.org/game art/fonts/OFL.txt example.org/game/art"
	if strings.Join(names, "|") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(names, "|"), want)
	}
	if len(got) == 2 && !strings.Contains(string(got[1].Text), "OPEN FONT LICENSE") {
		t.Errorf("the OFL's text: %q", got[1].Text)
	}
}

func TestFileName(t *testing.T) {
	n := Notice{Module: "golang.org/x/image", File: "font/gofont/ttfs/README"}
	if got := FileName(n); got != "golang.org_x_image__font_gofont_ttfs_README.txt" {
		t.Errorf("%s", got)
	}
}

// TestIsLicenceFile: licence and notice files by their usual names, and
// never a Go source file that happens to share the name (storage/notice.go).
func TestIsLicenceFile(t *testing.T) {
	for name, want := range map[string]bool{
		"LICENSE": true, "LICENSE.md": true, "LICENCE-APACHE": true, "COPYING": true,
		"NOTICE": true, "NOTICE.md": true, "OFL.txt": true, "UNLICENSE": true,
		"notice.go": false, "license.go": false, "notice_test.go": false, "README": false, "noticeboard.txt": false,
	} {
		if got := isLicenceFile(name); got != want {
			t.Errorf("isLicenceFile(%q) = %v, want %v", name, got, want)
		}
	}
}
