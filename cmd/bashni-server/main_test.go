package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/rules"
)

// childEnv set to 1 makes the test binary the server: the tests start it
// as a child process (under a lower open-file limit) with these arguments.
const childEnv = "BASHNI_SERVER_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// child is the server running in a child process.
type child struct {
	url              string
	maxConns, perAdr int
}

var startLine = regexp.MustCompile(`up to (\d+) connections, per address (\d+); play at (http://\S+)/`)

// startChild runs the server at an open-file limit of nofile (soft and
// hard: Go raises the soft limit to the hard one) with args, and waits for
// it to say where it serves. It is stopped (SIGTERM) when the test ends.
func startChild(t *testing.T, nofile int, args ...string) child {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	args = append([]string{"-c", `ulimit -n "$0" && exec "$@"`, strconv.Itoa(nofile), exe,
		"-addr", "127.0.0.1:0", "-site=false", "-db", filepath.Join(t.TempDir(), "games.db")}, args...)
	cmd := exec.Command("sh", args...)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting the server: %v", err)
	}
	var (
		mu  sync.Mutex
		log bytes.Buffer
	)
	found := make(chan child, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			mu.Lock()
			fmt.Fprintln(&log, sc.Text())
			mu.Unlock()
			if m := startLine.FindStringSubmatch(sc.Text()); m != nil {
				n, _ := strconv.Atoi(m[1])
				p, _ := strconv.Atoi(m[2])
				found <- child{url: m[3], maxConns: n, perAdr: p}
			}
		}
	}()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		stopped := make(chan error, 1)
		go func() { <-done; stopped <- cmd.Wait() }()
		select {
		case err := <-stopped:
			if err != nil {
				t.Errorf("the server ended with %v", err)
			}
		case <-time.After(2 * time.Minute): // a guard: a loaded machine stops it later
			cmd.Process.Kill()
			<-stopped
			t.Error("the server did not stop on SIGTERM")
		}
		if t.Failed() {
			mu.Lock()
			t.Logf("server's log:\n%s", log.String())
			mu.Unlock()
		}
	})
	select {
	case c := <-found:
		return c
	case <-done:
		t.Fatal("the server ended before serving")
	case <-time.After(2 * time.Minute): // a guard: a loaded machine starts it later
		t.Fatal("the server did not say where it serves")
	}
	panic("unreachable")
}

// from is a WebSocket dialer whose connections come from the local
// address ip (any of 127.0.0.0/8 reaches a server on 127.0.0.1).
func from(ip string) *websocket.DialOptions {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return &websocket.DialOptions{HTTPClient: &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}}
}

// TestOneAddressCannotShutOthersOut: a server at an open-file limit of
// 1024 takes 1,100 WebSockets from one address without running out of
// files: it holds the per-address share (a quarter of what the limit
// allows) and answers the others 429 before the upgrade, and two players
// from other addresses still connect, make a game and play.
func TestOneAddressCannotShutOthersOut(t *testing.T) {
	srv := startChild(t, 1024)
	// 1024 files less the reserve; a quarter of that per address.
	if srv.maxConns != 1024-128 || srv.perAdr != (1024-128)/4 {
		t.Fatalf("at ulimit -n 1024 the server takes %d connections, %d per address; want %d and %d",
			srv.maxConns, srv.perAdr, 1024-128, (1024-128)/4)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	wsURL, err := client.SocketURL(srv.url)
	if err != nil {
		t.Fatal(err)
	}

	const flood = 1100
	var (
		mu                       sync.Mutex
		held                     []*websocket.Conn
		tooMany, dropped, failed int
		firstFailure             error
	)
	sem := make(chan struct{}, 32)
	var wg sync.WaitGroup
	for range flood {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			ws, resp, err := websocket.Dial(ctx, wsURL, from("127.0.0.1"))
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				held = append(held, ws)
			case resp != nil && resp.StatusCode == http.StatusTooManyRequests:
				tooMany++
			case resp == nil && !errors.Is(err, context.DeadlineExceeded):
				dropped++ // closed unanswered: refusals came faster than answers
			default:
				failed++
				firstFailure = err
			}
		}()
	}
	wg.Wait()
	defer func() {
		for _, ws := range held {
			ws.CloseNow()
		}
	}()
	t.Logf("of %d connections from one address: %d held, %d answered 429, %d closed unanswered", flood, len(held), tooMany, dropped)
	if failed > 0 {
		t.Fatalf("%d connections failed otherwise, e.g. %v", failed, firstFailure)
	}
	if len(held) != srv.perAdr || tooMany == 0 {
		t.Fatalf("one address holds %d connections (want %d) and %d were answered 429", len(held), srv.perAdr, tooMany)
	}

	// While the flood's connections are held, two players from elsewhere.
	white, err := client.DialWith(ctx, srv.url, from("127.0.0.2"))
	if err != nil {
		t.Fatalf("a new player cannot connect: %v", err)
	}
	defer white.Close()
	black, err := client.DialWith(ctx, srv.url, from("127.0.0.3"))
	if err != nil {
		t.Fatalf("a second new player cannot connect: %v", err)
	}
	defer black.Close()
	seat, err := white.Create(ctx, client.Game{Variant: "bashni", Color: protocol.White})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := black.Join(ctx, seat.Game); err != nil {
		t.Fatal(err)
	}
	g := rules.NewGame(rules.Bashni)
	for range 6 {
		mover, other := white, black
		if g.Position().SideToMove() == rules.Black {
			mover, other = black, white
		}
		m := g.LegalMoves()[0].String()
		if err := mover.Move(ctx, m); err != nil {
			t.Fatalf("move %s: %v", m, err)
		}
		if _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
		waitPly(t, other, g.Ply())
	}
}

// waitPly waits until c's copy of the game has reached ply.
func waitPly(t *testing.T, c *client.Conn, ply int) {
	t.Helper()
	timeout := time.After(2 * time.Minute) // a guard: the moves come when they come
	for c.State().Ply < ply {
		select {
		case _, open := <-c.Events():
			if !open {
				t.Fatalf("waiting for ply %d: the connection closed: %v", ply, c.Err())
			}
		case <-timeout:
			t.Fatalf("waiting for ply %d: the game is at %d", ply, c.State().Ply)
		}
	}
}
