//go:build js

package sprites

import (
	"bashni/i18n/fonts"
	"bashni/internal/jsfetch"
)

// loadCJK fetches the CJK subset of language code set from beside main.wasm
// (the site serves package i18n/fonts' files under fonts/): the English
// page never downloads it. It blocks its goroutine until both weights are
// in.
func loadCJK(set string) (regular, bold []byte, err error) {
	if regular, err = jsfetch.Get("fonts/" + fonts.FileName(set, fonts.Regular)); err != nil {
		return nil, nil, err
	}
	if bold, err = jsfetch.Get("fonts/" + fonts.FileName(set, fonts.Bold)); err != nil {
		return nil, nil, err
	}
	return regular, bold, nil
}

// namesAtOnce: the browser fetches a names font when a line first needs
// it, and PollFonts puts it in use.
const namesAtOnce = false

// loadName fetches the names font file (fonts.NameFile) from beside
// main.wasm.
func loadName(file string) ([]byte, error) { return jsfetch.Get("fonts/" + file) }
