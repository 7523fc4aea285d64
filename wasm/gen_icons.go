//go:build ignore

// gen_icons writes the web app's icons into web/icons. Run it with
// `go generate ./wasm` after changing the artwork in bashni/internal/appicon.
package main

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"

	"bashni/internal/appicon"
	"bashni/wasm"
)

func main() {
	for _, ic := range wasm.Icons {
		if err := write(ic); err != nil {
			fmt.Fprintln(os.Stderr, "gen_icons:", err)
			os.Exit(1)
		}
	}
}

func write(ic wasm.Icon) error {
	f, err := os.Create(filepath.Join("web", "icons", ic.Name))
	if err != nil {
		return err
	}
	if err := png.Encode(f, appicon.Icon(ic.Size, ic.Maskable)); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", ic.Name, err)
	}
	return f.Close()
}
