//go:build !js

package protocol

import (
	"crypto/rand"
	"encoding/base64"
)

// Codes and tokens are drawn by the server only: in the page crypto/rand
// would link Go's FIPS module (AES, GCM, DRBG, SHA-2 and SHA-3: about
// 0.1 MB of main.wasm) for nothing.

// NewCode draws a random game code.
func NewCode() string {
	var b [CodeLength]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("crypto/rand failed: " + err.Error()) // never returns an error on supported platforms
	}
	for i := range b {
		// 256 is not a multiple of 30: the bias (8/256 for the first
		// 16 letters) costs a fraction of a bit of the code's 29 bits.
		b[i] = CodeAlphabet[int(b[i])%len(CodeAlphabet)]
	}
	return string(b[:])
}

// NewToken draws a seat token: TokenBytes from crypto/rand.
func NewToken() string {
	var b [TokenBytes]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("crypto/rand failed: " + err.Error())
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}
