package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	"bashni/internal/targets"
	"bashni/wasm/site"
)

// TestServerDownload builds bashni-server as the release does, packs it
// with a web site (a stand-in game: the site is the release's own, made by
// the same code), unpacks the download and runs the server the way the
// shipped systemd unit does, from another folder with nothing but the
// system's programs on PATH (no Go): it serves the page and the game from
// the web/ folder beside it, compressed as the browser asks.
func TestServerDownload(t *testing.T) {
	for _, dir := range filepath.SplitList("/usr/bin:/bin") {
		if _, err := os.Stat(filepath.Join(dir, "go")); err == nil {
			t.Fatalf("%s/go exists: the test could not show that the server needs no Go", dir)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	here := targets.Target{OS: runtime.GOOS, Arch: runtime.GOARCH}
	if runtime.GOOS != "linux" {
		t.Skipf("the server download is for Linux; this is %s", here)
	}
	root, err := moduleRoot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	stage, err := snapshot(ctx, root)
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(stage)
	b := &builder{stage: stage, info: testInfo}
	server, err := b.buildServer(ctx, here)
	if err != nil {
		t.Fatal(err)
	}
	r, err := newRelease(stage, testInfo)
	if err != nil {
		t.Fatal(err)
	}
	game := bytes.Repeat([]byte("\x00asm a stand-in for the game "), 20000)
	s, err := site.NewWithOptions(game, site.Options{BrotliQuality: 1, Release: testInfo})
	if err != nil {
		t.Fatal(err)
	}
	files, err := siteFiles(s)
	if err != nil {
		t.Fatal(err)
	}
	licence, err := serverLicences(ctx, stage)
	if err != nil {
		t.Fatal(err)
	}
	art, err := r.packServer(here, server, files, licence)
	if err != nil {
		t.Fatal(err)
	}
	if want := "bashni-server-v1.2.0-3-ge97c113-linux-" + runtime.GOARCH + ".tar.gz"; art.name != want {
		t.Errorf("named %s, want %s", art.name, want)
	}
	for _, want := range []string{"modernc.org/sqlite", "github.com/jackc/pgx/v5", "github.com/hajimehoshi/ebiten/v2"} {
		if !bytes.Contains(licence, []byte(want)) {
			t.Errorf("the licences do not name %s", want)
		}
	}

	// Unpack it as tar would.
	contents, modes := untar(t, art.data)
	top := oneFolder(t, art.name, keys(contents))
	unpacked := t.TempDir()
	for name, data := range contents {
		p := filepath.Join(unpacked, filepath.FromSlash(name))
		if strings.HasSuffix(name, "/") {
			os.MkdirAll(p, 0o755)
			continue
		}
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), os.FileMode(modes[name])); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(unpacked, top)
	for _, name := range []string{"README.txt", licenceName, serverUnitName, "web/index.html", "web/" + s.WasmName + ".br"} {
		if _, ok := contents[top+name]; !ok {
			t.Errorf("no %s in the download", name)
		}
	}

	// The unit's command, with the unpacked folder for /opt/bashni-server,
	// a temporary state folder for /var/lib/bashni and any free port.
	unit := contents[top+serverUnitName]
	m := regexp.MustCompile(`(?m)^ExecStart=(.*)$`).FindStringSubmatch(unit)
	if m == nil {
		t.Fatalf("no ExecStart in the unit:\n%s", unit)
	}
	state, work := t.TempDir(), t.TempDir()
	command := strings.NewReplacer("/opt/bashni-server", dir, "/var/lib/bashni", state, "127.0.0.1:8080", "127.0.0.1:0").Replace(m[1])
	if command == m[1] || !strings.Contains(command, filepath.Join(dir, "bashni-server")) {
		t.Fatalf("the unit runs %q", m[1])
	}
	if _, err := exec.LookPath("systemd-analyze"); err == nil {
		// systemd's own check of the unit, with the path rewritten to the
		// unpacked binary (it checks that the program is there).
		checked := filepath.Join(t.TempDir(), serverUnitName)
		os.WriteFile(checked, []byte(strings.Replace(unit, m[1], command, 1)), 0o644)
		if out, err := exec.Command("systemd-analyze", "verify", checked).CombinedOutput(); err != nil || len(out) > 0 {
			t.Errorf("systemd-analyze verify: %v\n%s", err, out)
		}
	}
	args := strings.Fields(command)
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Dir = work
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + work}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	}()
	// Wait for the line that says where it serves.
	addr := make(chan string, 1)
	var log bytes.Buffer
	go func() {
		sc := bufio.NewScanner(stderr)
		re := regexp.MustCompile(`play at http://([^/ ]+)/`)
		sent := false
		for sc.Scan() {
			log.WriteString(sc.Text() + "\n")
			if m := re.FindStringSubmatch(sc.Text()); m != nil && !sent {
				addr <- m[1]
				sent = true
			}
		}
		if !sent {
			close(addr)
		}
	}()
	var base string
	select {
	case a, ok := <-addr:
		if !ok {
			cmd.Wait()
			t.Fatalf("the server stopped before serving:\n%s", log.String())
		}
		base = "http://" + a
	case <-ctx.Done():
		t.Fatal("the server never said where it serves")
	}

	get := func(path, encoding string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequestWithContext(ctx, "GET", base+path, nil)
		req.Header.Set("Accept-Encoding", encoding) // "" asks for no encoding: Go's client would add gzip itself
		if encoding == "" {
			req.Header.Set("Accept-Encoding", "identity")
		}
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return res, body
	}
	res, page := get("/", "")
	if res.StatusCode != 200 || !bytes.Contains(page, []byte(s.WasmName)) {
		t.Errorf("GET /: %s, the page does not load %s:\n%.300s", res.Status, s.WasmName, page)
	}
	res, body := get("/"+s.WasmName, "")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/wasm" || !bytes.Equal(body, game) {
		t.Errorf("GET /%s: %s %s, %d bytes (want the game's %d)", s.WasmName, res.Status, res.Header.Get("Content-Type"), len(body), len(game))
	}
	res, body = get("/"+s.WasmName, "br, gzip")
	plain, err := io.ReadAll(brotli.NewReader(bytes.NewReader(body)))
	if res.Header.Get("Content-Encoding") != "br" || err != nil || !bytes.Equal(plain, game) {
		t.Errorf("GET /%s with Brotli: %s, encoding %q, %v", s.WasmName, res.Status, res.Header.Get("Content-Encoding"), err)
	}
	if res, body := get("/online/info", ""); res.StatusCode != 200 || !bytes.Contains(body, []byte(`"bashni-server"`)) {
		t.Errorf("GET /online/info: %s %s", res.Status, body)
	}
	if _, err := os.Stat(filepath.Join(state, "games.db")); err != nil {
		t.Errorf("the games are not kept where the unit says: %v", err)
	}
	if !strings.Contains(log.String(), "serving the web site in "+filepath.Join(dir, "web")) {
		t.Errorf("the server does not say it serves web/ beside it:\n%s", log.String())
	}
}
