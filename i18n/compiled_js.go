//go:build js

package i18n

import "bashni/internal/jsfetch"

// compiledIn: the browser fetches languages other than English.
const compiledIn = false

// compiledMessages fetches locales/<code>.json from beside main.wasm (the
// site serves package i18n's compiled messages there): the English page
// downloads no other language. It blocks its goroutine until the file is
// in.
func compiledMessages(code string) ([]byte, error) {
	return jsfetch.Get("locales/" + code + ".json")
}
