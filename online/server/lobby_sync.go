package server

import (
	"encoding/json"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"

	"bashni/online/lobby"
	"bashni/online/protocol"
)

// The lobby's upkeep: what goes between nodes, the counts, the pushes to
// the watchers, the top game's followers.

// publish tells the other nodes.
func (h *hub) publish(m lobbyMsg) {
	if h.s.cluster == nil || h.s.dead.Load() {
		return
	}
	m.Node = h.s.cfg.Node
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	if err := h.s.cluster.nc.Publish(lobbySubject, b); err != nil {
		h.s.log.Error("publishing to the lobby", "err", err)
	}
}

// onBus handles another node's lobby message (one goroutine: in order).
func (h *hub) onBus(msg *nats.Msg) {
	var m lobbyMsg
	if err := json.Unmarshal(msg.Data, &m); err != nil || m.Node == h.s.cfg.Node {
		return
	}
	switch m.Kind {
	case "add":
		if m.Seek != nil {
			h.mu.Lock()
			h.board.Add(*m.Seek)
			h.mu.Unlock()
		}
	case "remove":
		h.removed(m.ID, m.Game, m.Seat, m.seed())
	}
	// Every message says its node is alive.
	h.mu.Lock()
	n := h.nodes[m.Node]
	if m.Kind == "counts" {
		n.players, n.watchers = m.Players, m.Watchers
	}
	n.at = time.Now()
	h.nodes[m.Node] = n
	h.mu.Unlock()
}

// countsEvery is how often the nodes tell each other their players and
// count the games; a node unheard for three times as long has stopped, and
// its seeks go.
const countsEvery = time.Second

// countsPushEvery is how often at most the watchers are told new counts
// when no seek came or went: with thousands of players the count changes
// all the time, and each change is a message to every watcher.
const countsPushEvery = 5 * time.Second

// reconcileEvery is how often the board is read again from the store, in
// case a message between nodes was lost.
const reconcileEvery = 30 * time.Second

// loop tells the watchers what changed, every cfg.Every, and does the
// slower work every second.
func (h *hub) loop() {
	defer h.s.bg.Done()
	t := time.NewTicker(h.cfg.Every)
	defer t.Stop()
	lastCounts, lastReconcile := time.Time{}, time.Now()
	for {
		select {
		case <-h.stopCh:
			return
		case <-h.s.ctx.Done():
			return
		case now := <-t.C:
			if now.Sub(lastCounts) >= countsEvery {
				lastCounts = now
				h.publishCounts()
				h.countGames()
				h.dropDeadNodes(now)
				h.moveFollowers()
			}
			if now.Sub(lastReconcile) >= reconcileEvery {
				lastReconcile = now
				h.reconcile()
				h.limits.sweep(10 * time.Minute)
			}
			h.push()
		}
	}
}

func (h *hub) publishCounts() {
	h.mu.Lock()
	watchers := len(h.watchers)
	h.mu.Unlock()
	h.publish(lobbyMsg{Kind: "counts", Players: h.s.Stats().Connections, Watchers: watchers})
}

func (h *hub) countGames() {
	n, err := h.s.store.CountPlaying(h.s.ctx)
	if err != nil {
		h.s.log.Error("counting the games playing", "err", err)
		return
	}
	h.mu.Lock()
	h.games = n
	h.mu.Unlock()
}

// dropDeadNodes takes the seeks of nodes unheard for three counts off the
// board, and out of the store.
func (h *hub) dropDeadNodes(now time.Time) {
	h.mu.Lock()
	var dead []string
	keep := []string{h.s.cfg.Node}
	for node, n := range h.nodes {
		if now.Sub(n.at) > 3*countsEvery {
			dead = append(dead, node)
			delete(h.nodes, node)
		} else {
			keep = append(keep, node)
		}
	}
	for _, node := range dead {
		for _, sk := range h.board.OfNode(node) {
			h.board.Remove(sk.ID, h.s.now())
		}
	}
	h.board.Forget(h.s.now().Add(-5 * time.Minute))
	h.mu.Unlock()
	if len(dead) > 0 && now.Sub(h.started) > 3*countsEvery {
		if _, err := h.s.store.PurgeSeeks(h.s.ctx, keep); err != nil {
			h.s.log.Error("purging the seeks of stopped nodes", "err", err)
		}
	}
}

// reconcile reads the open seeks from the store: the truth, should a
// message between nodes have been lost.
func (h *hub) reconcile() {
	readAt := h.s.now()
	rows, err := h.s.store.ListSeeks(h.s.ctx)
	if err != nil {
		h.s.log.Error("reading the open seeks", "err", err)
		return
	}
	all := make([]lobby.Seek, 0, len(rows))
	for _, r := range rows {
		var sk lobby.Seek
		if json.Unmarshal(r.Data, &sk) == nil {
			all = append(all, sk)
		}
	}
	h.mu.Lock()
	h.board.Reconcile(all, readAt, 5*time.Second)
	h.mu.Unlock()
}

// fanoutPerSec is how many lobby-update messages a second a node sends
// all its watchers together before it pushes less often: each one is a
// WebSocket write (a wake-up of the connection's writer and a system
// call, about 30 µs of CPU on a busy two-core machine with the simulated
// players, 10 µs on a quiet one), so 10,000 watchers told every 250 ms
// took more than a core and fell behind. Pushing less often carries the
// same changes in fewer messages: a seek added and removed meanwhile is
// in both lists of one update.
const fanoutPerSec = 20000

