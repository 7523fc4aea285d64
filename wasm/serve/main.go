// Command serve builds the game for WebAssembly and serves it on this
// computer (the loopback address 127.0.0.1:8080 unless -addr says
// otherwise), or writes a folder that any static web host can serve.
//
//	go run ./wasm/serve                 # build, then serve at http://127.0.0.1:8080
//	go run ./wasm/serve -addr :9000     # another address (":9000" is every interface)
//	go run ./wasm/serve -out dist/      # write a static site to dist/ and exit
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"bashni/wasm/site"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to serve on")
	out := flag.String("out", "", "write the static site to this folder and exit instead of serving")
	prebuilt := flag.String("wasm", "", "use this already built .wasm instead of building the game")
	quality := flag.Int("brotli", site.BestBrotliQuality, "Brotli quality 1-11 of the game: 11 takes minutes the first time a build is served and is kept in the user's cache folder for later starts; 5 takes seconds")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("serve: ")

	wasm, err := loadWasm(*prebuilt)
	if err != nil {
		log.Fatal(err)
	}
	// The game's Brotli copy is made once per build and quality and kept,
	// and so is its gzip copy, made with libdeflate where it is installed:
	// a site written for publishing needs it (main.wasm.gz is what a plain
	// static host's visitors download).
	opts := site.Options{BrotliQuality: *quality, BrotliCache: site.CacheDir(), Gzip: site.GzipBestIfInstalled}
	if *out != "" {
		opts.Gzip = site.GzipBest
	}
	if *prebuilt == "" {
		// build.json names the release the game was built from.
		opts.Release = site.CheckoutVersion(context.Background())
	}
	start := time.Now()
	log.Printf("compressing the game with Brotli at quality %d (cached in %s)…", opts.BrotliQuality, opts.BrotliCache)
	s, err := site.NewWithOptions(wasm, opts)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("%s: %s raw, %s gzipped, %s with Brotli (compressed in %.1f s; version %s)",
		s.WasmName, megabytes(len(wasm)), megabytes(s.GzipSize(s.WasmName)), megabytes(s.BrotliSize(s.WasmName)), time.Since(start).Seconds(), s.Version)
	br, gz, raw := s.TransferSizes()
	log.Printf("a first visit downloads %s with Brotli, %s with gzip, %s uncompressed", megabytes(br), megabytes(gz), megabytes(raw))

	if *out != "" {
		if err := s.WriteDir(*out); err != nil {
			log.Fatal(err)
		}
		log.Printf("wrote the site to %s: serve that folder from any static host (pre-compressed .br and .gz files included)", *out)
		return
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("listening on %s: %v", *addr, err)
	}
	log.Printf("play at http://%s/ (Ctrl+C stops)", ln.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, ln, s, defaultTimeouts); err != nil {
		log.Fatal(err)
	}
}

func loadWasm(prebuilt string) ([]byte, error) {
	if prebuilt != "" {
		b, err := os.ReadFile(prebuilt)
		if err != nil {
			return nil, fmt.Errorf("reading the prebuilt game: %w", err)
		}
		return b, nil
	}
	log.Print("building the game for js/wasm…")
	start := time.Now()
	b, err := site.BuildGame(context.Background())
	if err != nil {
		return nil, err
	}
	log.Printf("built in %.1f s", time.Since(start).Seconds())
	return b, nil
}

// timeouts bound what one connection can hold.
type timeouts struct {
	// readHeader and read bound how long a request may take to arrive.
	readHeader, read time.Duration
	// write bounds sending one response: the game is a few megabytes, so
	// it allows for a slow phone connection.
	write time.Duration
	// idle is how long a kept-alive connection may wait for its next
	// request before it is closed.
	idle time.Duration
}

var defaultTimeouts = timeouts{readHeader: 10 * time.Second, read: 30 * time.Second, write: 5 * time.Minute, idle: time.Minute}

// serve serves s on ln until ctx is done, then shuts down within a few
// seconds.
func serve(ctx context.Context, ln net.Listener, h http.Handler, t timeouts) error {
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: t.readHeader,
		ReadTimeout:       t.read,
		WriteTimeout:      t.write,
		IdleTimeout:       t.idle,
	}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func megabytes(n int) string { return fmt.Sprintf("%.2f MB", float64(n)/1e6) }
