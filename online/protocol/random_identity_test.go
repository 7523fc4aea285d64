//go:build !js

package protocol_test

import (
	"strings"
	"testing"

	"bashni/online/protocol"
)

func TestTransferCodes(t *testing.T) {
	for range 100 {
		c := protocol.NewTransferCode()
		if got, err := protocol.NormalizeTransferCode(strings.ToLower(c[:4]) + " " + c[4:]); err != nil || got != c {
			t.Fatalf("%s read back as %s, %v", c, got, err)
		}
	}
	if l := protocol.TransferLink("https://x.example/?server=y", "ABCDEFGHJK"); l != "https://x.example/?server=y&transfer=ABCDEFGHJK" {
		t.Errorf("link %s", l)
	}
}
