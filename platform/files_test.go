//go:build linux || freebsd || openbsd || netbsd

package platform

import (
	"os"
	"path/filepath"
	"testing"
)

// TestExportDirIsTheDocumentsFolder: records go to the documents folder the
// desktop names (XDG_DOCUMENTS_DIR in the environment or in
// user-dirs.dirs), else ~/Documents; a folder that does not exist yet is
// made, rather than saving into the bare home directory.
func TestExportDirIsTheDocumentsFolder(t *testing.T) {
	tests := []struct {
		name     string
		userDirs string // user-dirs.dirs ("" none)
		env      string // XDG_DOCUMENTS_DIR, relative to home ("" unset)
		want     string // relative to home
	}{
		{"no Documents yet", "", "", "Documents"},
		{"user-dirs.dirs", `XDG_DOCUMENTS_DIR="$HOME/Dokumente"` + "\n", "", "Dokumente"},
		{"environment", "", "Papers", "Papers"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			config := filepath.Join(home, ".config")
			t.Setenv("HOME", home)
			t.Setenv("XDG_CONFIG_HOME", config)
			t.Setenv("XDG_DOCUMENTS_DIR", "")
			if tt.env != "" {
				t.Setenv("XDG_DOCUMENTS_DIR", filepath.Join(home, tt.env))
			} else {
				os.Unsetenv("XDG_DOCUMENTS_DIR")
			}
			if tt.userDirs != "" {
				if err := os.MkdirAll(config, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(config, "user-dirs.dirs"), []byte(tt.userDirs), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			path, err := SaveFile("game.pdn", "1. c3-d4 *\n")
			if err != nil {
				t.Fatal(err)
			}
			if want := filepath.Join(home, tt.want, "game.pdn"); path != want {
				t.Fatalf("saved to %s, want %s", path, want)
			}
			if b, err := os.ReadFile(path); err != nil || string(b) != "1. c3-d4 *\n" {
				t.Fatalf("the file holds %q (%v)", b, err)
			}
		})
	}
}
