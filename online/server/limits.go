package server

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"time"

	"bashni/online/protocol"
)

// fdReserve is how many file descriptors the default -max-conns leaves for
// everything but connections: the listeners, the database's files (SQLite's
// file, WAL, shared memory and lock for two connections) or PostgreSQL's
// pool, NATS, the runtime's own, and the refusals in progress.
const fdReserve = 128

// maxConnsCap bounds the default when the open-file limit is unlimited.
const maxConnsCap = 1 << 20

// maxConnsFor is the default for Config.MaxConns given the soft limit on
// open files: every descriptor but fdReserve (half of a limit too small for
// that), so that the node refuses connections before it runs out of files
// for its listener and database.
func maxConnsFor(openFiles uint64) int {
	n := openFiles / 2
	if openFiles > 2*fdReserve {
		n = openFiles - fdReserve
	}
	return int(max(1, min(n, maxConnsCap)))
}

// DefaultMaxConns is the default of Config.MaxConns for this process: what
// its open-file limit allows (maxConnsFor).
func DefaultMaxConns() int { return maxConnsFor(openFileLimit()) }

// maxPerAddress is the most connections per address by default; a quarter
// of MaxConns when that is less.
const maxPerAddress = 256

// perAddressFor is the default for Config.ConnsPerAddress given MaxConns.
func perAddressFor(maxConns int) int {
	return max(1, min(maxPerAddress, maxConns/4))
}

// addressKey is what the per-address limit counts by: the IPv4 address, or
// an IPv6 address's /64 (one host, or one household, gets a whole /64, as
// one IPv4 address behind NAT).
func addressKey(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.Unmap()
	if a.Is4() {
		return a.String()
	}
	p, err := a.WithZone("").Prefix(64)
	if err != nil {
		return ip
	}
	return p.String()
}

// counts counts open connections, in all and per address, against the
// node's limits.
type counts struct {
	max, perAddress int // perAddress < 0: no limit
	mu              sync.Mutex
	total           int
	byAddress       map[string]int
}

func newCounts(max, perAddress int) *counts {
	return &counts{max: max, perAddress: perAddress, byAddress: map[string]int{}}
}

// take counts one more connection from key unless a limit is reached; the
// status says which (429 for the address's, 503 for the node's).
func (c *counts) take(key string) (status int, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.total >= c.max {
		return http.StatusServiceUnavailable, false
	}
	if c.perAddress >= 0 && c.byAddress[key] >= c.perAddress {
		return http.StatusTooManyRequests, false
	}
	c.total++
	c.byAddress[key]++
	return 0, true
}

func (c *counts) give(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total--
	if c.byAddress[key]--; c.byAddress[key] <= 0 {
		delete(c.byAddress, key)
	}
}

// refusal is the error a refused connection is answered with.
func refusal(status int) *protocol.Error {
	if status == http.StatusTooManyRequests {
		return protocol.Errorf(protocol.ErrRateLimited, "too many connections from your address: close some and try again")
	}
	return protocol.Errorf(protocol.ErrUnavailable, "this server takes no more connections now: try again later")
}

// reserveSocket counts a WebSocket about to be accepted, or answers the
// request with 429 or 503 and returns false. Behind a proxy (TrustProxy)
// this is the only per-address limit: the listener sees one address, the
// proxy's.
func (s *Server) reserveSocket(w http.ResponseWriter, ip string) bool {
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		httpError(w, http.StatusServiceUnavailable, protocol.Errorf(protocol.ErrUnavailable, "the server is shutting down: try again later"))
		return false
	}
	if status, ok := s.sockets.take(addressKey(ip)); !ok {
		httpError(w, status, refusal(status))
		return false
	}
	return true
}

// releaseSocket uncounts a WebSocket reserveSocket counted.
func (s *Server) releaseSocket(ip string) { s.sockets.give(addressKey(ip)) }

// refusers bounds the refused connections being answered at once; past it a
// refused connection is closed without an answer. Each holds its file for
// at most refuseLinger.
const refusers = 16

// refuseLinger is how long a refused connection is kept open to answer it:
// the answer is written, then the request read and dropped until the
// client closes, so that closing does not reset the connection (and lose
// the answer) while the request is unread.
const refuseLinger = time.Second

