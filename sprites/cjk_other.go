//go:build !js

package sprites

import "bashni/i18n/fonts"

// loadCJK reads the compiled-in CJK subset of language code set.
func loadCJK(set string) (regular, bold []byte, err error) {
	if regular, err = fonts.Subset(set, fonts.Regular); err != nil {
		return nil, nil, err
	}
	if bold, err = fonts.Subset(set, fonts.Bold); err != nil {
		return nil, nil, err
	}
	return regular, bold, nil
}

// namesAtOnce: desktop builds have the names fonts compiled in, so a
// name's font is put in use the moment a line needs it.
const namesAtOnce = true

// loadName reads the compiled-in names font file (fonts.NameFile).
func loadName(file string) ([]byte, error) { return fonts.NameFont(file) }
