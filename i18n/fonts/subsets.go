//go:build !js

package fonts

import (
	"embed"
	"fmt"

	"golang.org/x/image/font/sfnt"
)

// Files are the Korean and Japanese subsets and the names fonts
// (names/), for desktop builds and for the site builder, which serves
// them beside main.wasm.
//
//go:embed ko-regular.otf ko-bold.otf ja-regular.otf ja-bold.otf names
var Files embed.FS

// Subset returns the subset of set ("ko" or "ja") in weight w.
func Subset(set string, w Weight) ([]byte, error) {
	b, err := Files.ReadFile(FileName(set, w))
	if err != nil {
		return nil, fmt.Errorf("fonts: no %s subset: %w", set, err)
	}
	return b, nil
}

// NameFont returns the names font called file (NameFile).
func NameFont(file string) ([]byte, error) {
	b, err := Files.ReadFile("names/" + file)
	if err != nil {
		return nil, fmt.Errorf("fonts: no names font %q: %w", file, err)
	}
	return b, nil
}

// CanDraw reports whether every screen language can draw r: the Go fonts
// (all three weights keep the same runes), the common subset or a names
// font has it. The server refuses names with a letter it cannot draw.
func CanDraw(r rune) bool {
	d := drawable()
	d.mu.Lock()
	defer d.mu.Unlock()
	if hasRune(d.goFont, &d.buf, r) || hasRune(d.common, &d.buf, r) {
		return true
	}
	file := NameFile(r)
	if file == "" {
		return false
	}
	f, ok := d.names[file]
	if !ok {
		b, err := NameFont(file)
		if err == nil {
			f, err = sfnt.Parse(b)
		}
		if err != nil {
			f = nil // a names font that is not there draws nothing
		}
		d.names[file] = f
	}
	return f != nil && hasRune(f, &d.buf, r)
}