// Listener wraps ln, the node's listener, so that it holds at most
// MaxConns connections in all and ConnsPerAddress from one address (not
// behind a proxy: there every connection is the proxy's): a connection past
// a limit is refused as soon as it is accepted, before the HTTP server sees
// it, so that one address cannot take every file the process may open.
// Over plain HTTP its request's head is read and answered with 429 (its
// address's limit) or 503 (the node's) and an error (rate-limited or
// unavailable), by at most refusers at once, each for at most
// refuseLinger; over TLS (tls: the caller serves TLS on the returned
// listener) it is just closed: an answer would cost a handshake.
func (s *Server) Listener(ln net.Listener, tls bool) net.Listener {
	perAddress := s.cfg.ConnsPerAddress
	if s.cfg.TrustProxy {
		perAddress = -1
	}
	return &limitListener{Listener: ln, counts: newCounts(s.cfg.MaxConns, perAddress), answer: !tls,
		refusing: make(chan struct{}, refusers)}
}

type limitListener struct {
	net.Listener
	counts   *counts
	answer   bool
	refusing chan struct{} // a slot per refusal being answered
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := ""
		if a, ok := c.RemoteAddr().(*net.TCPAddr); ok {
			key = addressKey(a.IP.String())
		}
		status, ok := l.counts.take(key)
		if ok {
			return &countedConn{Conn: c, counts: l.counts, key: key}, nil
		}
		l.refuse(c, status)
	}
}

// refuse answers a connection past a limit and closes it, without holding
// up Accept.
func (l *limitListener) refuse(c net.Conn, status int) {
	if !l.answer {
		c.Close()
		return
	}
	select {
	case l.refusing <- struct{}{}:
	default:
		c.Close() // refusals come faster than they can be answered
		return
	}
	go func() {
		defer func() { <-l.refusing }()
		defer c.Close()
		c.SetDeadline(time.Now().Add(refuseLinger))
		// The request's head first: HTTP clients take an answer that
		// comes before their request for a broken connection.
		var buf [1024]byte
		head := make([]byte, 0, 4096)
		for !bytes.Contains(head, []byte("\r\n\r\n")) && len(head) < cap(head)-len(buf) {
			n, err := c.Read(buf[:])
			head = append(head, buf[:n]...)
			if err != nil {
				return
			}
		}
		if _, err := c.Write(refusalResponse[status]); err != nil {
			return
		}
		// Then close our side and read what else comes until the client
		// closes: closing with unread data would reset the connection, and
		// a reset can reach the client before the answer.
		if cw, ok := c.(interface{ CloseWrite() error }); ok {
			cw.CloseWrite()
		}
		for {
			if _, err := c.Read(buf[:]); err != nil {
				return
			}
		}
	}()
}

// refusalResponse is the whole HTTP answer to a refused connection, by
// status.
var refusalResponse = map[int][]byte{
	http.StatusTooManyRequests:    httpResponse(http.StatusTooManyRequests),
	http.StatusServiceUnavailable: httpResponse(http.StatusServiceUnavailable),
}

func httpResponse(status int) []byte {
	pe := refusal(status)
	body := encode(protocol.ServerMessage{Type: protocol.TypeError, Code: pe.Code, Message: pe.Message})
	return fmt.Appendf(nil, "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s",
		status, http.StatusText(status), len(body), body)
}

// countedConn gives its place back when closed (also after a WebSocket
// upgrade has taken it over from the HTTP server).
type countedConn struct {
	net.Conn
	counts *counts
	key    string
	once   sync.Once
}

func (c *countedConn) Close() error {
	c.once.Do(func() { c.counts.give(c.key) })
	return c.Conn.Close()
}

// CloseWrite and ReadFrom pass on what the HTTP server looks for in a TCP
// connection: closing one way before closing (so that an answer is not
// lost to a reset) and copying files without reading them in.

func (c *countedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return errors.ErrUnsupported
}

func (c *countedConn) ReadFrom(r io.Reader) (int64, error) { return io.Copy(c.Conn, r) }

// Limits are the node's connection limits in force: MaxConns and
// ConnsPerAddress after defaults (negative: no limit).
func (s *Server) Limits() (maxConns, perAddress int) {
	return s.cfg.MaxConns, s.cfg.ConnsPerAddress
}
