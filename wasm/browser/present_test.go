package browser

import (
	"context"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"bashni/internal/chromiumtest"
)

// presentPage runs testdata/present, counting the page's animation frames
// in window.frames.
const presentPage = `<!DOCTYPE html>
<html><body style="margin:0;background:#000">
<script src="wasm_exec.js"></script>
<script>
window.frames = 0;
(function frame() { window.frames++; requestAnimationFrame(frame); })();
const go = new Go();
WebAssembly.instantiateStreaming(fetch("present.wasm"), go.importObject).then((r) => go.run(r.instance));
</script></body></html>`

// BenchmarkPresent measures what presenting a frame costs in this
// Chromium (software WebGL), apart from anything a game draws: the frame
// rate of a page that changes a 2×2-pixel square each frame
// (testdata/present), with Ebitengine's canvas set up as it comes and as
// the game sets it up (platform/present_js.go). One op is one animation
// frame of the page; frames/s is the page's frame rate.
//
//	go test ./wasm/browser -run '^$' -bench Present -benchtime 240x
func BenchmarkPresent(b *testing.B) {
	base := presentServer(b)
	for _, dev := range []device{desktop, phone} {
		for _, mode := range []string{"still", "default", "noaa", "noaa-copy", "noaa-none"} {
			var ctx context.Context // one browser for the benchmark's runs
			var stop func()
			b.Run(dev.name+"/"+mode, func(b *testing.B) {
				if ctx == nil {
					ctx, stop = presentBrowser(b, dev, base+"/present.html#"+mode)
				}
				var from, to int
				if err := chromedp.Run(ctx, chromedp.Evaluate(`window.frames`, &from)); err != nil {
					b.Fatal(err)
				}
				b.ResetTimer()
				start := time.Now()
				for to < from+b.N {
					time.Sleep(20 * time.Millisecond)
					if err := chromedp.Run(ctx, chromedp.Evaluate(`window.frames`, &to)); err != nil {
						b.Fatal(err)
					}
				}
				elapsed := time.Since(start)
				b.StopTimer()
				b.ReportMetric(float64(to-from)/elapsed.Seconds(), "frames/s")
			})
			if stop != nil {
				stop()
			}
		}
	}
}

// presentServer builds testdata/present and serves it (present.html,
// present.wasm, wasm_exec.js) until the test ends; it returns the server's
// address as http://host:port.
func presentServer(tb testing.TB) string {
	tb.Helper()
	dir := tb.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(dir, "present.wasm"), "./testdata/present")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		tb.Fatalf("building testdata/present: %v\n%s", err, out)
	}
	mux := http.NewServeMux()
	mux.Handle("/wasm_exec.js", theSite)
	mux.HandleFunc("/present.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(presentPage))
	})
	mux.HandleFunc("/present.wasm", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/wasm")
		http.ServeFile(w, r, filepath.Join(dir, "present.wasm"))
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	srv := &http.Server{Handler: mux}
	go srv.Serve(ln)
	tb.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}

// presentBrowser starts Chromium on the present page and waits until it
// has animated for a second.
func presentBrowser(b *testing.B, dev device, url string) (context.Context, func()) {
	profile, err := os.MkdirTemp("", "bashni-chromium-")
	if err != nil {
		b.Fatal(err)
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), chromiumtest.Options(int(dev.width), int(dev.height), profile)...)
	ctx, cancelCtx := chromedp.NewContext(allocCtx)
	stop := func() {
		cancelCtx()
		cancelAlloc()
		os.RemoveAll(profile)
	}
	var ready bool
	err = chromedp.Run(ctx,
		emulation.SetDeviceMetricsOverride(dev.width, dev.height, dev.scale, dev.mobile),
		chromedp.Navigate(url),
		chromedp.Poll(`document.querySelector("canvas") !== null && window.frames > 60`, &ready, chromedp.WithPollingTimeout(time.Minute)),
		chromedp.Sleep(time.Second),
	)
	if err != nil {
		stop()
		b.Fatalf("opening %s: %v", url, err)
	}
	return ctx, stop
}
