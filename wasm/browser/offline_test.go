package browser

import (
	"net"
	"net/http"
	"testing"
	"time"
)

// TestOffline visits once, waits until the service worker controls the page
// with the whole game in its cache, stops the server and reloads: the game
// must start and play.
func TestOffline(t *testing.T) {
	srv := startServer(t)
	b := newBrowser(t, desktop)
	b.open(srv.url(""))
	b.waitFor("the service worker", `navigator.serviceWorker.controller !== null`, time.Minute)
	var cached []string
	b.waitFor("the cache", `(async () => {
		const names = await caches.keys();
		if (names.length !== 1) return false;
		const keys = await (await caches.open(names[0])).keys();
		return keys.some(r => r.url.endsWith('/`+theSite.WasmName+`')) && keys.some(r => r.url.endsWith('/wasm_exec.js')) && keys.length >= 10;
	})()`, time.Minute)
	b.eval(`(async () => (await (await caches.open((await caches.keys())[0])).keys()).map(r => new URL(r.url).pathname + new URL(r.url).search))()`, &cached)
	t.Logf("cached: %v", cached)
	if n := srv.served("/" + theSite.WasmName); n != 1 {
		t.Errorf("%s was downloaded %d times on the first visit, want once (the service worker takes the page's copy)", theSite.WasmName, n)
	}

	srv.stop()
	if res, err := http.Get(srv.url("")); err == nil {
		res.Body.Close()
		t.Fatal("the server still answers")
	}
	t.Logf("start-up offline: %v", b.reload())
	st := b.startNewGame(false)
	m := b.humanMove(st)
	st = b.playByTaps(st, m)
	t.Logf("offline: played %v, the computer answered %v", m, st.Moves[len(st.Moves)-1])
	b.expectBoard("offline-after-move", st)
}

// TestStaticFolder publishes the site as `go run ./wasm/serve -out dir`
// does and serves the folder with a plain file server, as a static host
// would: the game starts.
func TestStaticFolder(t *testing.T) {
	dir := t.TempDir()
	if err := theSite.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.FileServer(http.Dir(dir))}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	b := newBrowser(t, desktop)
	t.Logf("start-up from a static folder (no compression): %v", b.open("http://"+ln.Addr().String()+"/"))
	b.waitState("the title", time.Minute, func(s state) bool { return s.Scene == "title" })
}