// maxPushEvery bounds how long the lobby gathers changes however many
// watch it: its watchers are told within a second.
const maxPushEvery = 600 * time.Millisecond

// pushEvery is how often the lobby pushes to watchers, in whole periods
// (the loop's ticks): every, or less often when that many watchers would
// take more than fanoutPerSec messages a second, up to maxPushEvery (or
// every, if longer).
//
// On a cluster, watchers are the whole lobby's, every node's
// (clusterWatchers), not the node's own: the lobby is one, and a node
// that pushed twice as often as another would show each seek to its
// players sooner, giving them the first chance to take it. Every node
// then pushes at the same pace.
func pushEvery(every time.Duration, watchers int) time.Duration {
	d := time.Duration(watchers) * time.Second / fanoutPerSec
	n := (d + every - 1) / every
	return every * max(1, min(n, maxPushEvery/every))
}

// clusterWatchers is how many watch the lobby on this node and on the
// others as last heard (h.mu held).
func (h *hub) clusterWatchers() int {
	n := len(h.watchers)
	for _, c := range h.nodes {
		n += c.watchers
	}
	return n
}

// push sends the watchers what changed since the last push: one message,
// encoded once for all, sent outside h.mu (fanOut).
func (h *hub) push() {
	h.fanMu.Lock()
	defer h.fanMu.Unlock()
	h.mu.Lock()
	if time.Since(h.pushed) < pushEvery(h.cfg.Every, h.clusterWatchers())-h.cfg.Every/2 {
		h.mu.Unlock()
		return // the changes wait for the next push (pushEvery)
	}
	added, removed := h.board.Flush()
	players := h.s.Stats().Connections
	for _, n := range h.nodes {
		players += n.players
	}
	countsOnly := len(added) == 0 && len(removed) == 0
	if countsOnly && (players == h.shown.Players && h.games == h.shown.Games || time.Since(h.pushed) < countsPushEvery) {
		h.mu.Unlock()
		return
	}
	h.pushed = time.Now()
	u := protocol.LobbyUpdate{Players: players, Games: h.games, Removed: removed}
	for _, s := range added {
		u.Added = append(u.Added, s.Wire())
	}
	h.shown = protocol.LobbyUpdate{Players: players, Games: h.games}
	watchers := make([]*conn, 0, len(h.watchers))
	for c := range h.watchers {
		watchers = append(watchers, c)
	}
	h.mu.Unlock()
	if len(watchers) == 0 {
		return
	}
	h.fanOut(watchers, encode(protocol.ServerMessage{Type: protocol.TypeLobbyUpdate, LobbyUpdate: &u}))
}

// fanBatch is how many watchers a push wakes at once. Each queued
// message makes its connection's writer runnable, and Go's scheduler runs
// runnable goroutines in turn: 10,000 woken at once put a pairing's
// goroutines (the taker's reader, the owner's seating, their writers)
// behind 10,000 WebSocket writes, 150 ms on two cores, which was the
// pairing's p99. In batches of fanBatch, each sent once the one before is
// written, a pairing waits behind at most a batch.
const fanBatch = 64

// fanWait bounds the wait for one batch's writes: a connection that ends
// with the update queued never writes it (hub.fanWait, which tests set).
const fanWait = 50 * time.Millisecond

// batch counts a push batch's messages not yet written.
type batch struct {
	left atomic.Int32
	done chan struct{}
}

func newBatch(n int) *batch {
	b := &batch{done: make(chan struct{})}
	b.left.Store(int32(n))
	return b
}

// written: one of the batch's messages went out (or never will).
func (b *batch) written() {
	if b.left.Add(-1) == 0 {
		close(b.done)
	}
}

// fanOut queues msg on every connection, fanBatch at a time (h.fanMu
// held, not h.mu: pairings go on meanwhile).
func (h *hub) fanOut(conns []*conn, msg []byte) {
	t := time.NewTimer(h.fanWait)
	defer t.Stop()
	for len(conns) > 0 {
		n := min(len(conns), fanBatch)
		b := newBatch(n)
		for _, c := range conns[:n] {
			if !c.queue(outMsg{b: msg, batch: b}) {
				b.written()
			}
		}
		conns = conns[n:]
		t.Reset(h.fanWait)
		select {
		case <-b.done:
		case <-t.C:
		case <-h.s.ctx.Done():
			return
		}
	}
}

// moveFollowers moves the connections following the top game whose game
// has ended (or that had none) to the top game now.
func (h *hub) moveFollowers() {
	h.mu.Lock()
	if len(h.followers) == 0 {
		h.mu.Unlock()
		return
	}
	h.mu.Unlock()
	games, err := h.playing(protocol.MaxPlaying)
	if err != nil || len(games) == 0 {
		return
	}
	live := map[string]bool{}
	for _, g := range games {
		live[g.Game] = true
	}
	top := games[0].Game
	h.mu.Lock()
	var move []*conn
	for c, game := range h.followers {
		if !live[game] && game != top {
			move = append(move, c)
		}
	}
	h.mu.Unlock()
	for _, c := range move {
		go func() {
			c.act.Lock()
			defer c.act.Unlock()
			h.mu.Lock()
			_, still := h.followers[c]
			h.mu.Unlock()
			if !still || c.gone {
				return
			}
			if err := h.watchGame(c, 0, top); err != nil {
				c.sendError(0, err)
			}
		}()
	}
}
