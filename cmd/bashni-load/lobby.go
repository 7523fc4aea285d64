package main

// The lobby's load (-lobby): -players connections to one node, -watchers of
// them watching the lobby, and -seeks seeks a minute, each opened by one
// player's quick pairing and taken by another's of the same kind. It
// reports the seek-to-pairing time (from the taker's request until both
// players hold their seats) and how long the seek's arrival took to reach
// each watcher (from the seeker's request until the lobby update that
// shows it).

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"bashni/online/protocol"
)

type lobbyOptions struct {
	players, watchers, seeksPerMinute int
	every                             time.Duration
	// seekers is how many of the players open and take the seeks, in a
	// process of their own (seekers.go); 0: all in the load's process.
	seekers int
	// server2 is a second node of the same cluster (PostgreSQL + NATS):
	// player i connects to -server when i is even, to server2 when odd,
	// so half the players are on each and every seek is opened on one
	// node and taken on the other (pair takes neighbours).
	server2 string
	// nodes is 2 for a cluster the load starts itself (startCluster):
	// the same as -server and -server2 on its own nodes.
	nodes int
}

// lobbyEveryEnv passes -lobby-every to the child node.
const lobbyEveryEnv = "BASHNI_LOAD_LOBBY_EVERY"

// histogram counts durations in 1 ms buckets up to its size, beyond in
// the last one; safe for concurrent use.
type histogram struct {
	buckets [10001]atomic.Int64
	max     atomic.Int64 // ns
}

func (h *histogram) add(d time.Duration) {
	i := min(int(d/time.Millisecond), len(h.buckets)-1)
	h.buckets[max(i, 0)].Add(1)
	for {
		m := h.max.Load()
		if int64(d) <= m || h.max.CompareAndSwap(m, int64(d)) {
			return
		}
	}
}

func (h *histogram) reset() {
	for i := range h.buckets {
		h.buckets[i].Store(0)
	}
	h.max.Store(0)
}

// quantiles returns the count, the quantiles asked for (ms, bucket upper
// bounds) and the share at or under within.
func (h *histogram) quantiles(within time.Duration, qs ...float64) (int64, []float64, float64) {
	var n int64
	counts := make([]int64, len(h.buckets))
	for i := range h.buckets {
		counts[i] = h.buckets[i].Load()
		n += counts[i]
	}
	out := make([]float64, len(qs))
	if n == 0 {
		return 0, out, 0
	}
	var under int64
	for i := 0; i < int(within/time.Millisecond) && i < len(counts); i++ {
		under += counts[i]
	}
	for k, q := range qs {
		target := int64(q * float64(n))
		var acc int64
		for i, c := range counts {
			acc += c
			if acc > target {
				out[k] = float64(i + 1)
				break
			}
		}
	}
	return n, out, float64(under) / float64(n)
}

// lconn is one simulated player.
type lconn struct {
	ws      *websocket.Conn
	answers chan lmsg // answers to requests
	id      atomic.Int64
}

// seatWait is a paired game's owner seat: when the seek's owner was seated
// (seated without re), whichever player that was. A taker's quick pairing
// may take another pair's seek of the same kind, and that seek's owner is
// the one to wait for.
type seatWait struct {
	once sync.Once
	done chan struct{}
	at   time.Time // set before done is closed
}

// lmsg is the little of a server message the load reads.
type lmsg struct {
	Type    string `json:"type"`
	Re      int64  `json:"re"`
	Game    string `json:"game"`
	Code    string `json:"code"`
	Message string `json:"message"`
	Seek    *struct {
		ID string `json:"id"`
	} `json:"seek"`
}

var (
	lobbyUpdatePrefix = []byte(`{"type":"lobby-update"`)
	seekPrefix        = []byte(`{"id":"`)
)

// seekTrack is one seek's opening time, and the watchers' arrivals that
// came before it was known.
type seekTrack struct {
	sent  atomic.Int64 // UnixNano; 0 until known
	mu    sync.Mutex   // guards early, and sent's first store
	early []time.Time
}

