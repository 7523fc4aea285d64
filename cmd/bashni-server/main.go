// Command bashni-server serves the browser game and online games: send a
// friend a link and play. One binary; by default one node with its games in
// a SQLite file. With -db postgres://… and -nats nats://… any number of
// nodes serve the same games (docs/ONLINE.md, docs/SERVER.md).
//
//	go run ./cmd/bashni-server                      # http://127.0.0.1:8080
//	go run ./cmd/bashni-server -addr :8080 -db /var/lib/bashni/games.db
//	go run ./cmd/bashni-server -db postgres://… -nats nats://… -node a
package main

import (
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"

	"bashni/online/arena"
	"bashni/online/server"
	"bashni/online/store"
	"bashni/version"
	"bashni/wasm/site"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("bashni-server: ")
	server.TuneGC()
	if err := run(); err != nil {
		log.Fatal(err)
	}
}

func run() error {
	var (
		addr      = flag.String("addr", "127.0.0.1:8080", "address to serve on (\":8080\" for every interface)")
		db        = flag.String("db", "bashni-games.db", "where games are kept: a SQLite file, or postgres://user@host/db for several nodes")
		natsURL   = flag.String("nats", "", "NATS server linking the nodes (nats://host:4222); needs a postgres:// -db")
		node      = flag.String("node", "", "this node's name in logs (default: the host name and a random suffix)")
		tlsCert   = flag.String("tls-cert", "", "serve HTTPS with this certificate (PEM; with -tls-key)")
		tlsKey    = flag.String("tls-key", "", "the certificate's private key (PEM)")
		wasmPath  = flag.String("wasm", "", "serve this prebuilt main.wasm instead of building the game")
		webDir    = flag.String("web", "", "serve the browser game from this folder, a site written by wasm/serve -out (default: web/ beside this program, as in the server download; without one the game is built from the checkout)")
		withSite  = flag.Bool("site", true, "serve the browser game too (false: online endpoints only)")
		abandon   = flag.Duration("abandon-after", 2*time.Minute, "a player gone this long while the opponent waits loses (live and untimed games)")
		idle      = flag.Duration("expire-idle", 30*24*time.Hour, "delete unfinished games unchanged for this long")
		keep      = flag.Duration("keep-finished", 30*24*time.Hour, "delete finished games (and their records) this long after the end")
		createMin = flag.Int("create-per-minute", 20, "games one address may create a minute (-1: no limit)")
		attachMin = flag.Int("attach-per-minute", 120, "joins, resumes and watches one address may make a minute (-1: no limit)")
		msgSec    = flag.Float64("messages-per-second", 20, "messages one connection may send a second (-1: no limit)")
		maxConns  = flag.Int("max-conns", 0, fmt.Sprintf("connections this node holds open at once (0: what the open-file limit allows, here %d)", server.DefaultMaxConns()))
		perAddr   = flag.Int("conns-per-address", 0, "connections one address (an IPv6 /64) may hold open at once (0: 256, or a quarter of -max-conns if less; -1: no limit)")
		proxy     = flag.Bool("trust-proxy", false, "behind a reverse proxy: rate-limit by X-Forwarded-For")
		firstMove = flag.Duration("first-move", 30*time.Second, "a game paired in the lobby is aborted when a side's first move takes longer (-1s: never)")
		seekMin   = flag.Int("seeks-per-minute", 30, "seeks and quick pairings one address may ask for a minute (-1: no limit)")
		arenas    = flag.String("arenas", "default", "the arenas the server makes: \"default\" (an hourly Bashni blitz, a daily Lasca rapid), \"none\", or a JSON file of schedules (docs/ONLINE.md, Arenas)")
		arenaHour = flag.Int("arenas-per-hour", 4, "arenas one address may create an hour (-1: no limit)")
		debugAddr = flag.String("debug-addr", "", "serve /debug/stats and /debug/pprof/ here (keep it on loopback)")
		showVer   = flag.Bool("version", false, "print the version and exit")
	)
	flag.Parse()
	if *showVer {
		fmt.Println("bashni-server", version.Get())
		return nil
	}
	if (*tlsCert == "") != (*tlsKey == "") {
		return errors.New("-tls-cert and -tls-key go together")
	}
	if *natsURL != "" && !isPostgres(*db) {
		return errors.New("-nats links nodes that share a PostgreSQL database: give -db postgres://…")
	}
	if *node == "" {
		host, _ := os.Hostname()
		*node = fmt.Sprintf("%s-%d", host, os.Getpid())
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	st, err := store.Open(ctx, *db)
	if err != nil {
		return err
	}
	defer st.Close()
	var nc *nats.Conn
	if *natsURL != "" {
		nc, err = nats.Connect(*natsURL, nats.Name("bashni-server "+*node), nats.MaxReconnects(-1))
		if err != nil {
			return fmt.Errorf("connecting to NATS at %s: %w", *natsURL, err)
		}
		defer nc.Close()
	}
	if fit := server.DefaultMaxConns(); *maxConns > fit {
		log.Printf("warning: -max-conns %d is more than the open-file limit allows (%d): past that, connections wait for files and new players wait with them", *maxConns, fit)
	}
	arenaCfg := server.ArenaConfig{CreatePerHour: *arenaHour}
	switch *arenas {
	case "default":
	case "none":
		arenaCfg.NoSchedule = true
	default:
		data, err := os.ReadFile(*arenas)
		if err != nil {
			return fmt.Errorf("-arenas: %w", err)
		}
		if arenaCfg.Schedules, err = arena.ParseSchedules(data); err != nil {
			return fmt.Errorf("-arenas %s: %w", *arenas, err)
		}
		arenaCfg.NoSchedule = len(arenaCfg.Schedules) == 0
	}
	srv, err := server.New(server.Config{
		Store: st, NATS: nc, Node: *node, Log: logger,
		AbandonAfter: *abandon, ExpireIdle: *idle, KeepFinished: *keep,
		CreatePerMinute: *createMin, AttachPerMinute: *attachMin, MessagesPerSec: *msgSec,
		MaxConns: *maxConns, ConnsPerAddress: *perAddr, TrustProxy: *proxy,
		Lobby:  server.LobbyConfig{FirstMove: *firstMove, SeeksPerMinute: *seekMin},
		Arenas: arenaCfg,
	})
	if err != nil {
		return err
	}

	mux := http.NewServeMux()
	mux.Handle("/online/", srv.Handler())
	if *withSite {
		s, err := buildSite(ctx, *webDir, *wasmPath)
		if err != nil {
			return err
		}
		mux.Handle("/", s)
	}
	if *debugAddr != "" {
		go serveDebug(*debugAddr, srv)
	}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", *addr, err)
	}
	// Connections past -max-conns or -conns-per-address are refused as
	// they are accepted, before the HTTP server spends anything on them.
	ln = srv.Listener(ln, *tlsCert != "")
	hs := &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		// No read or write timeout: game connections are long-lived; the
		// online handler times out silent WebSockets itself.
		ErrorLog: log.New(os.Stderr, "bashni-server http: ", 0),
	}
	scheme := "http"
	if *tlsCert != "" {
		scheme = "https"
		hs.TLSConfig = &tls.Config{MinVersion: tls.VersionTLS12}
	}
	store := "SQLite file " + *db
	if isPostgres(*db) {
		store = "PostgreSQL"
	}
	if nc != nil {
		store += ", linked to other nodes through NATS"
	}
	conns, per := srv.Limits()
	perText := fmt.Sprint(per)
	switch {
	case per < 0:
		perText = "no limit"
	case *proxy:
		perText += " WebSockets (by X-Forwarded-For)"
	}
	log.Printf("node %s: games in %s; up to %d connections, per address %s; play at %s://%s/ (Ctrl+C stops)",
		*node, store, conns, perText, scheme, ln.Addr())

	errc := make(chan error, 1)
	go func() {
		if *tlsCert != "" {
			errc <- hs.ServeTLS(ln, *tlsCert, *tlsKey)
		} else {
			errc <- hs.Serve(ln)
		}
	}()
	select {
	case err := <-errc:
		srv.Close()
		return err
	case <-ctx.Done():
	}
	log.Print("stopping: players are told to reconnect")
	srv.Close()
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return hs.Shutdown(shutdown)
}

func isPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// buildSite assembles the browser game as wasm/serve does, or loads the
// one a release built (findSite).
func buildSite(ctx context.Context, webDir, prebuilt string) (http.Handler, error) {
	if dir, err := findSite(webDir, prebuilt); dir != "" || err != nil {
		if err != nil {
			return nil, err
		}
		return loadSite(dir)
	}
	var game []byte
	var err error
	if prebuilt != "" {
		game, err = os.ReadFile(prebuilt)
	} else {
		log.Print("building the game for js/wasm (-wasm FILE skips this)…")
		start := time.Now()
		game, err = site.BuildGame(ctx)
		if err == nil {
			log.Printf("built in %.1f s", time.Since(start).Seconds())
		}
	}
	if err != nil {
		return nil, err
	}
	// The game is sent with Brotli at its best quality, compressed once
	// per build and kept in the user's cache folder.
	return site.NewWithOptions(game, site.Options{BrotliQuality: site.BestBrotliQuality, BrotliCache: site.CacheDir(), Gzip: site.GzipBestIfInstalled})
}

// serveDebug serves the node's figures and Go's profiler on a separate
// listener, for operators and the load benchmark.
func serveDebug(addr string, srv *server.Server) {
	log.Printf("debug figures at http://%s/debug/stats", addr)
	if err := http.ListenAndServe(addr, srv.DebugHandler()); err != nil {
		log.Printf("debug listener: %v", err)
	}
}
