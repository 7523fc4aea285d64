// Package server is the online game server: a WebSocket endpoint speaking
// package protocol (docs/ONLINE.md), the referee of every game (package
// referee decides, package store keeps), presence, clocks, flag fall and
// abandonment, rate limits, and record downloads. One Server is one node;
// with PostgreSQL as the store and a NATS connection, any number of nodes
// serve the same games: the database is the truth and orders every change,
// NATS carries each committed change (and presence) to the other nodes that
// have players of that game.
package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jonboulle/clockwork"
	"github.com/nats-io/nats.go"
	"golang.org/x/time/rate"

	"bashni/online/protocol"
	"bashni/online/store"
)

// Config configures a node. Zero values take the defaults in brackets.
type Config struct {
	Store store.Store // required
	// NATS, when set, links this node to the others using the same
	// (PostgreSQL) store. Nil: a single node.
	NATS *nats.Conn
	// Clock is the time source of clocks, timeouts and expiry; tests
	// pass a fake one. [real time]
	Clock clockwork.Clock
	Node  string       // this node's name in logs and welcome messages [random]
	Site  string       // the Site tag of records ["bashni-server"]
	Log   *slog.Logger // [discard]

	AbandonAfter time.Duration // a seated player gone this long, while the opponent stays, loses (not correspondence games) [2m]
	ExpireIdle   time.Duration // an unfinished game unchanged this long is deleted [30 days]
	KeepFinished time.Duration // a finished game is deleted this long after it ended [30 days]
	JanitorEvery time.Duration // how often flag falls of unwatched games and expiry are checked [10s]
	Heartbeat    time.Duration // with NATS: how often a node says it is alive; three missed beats and its players count as gone [2s]
	ReadTimeout  time.Duration // a connection silent this long is closed; clients ping more often [60s]

	CreatePerMinute int     // games one address may create a minute; negative: no limit [20, burst 10]
	AttachPerMinute int     // joins, resumes and watches one address may make a minute; negative: no limit [120, burst 60]
	MessagesPerSec  float64 // messages one connection may send a second; negative: no limit [20, burst 40]
	// MaxConns bounds the connections this node holds open at once (with
	// Listener: all of them; without: its WebSockets) [what the open-file
	// limit allows: DefaultMaxConns]
	MaxConns int
	// ConnsPerAddress bounds the connections one address holds open at
	// once (an IPv6 address: its /64); negative: no limit [256, or a
	// quarter of MaxConns if less]
	ConnsPerAddress int
	TrustProxy      bool // take the client's address from X-Forwarded-For (behind a reverse proxy)
	// NoPlayerLimits turns off the rate limits of the player requests
	// (identify, set-name, claim-transfer, profile, leaderboard): for a
	// load test whose players all come from one address.
	NoPlayerLimits bool

	Lobby  LobbyConfig // seeks, pairing and the lobby (lobby.go)
	Arenas ArenaConfig // arena tournaments (arena.go)
}

func (c *Config) defaults() error {
	if c.Store == nil {
		return errors.New("server: no store")
	}
	if c.Clock == nil {
		c.Clock = clockwork.NewRealClock()
	}
	if c.Node == "" {
		var b [4]byte
		rand.Read(b[:])
		c.Node = "node-" + hex.EncodeToString(b[:])
	}
	if c.Site == "" {
		c.Site = "bashni-server"
	}
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
	setDur := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	setDur(&c.AbandonAfter, 2*time.Minute)
	setDur(&c.ExpireIdle, 30*24*time.Hour)
	setDur(&c.KeepFinished, 30*24*time.Hour)
	setDur(&c.JanitorEvery, 10*time.Second)
	setDur(&c.Heartbeat, 2*time.Second)
	setDur(&c.ReadTimeout, 60*time.Second)
	if c.ExpireIdle <= protocol.MaxDays*24*time.Hour {
		return fmt.Errorf("server: ExpireIdle %v must exceed the longest correspondence allowance (%d days)", c.ExpireIdle, protocol.MaxDays)
	}
	if c.CreatePerMinute == 0 {
		c.CreatePerMinute = 20
	}
	if c.AttachPerMinute == 0 {
		c.AttachPerMinute = 120
	}
	if c.MessagesPerSec == 0 {
		c.MessagesPerSec = 20
	}
	if c.MaxConns <= 0 {
		c.MaxConns = DefaultMaxConns()
	}
	if c.ConnsPerAddress == 0 {
		c.ConnsPerAddress = perAddressFor(c.MaxConns)
	}
	return nil
}

