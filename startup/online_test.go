//go:build !js

package startup

import (
	"testing"

	"bashni/storage"
)

// TestOnlineServer: outside a page there is no site to fall back on (the
// order of the start's, the setting's and the site's server is
// scenes.App.Server's, tested there; remote.IsServer's test asks a real
// bashni-server and other sites).
func TestOnlineServer(t *testing.T) {
	for _, asked := range []string{"", "http://a:8080"} {
		if got := siteServer(asked); got != "" {
			t.Errorf("siteServer(%q) outside a page = %q, want none", asked, got)
		}
	}
}

// TestOnlineServerSetting: Settings keep a server address that looks like
// one and drop anything else.
func TestOnlineServerSetting(t *testing.T) {
	for in, want := range map[string]string{
		" https://bashni.example ": "https://bashni.example",
		"http://127.0.0.1:8080":    "http://127.0.0.1:8080",
		"wss://x/online/ws":        "wss://x/online/ws",
		"ftp://x":                  "",
		"http://":                  "",
		"http://a b":               "",
		"javascript:alert(1)":      "",
	} {
		s := storage.Defaults()
		s.OnlineServer = in
		s.Normalize()
		if s.OnlineServer != want {
			t.Errorf("%q kept as %q, want %q", in, s.OnlineServer, want)
		}
	}
}
