package storage

import (
	"errors"
	"strings"
	"testing"
)

// TestCheckOnlineServer: an address is kept trimmed, or refused with the
// reason Settings shows the player.
func TestCheckOnlineServer(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		err      error
	}{
		{" http://192.168.1.5:8080 ", "http://192.168.1.5:8080", nil},
		{"https://bashni.example.org", "https://bashni.example.org", nil},
		{"WSS://x/online/ws", "WSS://x/online/ws", nil},
		{"192.168.1.5:8080", "", ErrServerScheme},
		{"ftp://x", "", ErrServerScheme},
		{"javascript:alert(1)", "", ErrServerScheme},
		{"https://", "", ErrServerNoHost},
		{"http://a b", "", ErrServerSpace},
		{"http://a\nb", "", ErrServerSpace},
		{"http://" + strings.Repeat("a", MaxServerLen), "", ErrServerLong},
	} {
		got, err := CheckOnlineServer(tc.in)
		if got != tc.want || !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) {
			t.Errorf("CheckOnlineServer(%q) = %q, %v; want %q, %v", tc.in, got, err, tc.want, tc.err)
		}
	}
}
