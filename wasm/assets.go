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
