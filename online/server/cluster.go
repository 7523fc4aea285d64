package server

import (
	"encoding/json"
	"hash/fnv"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
)

// NATS subjects. Every change a node commits is published on its game's
// subject after the commit; so are presence changes and the question "who
// holds players of this game?" that a node asks when it loads a game.
// Nodes say they are alive on nodesSubject.
const (
	gameSubjectPrefix = "bashni.game."
	nodesSubject      = "bashni.nodes"
	shards            = 16
	shardQueue        = 8192
)

// busMsg is one message between nodes.
type busMsg struct {
	Kind    string          `json:"k"` // "event", "presence", "resumed", "query", "beat"
	Node    string          `json:"n"`
	Version int64           `json:"v,omitempty"`
	Event   json.RawMessage `json:"e,omitempty"`
	Seat    int8            `json:"s,omitempty"`
	Online  bool            `json:"o,omitempty"`
	At      int64           `json:"t,omitempty"` // resumed: when (Unix ns), to order resumes on different nodes
}

// cluster is this node's part in a group of nodes linked by NATS. Messages
// for games are handled by shards goroutines, each game always by the same
// one, so that one game's messages are handled in order without one slow
// game holding up the others.
type cluster struct {
	s  *Server
	nc *nats.Conn

	queues [shards]chan *nats.Msg
	beats  *nats.Subscription
	stopCh chan struct{}

	mu       sync.Mutex
	lastSeen map[string]time.Time // other nodes, by name
	stopped  bool
}

func newCluster(s *Server, nc *nats.Conn) (*cluster, error) {
	c := &cluster{s: s, nc: nc, stopCh: make(chan struct{}), lastSeen: map[string]time.Time{}}
	for i := range c.queues {
		c.queues[i] = make(chan *nats.Msg, shardQueue)
		s.bg.Add(1)
		go c.worker(c.queues[i])
	}
	var err error
	c.beats, err = nc.Subscribe(nodesSubject, c.onBeat)
	if err != nil {
		return nil, err
	}
	s.bg.Add(1)
	go c.heartbeat()
	return c, nil
}

func (c *cluster) stop() {
	c.mu.Lock()
	if c.stopped {
		c.mu.Unlock()
		return
	}
	c.stopped = true
	c.mu.Unlock()
	c.beats.Unsubscribe()
	close(c.stopCh)
}

func shardOf(id string) int {
	h := fnv.New32a()
	h.Write([]byte(id))
	return int(h.Sum32() % shards)
}

// subscribe starts receiving a game's messages; it returns the function
// that stops it.
func (c *cluster) subscribe(id string) func() {
	sub, err := c.nc.ChanSubscribe(gameSubjectPrefix+id, c.queues[shardOf(id)])
	if err != nil {
		// The node still serves the game correctly (every change goes
		// through the database), only later than it could.
		c.s.log.Error("subscribing to a game's changes", "game", id, "err", err)
		return func() {}
	}
	return func() { sub.Unsubscribe() }
}

func (c *cluster) publish(subject string, m busMsg) {
	if c.s.dead.Load() {
		return
	}
	m.Node = c.s.cfg.Node
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	if err := c.nc.Publish(subject, b); err != nil {
		c.s.log.Error("publishing to the other nodes", "subject", subject, "err", err)
	}
}

func (c *cluster) publishEvent(id string, version int64, data []byte) {
	c.publish(gameSubjectPrefix+id, busMsg{Kind: "event", Version: version, Event: data})
}

func (c *cluster) publishPresence(id string, seat int8, online bool) {
	c.publish(gameSubjectPrefix+id, busMsg{Kind: "presence", Seat: seat, Online: online})
}

// publishResumed tells the other nodes that a connection here resumed seat
// at the time at: their connections that held it before leave the game.
func (c *cluster) publishResumed(id string, seat int8, at int64) {
	c.publish(gameSubjectPrefix+id, busMsg{Kind: "resumed", Seat: seat, At: at})
}

func (c *cluster) query(id string) {
	c.publish(gameSubjectPrefix+id, busMsg{Kind: "query"})
}

func (c *cluster) worker(q chan *nats.Msg) {
	defer c.s.bg.Done()
	for {
		select {
		case <-c.s.ctx.Done():
			return
		case msg := <-q:
			c.handle(msg)
		}
	}
}

