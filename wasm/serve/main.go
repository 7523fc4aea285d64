// Command serve builds the game for WebAssembly and serves it on the local
// network, or writes a folder that any static web host can serve.
//
//	go run ./wasm/serve                 # build, then serve at http://127.0.0.1:8080
//	go run ./wasm/serve -addr :9000     # another address
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
	"time"

	"bashni/wasm/site"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to serve on")
	out := flag.String("out", "", "write the static site to this folder and exit instead of serving")
	prebuilt := flag.String("wasm", "", "use this already built .wasm instead of building the game")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("serve: ")

	wasm, err := loadWasm(*prebuilt)
	if err != nil {
		log.Fatal(err)
	}
	var opts []site.Option
	if *prebuilt == "" {
		// build.json names the release the game was built from.
		opts = append(opts, site.WithRelease(site.CheckoutVersion(context.Background())))
	}
	s, err := site.New(wasm, opts...)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("main.wasm: %s raw, %s gzipped (version %s)", megabytes(len(wasm)), megabytes(s.GzipSize("main.wasm")), s.Version)

	if *out != "" {
		if err := s.WriteDir(*out); err != nil {
			log.Fatal(err)
		}
		log.Printf("wrote the site to %s: serve that folder from any static host (pre-compressed .gz files included)", *out)
		return
	}
	if err := serve(*addr, s); err != nil {
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

func serve(addr string, s *site.Site) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", addr, err)
	}
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	log.Printf("play at http://%s/ (Ctrl+C stops)", ln.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
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
