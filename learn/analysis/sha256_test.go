package analysis

import (
	"crypto/sha256"
	"strings"
	"testing"
)

// TestSum256 checks Key's SHA-256 against crypto/sha256 at every length
// around the block and padding boundaries.
func TestSum256(t *testing.T) {
	for n := 0; n <= 300; n++ {
		msg := []byte(strings.Repeat("Bashni c3-d4 ", 30)[:n])
		if got, want := sum256(msg), sha256.Sum256(msg); got != want {
			t.Fatalf("%d bytes: %x, want %x", n, got, want)
		}
	}
}
