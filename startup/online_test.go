//go:build !js

package startup

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"bashni/online/server"
	"bashni/online/store"
	"bashni/storage"
)

// TestOnlineServer: outside a page there is no site to fall back on (the
// order of the start's, the setting's and the site's server is
// scenes.App.Server's, tested there); isServer recognises a real
// bashni-server and nothing else.
func TestOnlineServer(t *testing.T) {
	for _, asked := range []string{"", "http://a:8080"} {
		if got := siteServer(asked); got != "" {
			t.Errorf("siteServer(%q) outside a page = %q, want none", asked, got)
		}
	}

	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := server.New(server.Config{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	h := httptest.NewServer(srv.Handler())
	defer h.Close()
	if !isServer(h.URL, time.Minute) { // a guard: the answer comes when it comes
		t.Errorf("%s is a bashni-server", h.URL)
	}
	other := httptest.NewServer(nil) // a site without /online/info
	defer other.Close()
	if isServer(other.URL, 5*time.Second) {
		t.Errorf("%s is not a bashni-server", other.URL)
	}
	if isServer("http://127.0.0.1:1", time.Second) {
		t.Error("nothing listening is not a server")
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
