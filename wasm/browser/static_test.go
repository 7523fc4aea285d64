package browser

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// The page's size budgets (issue 23): pageBudget is the most a first visit
// may move over the network from a host that compresses nothing;
// gzipBudget bounds main.wasm.gz as the site ships it (libdeflate, the
// copy hosts with gzip_static send), so that a change that grows the game
// past the goal fails here, in ./test.sh, rather than in the next
// measurement by hand. The Brotli goal (3.1 MB at quality 11) is not
// checked here: these tests make their Brotli copy at quality 5, which
// takes seconds where 11 takes minutes; the .br follows the .gz (0.73 of
// it in every row of docs/PAGESIZE.md).
const (
	pageBudget = 4_500_000
	gzipBudget = 4_200_000
)

// TestPlainStaticHost publishes the site as the release's web zip has it
// (wasm/serve -out) and serves the folder with `python3 -m http.server`,
// which sends every file as it is, without Content-Encoding. The page must
// notice, download the gzip copy of the game and unpack it itself: the
// bytes on the wire stay under pageBudget, the game starts, and the service
// worker keeps that copy instead of downloading the whole game.
func TestPlainStaticHost(t *testing.T) {
	dir := t.TempDir()
	if err := theSite.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	host := startPython(t, dir)

	b := newBrowser(t, desktop)
	var mu sync.Mutex
	wire := map[network.RequestID]float64{} // encoded bytes received, by request
	urls := map[network.RequestID]string{}
	chromedp.ListenTarget(b.ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			urls[e.RequestID] = e.Request.Method + " " + e.Request.URL
		case *network.EventLoadingFinished:
			wire[e.RequestID] = e.EncodedDataLength
		}
	})
	b.run(network.Enable(), network.SetCacheDisabled(false))
	start := b.open(host.url)
	defer b.checkConsole()
	b.waitState("the title", time.Minute, func(s state) bool { return s.Scene == "title" })

	mu.Lock()
	var total float64
	var lines []string
	for id, n := range wire {
		total += n
		lines = append(lines, fmt.Sprintf("%9.0f %s", n, strings.TrimPrefix(urls[id], "http://"+host.addr)))
	}
	mu.Unlock()
	var packed bool
	b.eval(`!!window.bashniTimings.packed`, &packed)
	t.Logf("first visit from a plain static host: %.2f MB on the wire, first frame after %v (main.wasm %.2f MB raw, %.2f MB gzip)\n%s",
		total/1e6, start, float64(theSite.Size(theSite.WasmName))/1e6, float64(theSite.GzipSize(theSite.WasmName))/1e6, strings.Join(lines, "\n"))
	if !packed {
		t.Error("the page did not load the gzip copy of the game")
	}
	if total > pageBudget {
		t.Errorf("the first visit moved %.0f bytes, more than %d", total, pageBudget)
	}
	if n := theSite.GzipSize(theSite.WasmName); n > gzipBudget {
		t.Errorf("main.wasm.gz is %d bytes, more than %d (docs/PAGESIZE.md: what grew?)", n, gzipBudget)
	}

	// The service worker keeps what the page downloaded: once it controls
	// the page, the whole game has never been asked for.
	b.waitFor("the service worker", `navigator.serviceWorker.controller !== null`, time.Minute)
	b.waitFor("the game in its cache", `(async () => {
		const names = await caches.keys();
		if (names.length !== 1) return false;
		const keys = await (await caches.open(names[0])).keys();
		return keys.some(r => r.url.endsWith('/`+theSite.WasmName+`.gz'));
	})()`, time.Minute)
	if n := host.gets("/" + theSite.WasmName); n != 0 {
		t.Errorf("the whole game was downloaded %d times", n)
	}
	if n := host.gets("/" + theSite.WasmName + ".gz"); n != 1 {
		t.Errorf("the gzip copy was downloaded %d times, want once", n)
	}
}

// python is `python3 -m http.server` serving a folder on a free loopback
// port.
type python struct {
	addr, url string

	mu  sync.Mutex
	log []string // request lines ("GET /x HTTP/1.1 200"), from its log
}

func startPython(t *testing.T, dir string) *python {
	t.Helper()
	bin, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3 (the plain static server of this test) not found: %v", err)
	}
	// A free port: taken from the system, then handed to python.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	_, port, _ := net.SplitHostPort(addr)
	cmd := exec.Command(bin, "-u", "-m", "http.server", port, "--bind", "127.0.0.1", "--directory", dir)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &python{addr: addr, url: "http://" + addr + "/"}
	logged := make(chan struct{})
	go func() {
		defer close(logged)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			// 127.0.0.1 - - [date] "GET /x HTTP/1.1" 200 -
			line := sc.Text()
			if i := strings.IndexByte(line, '"'); i >= 0 {
				p.mu.Lock()
				p.log = append(p.log, strings.ReplaceAll(line[i:], `"`, ""))
				p.mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		<-logged
	})
	deadline := time.Now().Add(time.Minute)
	for {
		res, err := http.Get(p.url + "build.json")
		if err == nil {
			body := new(bytes.Buffer)
			body.ReadFrom(res.Body)
			res.Body.Close()
			if res.StatusCode == http.StatusOK && res.Header.Get("Content-Encoding") == "" {
				break
			}
			t.Fatalf("python's server: %s, Content-Encoding %q", res.Status, res.Header.Get("Content-Encoding"))
		}
		if time.Now().After(deadline) {
			t.Fatalf("python's server did not answer at %s: %v", p.url, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return p
}

// gets is how many times the server sent path to a GET.
func (p *python) gets(path string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, l := range p.log {
		if strings.HasPrefix(l, "GET "+path+" ") {
			n++
		}
	}
	return n
}