// Server is one node.
type Server struct {
	cfg   Config
	store store.Store
	clock clockwork.Clock
	log   *slog.Logger

	ctx     context.Context // ends when the server closes
	cancel  context.CancelFunc
	readers sync.WaitGroup // connection readers
	bg      sync.WaitGroup // janitor, cluster loops
	dead    atomic.Bool    // killed: write nothing, tell nobody

	mu     sync.Mutex
	rooms  map[string]*room
	conns  map[*conn]struct{}
	closed bool

	sockets      *counts // open WebSockets, against MaxConns and ConnsPerAddress
	createLimits *limiters
	attachLimits *limiters

	cluster *cluster // nil for a single node
	ids     *identities
	hub     *hub    // the lobby
	arenas  *arenas // arena tournaments
}

// New starts a node: its janitor and, with NATS, its part of the cluster.
func New(cfg Config) (*Server, error) {
	if err := cfg.defaults(); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{
		cfg: cfg, store: cfg.Store, clock: cfg.Clock, log: cfg.Log.With("node", cfg.Node),
		ctx: ctx, cancel: cancel,
		rooms: map[string]*room{}, conns: map[*conn]struct{}{},
		sockets:      newCounts(cfg.MaxConns, cfg.ConnsPerAddress),
		createLimits: newLimiters(cfg.CreatePerMinute, 10),
		attachLimits: newLimiters(cfg.AttachPerMinute, 60),
	}
	s.ids = newIdentities(s)
	if cfg.NATS != nil {
		c, err := newCluster(s, cfg.NATS)
		if err != nil {
			cancel()
			return nil, err
		}
		s.cluster = c
	}
	h, err := newHub(s)
	if err != nil {
		cancel()
		if s.cluster != nil {
			s.cluster.stop()
		}
		return nil, err
	}
	s.hub = h
	ar, err := newArenas(s)
	if err != nil {
		cancel()
		h.stop()
		if s.cluster != nil {
			s.cluster.stop()
		}
		return nil, err
	}
	s.arenas = ar
	s.bg.Add(1)
	go s.janitor()
	return s, nil
}

// now is the time in whole milliseconds, the resolution events store, so
// that clocks computed now and from stored events agree to the millisecond.
func (s *Server) now() time.Time { return time.UnixMilli(s.clock.Now().UnixMilli()) }

// Node is this node's name.
func (s *Server) Node() string { return s.cfg.Node }

// Handler serves the online endpoints (protocol.SocketPath, InfoPath,
// GamesPath…); mount it at the site's root or under "/online/".
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+protocol.SocketPath, s.serveSocket)
	mux.HandleFunc("GET "+protocol.InfoPath, s.serveInfo)
	mux.HandleFunc("GET "+protocol.GamesPath+"{code}", s.serveSummary)
	mux.HandleFunc("GET "+protocol.GamesPath+"{code}/record", s.serveRecord)
	mux.HandleFunc("GET "+protocol.ArenasPath+"{id}", s.serveArena)
	return mux
}

// Close ends every connection (clients see close code 1001 and resume
// elsewhere or later) and stops the node. It does not close the store or
// the NATS connection, which the caller owns.
func (s *Server) Close() { s.shutdown(true) }

// Kill stops the node as a crash would: connections drop without a close
// message and the other nodes hear nothing (its heartbeats just stop). For
// tests of a node dying mid-game.
func (s *Server) Kill() { s.shutdown(false) }

