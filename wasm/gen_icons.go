//go:build ignore

// gen_icons writes the web app's icons into web/icons. Run it with
// `go generate ./wasm` after changing the artwork in internal/icongen.
package main

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"

	"bashni/wasm/internal/icongen"
)

func main() {
	for _, ic := range []struct {
		name     string
		size     int
		maskable bool
	}{
		{"icon-180.png", 180, false},
		{"icon-192.png", 192, false},
		{"icon-512.png", 512, false},
		{"maskable-512.png", 512, true},
	} {
		f, err := os.Create(filepath.Join("web", "icons", ic.name))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if err := png.Encode(f, icongen.Icon(ic.size, ic.maskable)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if err := f.Close(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
