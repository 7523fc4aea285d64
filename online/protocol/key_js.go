//go:build js

package protocol

import (
	"encoding/base64"
	"syscall/js"
)

// NewKey makes a player key in the page from the browser's
// crypto.getRandomValues: crypto/rand would link Go's FIPS module into
// main.wasm for these 32 bytes (random.go).
func NewKey() string {
	arr := js.Global().Get("Uint8Array").New(TokenBytes)
	js.Global().Get("crypto").Call("getRandomValues", arr)
	b := make([]byte, TokenBytes)
	js.CopyBytesToGo(b, arr)
	return base64.RawURLEncoding.EncodeToString(b)
}
