package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"bashni/wasm/site"
)

// startServer serves a site with a fake game on a loopback port.
func startServer(t *testing.T, to timeouts) string {
	t.Helper()
	s, err := site.New(bytes.Repeat([]byte("\x00asm fake game "), 5000))
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, ln, s, to) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	return ln.Addr().String()
}

// closedWithin reports whether the server closes conn within d (reading
// and discarding anything it still sends). The bound only stops the test
// when the server would hold the connection for ever.
func closedWithin(conn net.Conn, d time.Duration) bool {
	conn.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, conn)
	var ne net.Error
	return !(errors.As(err, &ne) && ne.Timeout())
}

// An idle kept-alive connection is closed after the idle timeout, and a
// client that never finishes its request after the header timeout.
func TestServerTimeouts(t *testing.T) {
	// The request below is sent whole at once and its answer read at once,
	// but on a busy machine "at once" can take a while: the timeouts are
	// seconds, not the tenths they could be, so that only the idle and the
	// unfinished connections run into them.
	to := timeouts{readHeader: 3 * time.Second, read: 10 * time.Second, write: 10 * time.Second, idle: time.Second}
	addr := startServer(t, to)

	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	io.WriteString(idle, "GET /sw.js HTTP/1.1\r\nHost: x\r\n\r\n")
	res, err := http.ReadResponse(bufio.NewReader(idle), nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	if res.StatusCode != 200 || res.Close {
		t.Fatalf("status %d, close %v: want a kept-alive 200", res.StatusCode, res.Close)
	}
	start := time.Now()
	if !closedWithin(idle, time.Minute) {
		t.Error("an idle kept-alive connection was still open after a minute")
	}
	t.Logf("idle connection closed after %v (idle timeout %v)", time.Since(start), to.idle)

	slow, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	io.WriteString(slow, "GET / HTTP/1.1\r\nHost: x\r\n")
	start = time.Now()
	if !closedWithin(slow, time.Minute) {
		t.Error("a request whose header never ends was still open after a minute")
	}
	t.Logf("unfinished request closed after %v (header timeout %v)", time.Since(start), to.readHeader)
}

// Through a real server and client: Brotli when asked for, gzip otherwise,
// and a 304 for a page that has not changed.
func TestServerNegotiates(t *testing.T) {
	addr := startServer(t, defaultTimeouts)
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	for accept, want := range map[string]string{"gzip, deflate, br": "br", "gzip": "gzip", "": ""} {
		req, _ := http.NewRequest("GET", "http://"+addr+"/", nil)
		req.Header.Set("Accept-Encoding", accept)
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if got := res.Header.Get("Content-Encoding"); got != want {
			t.Errorf("Accept-Encoding %q: %q, want %q", accept, got, want)
		}
		req.Header.Set("If-None-Match", res.Header.Get("ETag"))
		again, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		again.Body.Close()
		if again.StatusCode != http.StatusNotModified {
			t.Errorf("Accept-Encoding %q: checking the page again gave %d, want 304", accept, again.StatusCode)
		}
	}
}
