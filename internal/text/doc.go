// Package text is Ebitengine's text/v2 (v2.10.4) without GoTextFace: the
// same GoXFace, MultiFace, Draw, Measure and layout code, copied file for
// file (cache.go, gox.go, goxcache.go, layout.go, multi.go, rgbapool.go,
// text.go and internal/textutil; Apache License 2.0, the Ebitengine
// Authors, whose licence the game already carries in package licenses).
//
// Why a copy: the game draws every text with GoXFaces over
// golang.org/x/image/font/opentype (package sprites' Fonts), but importing
// text/v2 links its GoTextFace's font loader too — go-text/typesetting,
// harfbuzz, x/text/language's tables, image/jpeg, x/image/tiff and ccitt,
// an SVG renderer (oksvg, rasterx) — because package-level state and
// interface methods keep them reachable: 0.93 MB of main.wasm
// (docs/PAGESIZE.md). With the shaper's files left out, none of that is
// linked, and the game's text is laid out and drawn by exactly the code
// that drew it before.
//
// hasglyph.go is the game's own: HasGlyph, for tests.
//
// Keep it in step with Ebitengine: when go.mod's ebiten/v2 moves, copy
// the same files from its text/v2 again (sed the textutil import to
// bashni/internal/text/internal/textutil) and run gofmt.
package text