type lobbyLoad struct {
	urls     []string // the nodes: player i connects to urls[i%len(urls)]
	conns    []*lconn
	tracks   sync.Map // seek id → *seekTrack
	pairing  histogram
	visible  histogram
	opened   atomic.Int64
	paired   atomic.Int64
	failures atomic.Int64
	broken   atomic.Int64
	lastErr  atomic.Value
	onOpened func(id string, sent time.Time) // the seekers' process tells its parent
	from     atomic.Int64                    // arrivals count for seeks opened from then on (UnixNano)
	updates  atomic.Int64                    // lobby-update messages received
	seats    sync.Map                        // game → *seatWait
	// A taker whose quick pairing found no seek opens one instead (with
	// two nodes: the seek it was to take not yet known where it asked),
	// and waits until someone takes it: its pairing is timed until then.
	seekSeats sync.Map     // seek id → *seatWait: when its owner was seated
	missed    atomic.Int64 // takers that opened a seek instead
	unpaired  atomic.Int64 // of those, still waiting when the run ended
}

func (l *lobbyLoad) seat(game string) *seatWait {
	if w, ok := l.seats.Load(game); ok {
		return w.(*seatWait)
	}
	w, _ := l.seats.LoadOrStore(game, &seatWait{done: make(chan struct{})})
	return w.(*seatWait)
}

func (l *lobbyLoad) seekSeat(id string) *seatWait {
	if w, ok := l.seekSeats.Load(id); ok {
		return w.(*seatWait)
	}
	w, _ := l.seekSeats.LoadOrStore(id, &seatWait{done: make(chan struct{})})
	return w.(*seatWait)
}

// seated: a seek's owner was seated in game at now.
func (l *lobbyLoad) seated(game, seek string, now time.Time) {
	for _, w := range []*seatWait{l.seat(game), l.seekSeat(seek)} {
		w.once.Do(func() {
			w.at = now
			close(w.done)
		})
	}
}

