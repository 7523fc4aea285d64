// Package wasm holds the browser shell of the game: the page, the web
// manifest, the icons and the service worker, embedded so that wasm/serve can
// build a self-contained site. The game itself is the module's main package
// built with GOOS=js GOARCH=wasm.
package wasm

import "embed"

//go:generate go run gen_icons.go

// Web is the static shell: index.html, sw.js, manifest.webmanifest, icons/.
// index.html and sw.js contain the placeholder {{VERSION}}, replaced by the
// build's content hash so that caches are refreshed exactly when the game
// changes.
//
//go:embed web
var Web embed.FS

// Icon is one of the page's icons in web/icons, drawn by
// bashni/internal/appicon (the same artwork as the desktop downloads' icons).
type Icon struct {
	Name     string // file name in web/icons
	Size     int    // pixels, square
	Maskable bool   // full-bleed background for launchers that crop (manifest purpose "maskable")
}

// Icons are the page's icons; `go generate ./wasm` redraws them after a
// change to the artwork, and a test checks that they are up to date.
var Icons = []Icon{
	{"icon-180.png", 180, false},
	{"icon-192.png", 192, false},
	{"icon-512.png", 512, false},
	{"maskable-512.png", 512, true},
}