func (c *cluster) handle(msg *nats.Msg) {
	var m busMsg
	if err := json.Unmarshal(msg.Data, &m); err != nil || m.Node == c.s.cfg.Node {
		return
	}
	c.seen(m.Node)
	id := msg.Subject[len(gameSubjectPrefix):]
	c.s.mu.Lock()
	r := c.s.rooms[id]
	if r != nil {
		r.refs++
	}
	c.s.mu.Unlock()
	if r == nil {
		return
	}
	defer c.s.release(r)
	select {
	case <-r.ready:
	case <-c.s.ctx.Done():
		return
	}
	if r.err != nil {
		return
	}
	switch m.Kind {
	case "event":
		r.remoteEvent(m.Version, m.Event)
	case "presence":
		r.remotePresence(m.Node, m.Seat, m.Online)
	case "resumed":
		r.remoteResumed(m.Node, m.Seat, m.At)
	case "query":
		r.answerQuery()
	}
}

// heartbeat says this node is alive and notices nodes that stopped saying
// so: their players count as gone, and the games they held are read again
// (a node may die between a commit and its message).
func (c *cluster) heartbeat() {
	defer c.s.bg.Done()
	t := time.NewTicker(c.s.cfg.Heartbeat)
	defer t.Stop()
	c.publish(nodesSubject, busMsg{Kind: "beat"})
	for {
		select {
		case <-c.stopCh:
			return
		case <-c.s.ctx.Done():
			return
		case <-t.C:
			c.publish(nodesSubject, busMsg{Kind: "beat"})
			c.sweep()
		}
	}
}

func (c *cluster) onBeat(msg *nats.Msg) {
	var m busMsg
	if err := json.Unmarshal(msg.Data, &m); err != nil || m.Node == c.s.cfg.Node {
		return
	}
	c.seen(m.Node)
}

func (c *cluster) seen(node string) {
	c.mu.Lock()
	c.lastSeen[node] = time.Now()
	c.mu.Unlock()
}

func (c *cluster) sweep() {
	limit := time.Now().Add(-3 * c.s.cfg.Heartbeat)
	var gone []string
	c.mu.Lock()
	for node, t := range c.lastSeen {
		if t.Before(limit) {
			gone = append(gone, node)
			delete(c.lastSeen, node)
		}
	}
	c.mu.Unlock()
	if len(gone) == 0 {
		return
	}
	c.s.log.Info("nodes stopped answering", "nodes", gone)
	c.s.arenas.nodesGone(gone)
	c.s.mu.Lock()
	var rooms []*room
	for _, r := range c.s.rooms {
		rooms = append(rooms, r)
		r.refs++
	}
	c.s.mu.Unlock()
	for _, r := range rooms {
		<-r.ready
		if r.err == nil {
			r.nodesGone(gone)
		}
		c.s.release(r)
	}
}

// remotePresence records another node's connections to a seat.
func (r *room) remotePresence(node string, seat int8, online bool) {
	if seat != 0 && seat != 1 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return
	}
	if online {
		if r.remote[seat] == nil {
			r.remote[seat] = map[string]bool{}
		}
		r.remote[seat][node] = true
	} else {
		delete(r.remote[seat], node)
	}
	r.presenceChanged()
}

// remoteResumed: a connection on another node resumed seat at the time at.
// This node's connections that held the seat before leave the game: the
// latest resume holds the seat (by the nodes' clocks; the node's name
// settles a tie).
func (r *room) remoteResumed(node string, seat int8, at int64) {
	if seat != 0 && seat != 1 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return
	}
	for c, s := range r.conns {
		if s == seat && (c.attachedAt < at || c.attachedAt == at && r.s.cfg.Node < node) {
			r.evict(c, seat)
		}
	}
	r.presenceChanged()
}

// answerQuery tells a node that just loaded the game which seats this node
// has connections to.
func (r *room) answerQuery() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for seat, n := range r.local {
		if n > 0 {
			r.s.cluster.publishPresence(r.id, int8(seat), true)
		}
	}
}

func (r *room) nodesGone(nodes []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return
	}
	for _, node := range nodes {
		delete(r.remote[0], node)
		delete(r.remote[1], node)
	}
	if err := r.reload(); err != nil {
		r.s.log.Error("reloading a game after a node died", "game", r.id, "err", err)
	}
	r.presenceChanged()
}