func runLobby(o options, lo lobbyOptions) error {
	lo.watchers = min(lo.watchers, lo.players)
	need := uint64(lo.players + fdMargin) // one connection a player
	limit := raiseFileLimit(need)
	log.Printf("open files limit: %d (%d players need %d here and about as many in the server)", limit, lo.players, need)
	if limit < need {
		return fmt.Errorf("the open-file limit %d allows at most %d players: raise it (ulimit -n) or use -players %d", limit, limit-fdMargin, limit-fdMargin)
	}
	if o.serverURL == "" && lo.every > 0 {
		os.Setenv(lobbyEveryEnv, lo.every.String()) // the child started next inherits it
	}
	if lo.server2 != "" && o.serverURL == "" {
		return fmt.Errorf("-server2 needs -server: start both nodes of the cluster first, or use -nodes 2 (docs/ONLINE.md \"The lobby's load benchmark\")")
	}
	var pids []int // the nodes' processes, when they are ours: their CPU is measured
	natsPID := 0   // the NATS server's (-nodes 2)
	debugURLs := []string{o.debugURL}
	switch lo.nodes {
	case 1:
		stopServer, serverPID, err := useServer(&o)
		if err != nil {
			return err
		}
		defer stopServer()
		debugURLs[0] = o.debugURL
		if serverPID != 0 {
			pids = append(pids, serverPID)
		}
	case 2:
		if o.serverURL != "" {
			return fmt.Errorf("-nodes 2 starts its own nodes: give it no -server (or give -server and -server2 without -nodes)")
		}
		c, err := startCluster(2)
		if err != nil {
			return err
		}
		defer c.stop()
		o.serverURL, lo.server2 = c.nodes[0].url, c.nodes[1].url
		debugURLs = []string{c.nodes[0].debugURL, c.nodes[1].debugURL}
		pids = c.pids()
		natsPID = c.nats.cmd.Process.Pid
	default:
		return fmt.Errorf("-nodes %d: the load runs one node or two", lo.nodes)
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	l := &lobbyLoad{urls: []string{strings.Replace(o.serverURL, "http", "ws", 1) + protocol.SocketPath}}
	if lo.server2 != "" {
		l.urls = append(l.urls, strings.Replace(lo.server2, "http", "ws", 1)+protocol.SocketPath)
	}
	// The seekers' players in a process of their own (seekers.go), the
	// others here: the first watchers of each watch the lobby.
	here, seekers := lo, lo
	if lo.seekers > 0 {
		if lo.seekers < 2 || lo.seekers > lo.players {
			return fmt.Errorf("-seekers %d: want 0, or 2 to -players (%d)", lo.seekers, lo.players)
		}
		here.players = lo.players - lo.seekers
		here.watchers = min(lo.watchers, here.players)
		seekers.players, seekers.watchers = lo.seekers, lo.watchers-here.watchers
	}
	start := time.Now()
	var sk *seekersChild
	if lo.seekers > 0 {
		var err error
		sk, err = startSeekers(seekersConfig{URLs: l.urls, Players: seekers.players, Watchers: seekers.watchers, SeeksPerMinute: lo.seeksPerMinute, Setups: o.setups})
		if err != nil {
			return err
		}
		defer sk.stop()
	}
	if err := l.connect(ctx, here, o.setups); err != nil {
		return err
	}
	log.Printf("%d players connected, %d watching the lobby, after %.1f s; pairing %d seeks a minute for %v…", lo.players, lo.watchers, time.Since(start).Seconds(), lo.seeksPerMinute, o.measure)
	var serverCPU0, selfCPU0, natsCPU0 time.Duration
	measuring := func(from time.Time) {
		l.resetFigures()
		l.from.Store(from.UnixNano())
		serverCPU0, selfCPU0, natsCPU0 = cpuTimes(pids), cpuTime(os.Getpid())+cpuTime(sk.pid()), cpuTime(natsPID)
	}
	if sk != nil {
		if err := sk.run(l, 5*time.Second, o.measure, measuring); err != nil {
			return err
		}
	} else {
		l.phases(ctx, lo, 5*time.Second, o.measure, measuring)
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	serverCPU, selfCPU, natsCPU := cpuTimes(pids)-serverCPU0, cpuTime(os.Getpid())+cpuTime(sk.pid())-selfCPU0, cpuTime(natsPID)-natsCPU0
	var fulls []stats
	for _, u := range debugURLs {
		if full, err := fetchStats(u); err == nil {
			fulls = append(fulls, full)
		}
	}
	cancel()

	n, pq, pIn := l.pairing.quantiles(100*time.Millisecond, 0.5, 0.9, 0.99)
	vn, vq, vIn := l.visible.quantiles(time.Second, 0.5, 0.9, 0.99)
	every := "250ms (the default)"
	if lo.every > 0 {
		every = lo.every.String()
	}
	fmt.Printf("\n== bashni-load -lobby: %d players, %d watching the lobby, %d seeks a minute, lobby updates every %s, measured %v\n",
		lo.players, lo.watchers, lo.seeksPerMinute, every, o.measure)
	if lo.seekers > 0 {
		fmt.Printf("seekers:               %d of the players open and take the seeks, in a process of their own (-seekers)\n", lo.seekers)
	}
	if len(l.urls) > 1 {
		fmt.Printf("nodes:                 %d, the players alternating between them: every seek opened on one node and taken on the other\n", len(l.urls))
	}
	fmt.Printf("seeks opened:          %d, paired %d (%.0f a minute), %d failures, %d broken connections\n",
		l.opened.Load(), l.paired.Load(), float64(l.paired.Load())/o.measure.Minutes(), l.failures.Load(), l.broken.Load())
	fmt.Printf("takers without a seek: %d found none of their kind where they asked and opened one (timed until it was taken; %d still waiting at the end, not timed)\n",
		l.missed.Load(), l.unpaired.Load())
	if e, ok := l.lastErr.Load().(string); ok && e != "" {
		fmt.Printf("last failure:          %s\n", e)
	}
	fmt.Printf("seek to pairing:       %d pairings: p50 ≤%.0f ms, p90 ≤%.0f ms, p99 ≤%.0f ms, max %.1f ms; %.2f%% within 100 ms\n",
		n, pq[0], pq[1], pq[2], float64(l.pairing.max.Load())/1e6, 100*pIn)
	fmt.Printf("lobby update arrival:  %d (seek, watcher) arrivals: p50 ≤%.0f ms, p90 ≤%.0f ms, p99 ≤%.0f ms, max %.1f ms; %.3f%% within 1 s\n",
		vn, vq[0], vq[1], vq[2], float64(l.visible.max.Load())/1e6, 100*vIn)
	if want := l.opened.Load() * int64(lo.watchers); want > 0 {
		fmt.Printf("arrivals expected:     %d (every seek at every watcher): %.2f%% arrived\n", want, 100*float64(vn)/float64(want))
	}
	if serverCPU > 0 {
		fmt.Printf("CPU while measuring:   server %.1f s (%d nodes), simulated players %.1f s, in %v (%.2f cores together, NATS included)\n",
			serverCPU.Seconds(), len(pids), selfCPU.Seconds(), o.measure, (serverCPU+selfCPU+natsCPU).Seconds()/o.measure.Seconds())
		if natsPID != 0 {
			fmt.Printf("                       NATS server %.1f s (PostgreSQL's CPU is not counted)\n", natsCPU.Seconds())
		}
		if u := l.updates.Load(); u > 0 {
			fmt.Printf("lobby-update messages: %d received; server CPU %.1f µs and players' %.1f µs per message, all work included (independent of other load)\n",
				u, float64(serverCPU.Microseconds())/float64(u), float64(selfCPU.Microseconds())/float64(u))
		}
	}
	for _, full := range fulls {
		fmt.Printf("server:                %d connections, %d games in memory, heap %.0f MB, resident %.0f MB, %d goroutines\n",
			full.Connections, full.Games, mb(full.HeapBytes), mb(full.RSSBytes), full.Goroutines)
	}
	fmt.Printf("machine:               %d cores, load average %s (the players and the server share it)\n", runtime.NumCPU(), loadavg())
	return nil
}

// connect opens every player's connection, setups at a time; the first
// watchers watch the lobby.
func (l *lobbyLoad) connect(ctx context.Context, lo lobbyOptions, setups int) error {
	l.conns = make([]*lconn, lo.players)
	sem := make(chan struct{}, setups)
	errc := make(chan error, 1)
	var wg sync.WaitGroup
	for i := range l.conns {
		select {
		case err := <-errc:
			return err
		case <-ctx.Done():
			return ctx.Err()
		case sem <- struct{}{}:
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			c, err := l.dial(ctx, l.urls[i%len(l.urls)], i < lo.watchers)
			if err != nil {
				select {
				case errc <- fmt.Errorf("connecting player %d: %w", i, err):
				default:
				}
				return
			}
			l.conns[i] = c
		}()
	}
	wg.Wait()
	select {
	case err := <-errc:
		return err
	default:
	}
	return nil
}

func (l *lobbyLoad) dial(ctx context.Context, url string, watch bool) (*lconn, error) {
	dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(dctx, url, nil)
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 20)
	c := &lconn{ws: ws, answers: make(chan lmsg, 4)}
	go c.read(ctx, l)
	go c.keepAlive(ctx)
	if _, err := c.ask(ctx, `{"type":"hello","protocol":1,"client":"bashni-load"`); err != nil {
		return nil, err
	}
	if watch {
		if _, err := c.ask(ctx, `{"type":"lobby"`); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// ask sends a request (a JSON object without its closing brace, to which
// the id is added) and waits for its answer.
func (c *lconn) ask(ctx context.Context, msg string) (lmsg, error) {
	id := c.id.Add(1)
	if err := c.ws.Write(context.Background(), websocket.MessageText, fmt.Appendf(nil, `%s,"id":%d}`, msg, id)); err != nil {
		return lmsg{}, err
	}
	t := time.NewTimer(30 * time.Second)
	defer t.Stop()
	for {
		select {
		case m := <-c.answers:
			if m.Re != id {
				continue // a late answer to an abandoned request
			}
			if m.Type == protocol.TypeError {
				return m, fmt.Errorf("%s: %s", m.Code, m.Message)
			}
			return m, nil
		case <-t.C:
			return lmsg{}, fmt.Errorf("no answer to %s} in 30 s", msg)
		case <-ctx.Done():
			return lmsg{}, ctx.Err()
		}
	}
}

// keepAlive pings: the server closes connections silent for a minute.
func (c *lconn) keepAlive(ctx context.Context) {
	t := time.NewTicker(20 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			c.ws.CloseNow()
			return
		case <-t.C:
			c.ws.Write(context.Background(), websocket.MessageText, []byte(`{"type":"ping"}`))
		}
	}
}

func (c *lconn) read(ctx context.Context, l *lobbyLoad) {
	for {
		_, b, err := c.ws.Read(context.Background())
		if err != nil {
			if ctx.Err() == nil {
				l.broken.Add(1)
			}
			return
		}
		now := time.Now()
		if bytes.HasPrefix(b, lobbyUpdatePrefix) {
			l.updates.Add(1)
			// Ten thousand watchers read every update: the added seeks'
			// ids are picked out without decoding the JSON (a seek is the
			// only object in an update that starts with "id").
			for rest := b; ; {
				i := bytes.Index(rest, seekPrefix)
				if i < 0 {
					break
				}
				rest = rest[i+len(seekPrefix):]
				if j := bytes.IndexByte(rest, '"'); j > 0 {
					l.arrived(string(rest[:j]), now)
				}
			}
			continue
		}
		// Only answers and pushed seats matter besides: the games' states
		// and updates are skipped unread.
		if !bytes.Contains(b[:min(len(b), 40)], []byte(`"re"`)) && !bytes.HasPrefix(b, []byte(`{"type":"seated"`)) {
			continue
		}
		var m lmsg
		if json.Unmarshal(b, &m) != nil {
			continue
		}
		switch {
		case m.Re != 0:
			select {
			case c.answers <- m:
			default:
			}
		case m.Type == protocol.TypeSeated && m.Seek != nil:
			l.seated(m.Game, m.Seek.ID, now)
		}
	}
}

func (l *lobbyLoad) track(id string) *seekTrack {
	// Load first: ten thousand watchers look the same seek up at once,
	// and LoadOrStore would allocate a track for each.
	if t, ok := l.tracks.Load(id); ok {
		return t.(*seekTrack)
	}
	t, _ := l.tracks.LoadOrStore(id, &seekTrack{})
	return t.(*seekTrack)
}

// arrived: a watcher saw seek id at now.
func (l *lobbyLoad) arrived(id string, now time.Time) {
	t := l.track(id)
	sent := t.sent.Load()
	if sent == 0 {
		t.mu.Lock()
		if sent = t.sent.Load(); sent == 0 {
			t.early = append(t.early, now)
			t.mu.Unlock()
			return
		}
		t.mu.Unlock()
	}
	if sent >= l.from.Load() {
		l.visible.add(now.Sub(time.Unix(0, sent)))
	}
}

// openedAt: seek id was asked for at sent.
func (l *lobbyLoad) openedAt(id string, sent time.Time) {
	t := l.track(id)
	t.mu.Lock()
	defer t.mu.Unlock()
	t.sent.Store(sent.UnixNano())
	for _, at := range t.early {
		if sent.UnixNano() >= l.from.Load() {
			l.visible.add(at.Sub(sent))
		}
	}
	t.early = nil
}

var lobbyClocks = []string{
	`{"kind":"live","initial":180,"increment":2}`, `{"kind":"live","initial":300,"increment":3}`,
	`{"kind":"live","initial":600,"increment":5}`, `{"kind":"live","initial":900,"increment":10}`,
	`{"kind":"correspondence","days":1}`, `{"kind":"correspondence","days":3}`,
}

// drive pairs seeksPerMinute pairs of players a minute until ctx ends,
// measuring while measure is set.
func (l *lobbyLoad) drive(ctx context.Context, lo lobbyOptions, next int) {
	every := time.Minute / time.Duration(max(lo.seeksPerMinute, 1))
	t := time.NewTicker(every)
	defer t.Stop()
	var wg sync.WaitGroup
	defer wg.Wait()
	for k := next; ; k++ {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		// Pairs are drawn from the players who do not watch the lobby,
		// if there are any: a watcher's answers queue behind its updates.
		pool := l.conns
		if len(l.conns)-lo.watchers >= 2 {
			pool = l.conns[lo.watchers:]
		}
		i := (2 * k) % len(pool)
		a, b := pool[i], pool[(i+1)%len(pool)]
		variant := []string{"bashni", "lasca"}[k%2]
		clock := lobbyClocks[(k/2)%len(lobbyClocks)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := l.pair(ctx, a, b, variant, clock); err != nil {
				l.failures.Add(1)
				l.lastErr.Store(err.Error())
			}
		}()
	}
}

// pair: a opens a seek by quick pairing; b's quick pairing of the same
// kind takes the oldest seek of that kind, a's or another pair's (whose
// taker may then take a's): the pairing is timed from b's request until
// the owner of the seek b took is seated, whoever that is. When b's quick
// pairing finds no seek and opens one, it is timed from b's request until
// b is seated in it (a later pair's quick pairing takes it), or counted as
// unpaired if the run (run) ends first.
func (l *lobbyLoad) pair(run context.Context, a, b *lconn, variant, clock string) error {
	ctx := context.Background() // every wait is bounded by ask's
	req := fmt.Sprintf(`{"type":"quick-pair","variant":"%s","clock":%s`, variant, clock)
	sent := time.Now()
	m, err := a.ask(ctx, req)
	if err != nil {
		return fmt.Errorf("seeking: %w", err)
	}
	if m.Type != protocol.TypeSeeking || m.Seek == nil {
		if m.Type == protocol.TypeSeated {
			l.seats.Delete(m.Game) // it took another pair's seek: a pairing all the same, not measured
		}
		return nil
	}
	l.opened.Add(1)
	l.openedAt(m.Seek.ID, sent)
	if l.onOpened != nil {
		l.onOpened(m.Seek.ID, sent)
	}
	take := time.Now()
	m, err = b.ask(ctx, req)
	if err != nil {
		return fmt.Errorf("taking: %w", err)
	}
	timeout := time.NewTimer(30 * time.Second)
	defer timeout.Stop()
	if m.Type != protocol.TypeSeated {
		if m.Type != protocol.TypeSeeking || m.Seek == nil {
			return fmt.Errorf("taking: answered %s", m.Type)
		}
		// No seek of the kind where b asked (other pairs' takers took
		// them, or a's is not known there yet): b waits in a seek of its
		// own, as a player would.
		l.missed.Add(1)
		w := l.seekSeat(m.Seek.ID)
		defer l.seekSeats.Delete(m.Seek.ID)
		select {
		case <-w.done:
			l.paired.Add(1)
			l.pairing.add(w.at.Sub(take))
			return nil
		case <-run.Done():
			l.unpaired.Add(1)
			return nil
		case <-timeout.C:
			return fmt.Errorf("the taker's own seek %s was not taken within 30 s", m.Seek.ID)
		}
	}
	w := l.seat(m.Game)
	defer l.seats.Delete(m.Game)
	select {
	case <-w.done:
		l.paired.Add(1)
		l.pairing.add(w.at.Sub(take))
		return nil
	case <-timeout.C:
		return fmt.Errorf("the owner of the seek was not seated in game %s within 30 s", m.Game)
	}
}