func (s *Server) shutdown(graceful bool) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	conns := make([]*conn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.mu.Unlock()
	if !graceful {
		s.dead.Store(true)
		s.cancel()
	}
	if s.cluster != nil {
		s.cluster.stop()
	}
	s.hub.stop()
	s.arenas.stop()
	for _, c := range conns {
		if graceful {
			c.close(websocketGoingAway, "the server is shutting down: reconnect and resume")
		} else {
			c.drop()
		}
	}
	s.readers.Wait()
	s.cancel()
	s.bg.Wait()
}

func (s *Server) serveInfo(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, protocol.Info{Server: "bashni-server", Protocol: protocol.Version, Node: s.cfg.Node})
}

func (s *Server) serveSummary(w http.ResponseWriter, r *http.Request) {
	rm, ok := s.roomForHTTP(w, r)
	if !ok {
		return
	}
	defer s.release(rm)
	rm.mu.Lock()
	sum := rm.state.Summary(rm.online())
	rm.mu.Unlock()
	writeJSON(w, sum)
}

func (s *Server) serveRecord(w http.ResponseWriter, r *http.Request) {
	rm, ok := s.roomForHTTP(w, r)
	if !ok {
		return
	}
	defer s.release(rm)
	rm.mu.Lock()
	rec, id := rm.state.Record(s.cfg.Site, [2]string{rm.players[0].Name, rm.players[1].Name}), rm.id // players: White, Black
	rm.mu.Unlock()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="bashni-%s.pdn"`, id))
	w.Write([]byte(rec))
}

func (s *Server) roomForHTTP(w http.ResponseWriter, r *http.Request) (*room, bool) {
	if !s.attachLimits.allow(s.clientIP(r)) {
		httpError(w, http.StatusTooManyRequests, protocol.Errorf(protocol.ErrRateLimited, "too many requests: wait a minute"))
		return nil, false
	}
	code, err := protocol.NormalizeCode(r.PathValue("code"))
	if err != nil {
		httpError(w, http.StatusBadRequest, err)
		return nil, false
	}
	rm, err := s.acquire(r.Context(), code)
	if err != nil {
		status := http.StatusServiceUnavailable
		if isCode(err, protocol.ErrNotFound) {
			status = http.StatusNotFound
		}
		httpError(w, status, err)
		return nil, false
	}
	return rm, true
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(v)
}

func httpError(w http.ResponseWriter, status int, err error) {
	var pe *protocol.Error
	if !errors.As(err, &pe) {
		pe = protocol.Errorf(protocol.ErrUnavailable, "%v", err)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(protocol.ServerMessage{Type: protocol.TypeError, Code: pe.Code, Message: pe.Message})
}

// clientIP is the address rate limits are kept for.
func (s *Server) clientIP(r *http.Request) string {
	if s.cfg.TrustProxy {
		if f := r.Header.Get("X-Forwarded-For"); f != "" {
			// The proxy appends the address it saw last.
			parts := strings.Split(f, ",")
			return strings.TrimSpace(parts[len(parts)-1])
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// limiters are token buckets per client address.
type limiters struct {
	mu     sync.Mutex
	limit  rate.Limit
	burst  int
	byAddr map[string]*limiterEntry
}

type limiterEntry struct {
	l    *rate.Limiter
	seen time.Time
}

func newLimiters(perMinute, burst int) *limiters {
	if perMinute < 0 {
		return nil
	}
	return &limiters{limit: rate.Limit(float64(perMinute) / 60), burst: burst, byAddr: map[string]*limiterEntry{}}
}

func (l *limiters) allow(addr string) bool {
	if l == nil {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	e := l.byAddr[addr]
	if e == nil {
		e = &limiterEntry{l: rate.NewLimiter(l.limit, l.burst)}
		l.byAddr[addr] = e
	}
	e.seen = time.Now()
	return e.l.Allow()
}

// sweep forgets addresses not seen for a while (their buckets are full).
func (l *limiters) sweep(olderThan time.Duration) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for a, e := range l.byAddr {
		if time.Since(e.seen) > olderThan {
			delete(l.byAddr, a)
		}
	}
}
