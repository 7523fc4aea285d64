package server_test

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/coder/websocket"

	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/online/server"
)

// from dials WebSockets from the local address ip (any of 127.0.0.0/8
// reaches a server on 127.0.0.1), with header set.
func from(ip string, header http.Header) *websocket.DialOptions {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return &websocket.DialOptions{HTTPHeader: header, HTTPClient: &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}}
}

// open dials url's WebSocket with opts; it returns the connection, or the
// refusal's HTTP status and error code.
func open(t *testing.T, url string, opts *websocket.DialOptions) (ws *websocket.Conn, status int, code string) {
	t.Helper()
	u, err := client.SocketURL(url)
	if err != nil {
		t.Fatal(err)
	}
	ws, resp, err := websocket.Dial(ctxT(t), u, opts)
	if err == nil {
		t.Cleanup(func() { ws.CloseNow() })
		return ws, http.StatusSwitchingProtocols, ""
	}
	if resp == nil {
		t.Fatalf("dialling %s: %v", u, err)
	}
	var m protocol.ServerMessage
	if body, rerr := io.ReadAll(resp.Body); rerr != nil || json.Unmarshal(body, &m) != nil {
		t.Fatalf("the refusal (%d) is not an error message: %q, %v", resp.StatusCode, body, rerr)
	}
	return nil, resp.StatusCode, m.Code
}

func wantRefused(t *testing.T, what string, status int, code string, wantStatus int, wantCode string) {
	t.Helper()
	if status != wantStatus || code != wantCode {
		t.Fatalf("%s: %d %q, want %d %q", what, status, code, wantStatus, wantCode)
	}
}

// TestListenerLimits: through Listener, an address past its share is
// answered 429 rate-limited and the node past MaxConns 503 unavailable,
// before the upgrade; a closed connection gives its place back.
func TestListenerLimits(t *testing.T) {
	st, _ := sqliteStore(t)
	srv, err := server.New(server.Config{Store: st, MaxConns: 5, ConnsPerAddress: 2})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: srv.Handler()}
	go hs.Serve(srv.Listener(ln, false))
	t.Cleanup(func() { srv.Close(); hs.Close() })
	url := "http://" + ln.Addr().String()

	first, _, _ := open(t, url, from("127.0.0.1", nil))
	open(t, url, from("127.0.0.1", nil))
	_, status, code := open(t, url, from("127.0.0.1", nil))
	wantRefused(t, "a third connection from one address", status, code, http.StatusTooManyRequests, protocol.ErrRateLimited)

	// Any connection counts, not only WebSockets: an idle one too.
	idle, err := (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}).Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	open(t, url, from("127.0.0.2", nil))
	_, status, code = open(t, url, from("127.0.0.2", nil))
	wantRefused(t, "a WebSocket beside an idle connection from one address", status, code, http.StatusTooManyRequests, protocol.ErrRateLimited)

	open(t, url, from("127.0.0.3", nil))
	_, status, code = open(t, url, from("127.0.0.4", nil))
	wantRefused(t, "a sixth connection to the node", status, code, http.StatusServiceUnavailable, protocol.ErrUnavailable)

	// A connection closed gives its place back (once the server has seen
	// the close). The TCP connection is closed outright, so the test waits
	// on the socket going, not on the close handshake (with the handshake
	// it once waited past 30 s in a full suite run, cause not found).
	first.CloseNow()
	waitForPlace(t, func() (*websocket.Conn, int, string) { return open(t, url, from("127.0.0.1", nil)) })
}

// TestSocketsPerForwardedAddress: behind a proxy every connection comes
// from the proxy, so the handler counts WebSockets by X-Forwarded-For: an
// address (an IPv6 /64) past its share is refused 429, others are not, and
// a place comes back when a WebSocket ends.
func TestSocketsPerForwardedAddress(t *testing.T) {
	st, _ := sqliteStore(t)
	n := startNode(t, server.Config{Store: st, ConnsPerAddress: 2, TrustProxy: true})
	via := func(addr string) *websocket.DialOptions {
		return &websocket.DialOptions{HTTPHeader: http.Header{"X-Forwarded-For": {addr}}}
	}
	first, _, _ := open(t, n.url, via("203.0.113.7"))
	open(t, n.url, via("203.0.113.7"))
	_, status, code := open(t, n.url, via("203.0.113.7"))
	wantRefused(t, "a third WebSocket from one forwarded address", status, code, http.StatusTooManyRequests, protocol.ErrRateLimited)
	open(t, n.url, via("203.0.113.8"))

	open(t, n.url, via("2001:db8::1"))
	open(t, n.url, via("2001:db8::2"))
	_, status, code = open(t, n.url, via("2001:db8::3"))
	wantRefused(t, "a third WebSocket from one IPv6 /64", status, code, http.StatusTooManyRequests, protocol.ErrRateLimited)
	open(t, n.url, via("2001:db8:0:1::1"))

	first.Close(websocket.StatusNormalClosure, "")
	waitForPlace(t, func() (*websocket.Conn, int, string) { return open(t, n.url, via("203.0.113.7")) })
}

// waitForPlace tries to open a connection until one is let in (a closed
// connection's place comes back once the server has seen the close); until
// then each try is refused by a limit, 503 or 429: the listener may give
// the closed connection's place back before the WebSocket handler, which
// counts WebSockets too, has seen it end.
func waitForPlace(t *testing.T, try func() (*websocket.Conn, int, string)) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)   // a guard: the close is seen when it is seen
	tick := time.NewTicker(10 * time.Millisecond) // a try every tick, not a busy loop
	defer tick.Stop()
	for {
		ws, got, gotCode := try()
		if ws != nil {
			return
		}
		if !(got == http.StatusServiceUnavailable && gotCode == protocol.ErrUnavailable) &&
			!(got == http.StatusTooManyRequests && gotCode == protocol.ErrRateLimited) {
			t.Fatalf("waiting for a place: %d %q", got, gotCode)
		}
		if time.Now().After(deadline) {
			t.Fatal("the closed connection's place never came back")
		}
		<-tick.C
	}
}
