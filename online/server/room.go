package server

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"sync"
	"time"

	"github.com/jonboulle/clockwork"

	"bashni/online/protocol"
	"bashni/online/referee"
	"bashni/online/store"
	"bashni/rules"
)

// room is a game this node holds in memory because a client is attached to
// it (or a timer, the janitor or an HTTP request needs it). All of its
// fields after mu are guarded by mu; commands on one game are decided and
// stored one at a time.
type room struct {
	s     *Server
	id    string
	ready chan struct{} // closed once loaded
	err   error         // the load failed
	refs  int           // guarded by s.mu: attached clients and operations in flight

	mu           sync.Mutex
	stopped      bool
	state        *referee.State
	tokens       [2][]byte // SHA-256 of the seat tokens
	conns        map[*conn]int8
	local        [2]int             // this node's connections per seat
	remote       [2]map[string]bool // other nodes with a connection per seat
	shown        [2]bool            // the presence last told to clients
	offlineSince [2]time.Time
	flag         clockwork.Timer
	abandon      [2]clockwork.Timer
	unsubscribe  func()
	ratings      *protocol.GameRatings // a rated game's changes, once it has ended (identity.go)
	ratingsKnown bool
	players      [2]protocol.Player // the seats' names and ratings, from the game's match (identity.go)
}

func hashToken(t string) []byte {
	h := sha256.Sum256([]byte(t))
	return h[:]
}

func notFound(id string) error {
	return protocol.Errorf(protocol.ErrNotFound, "there is no game %s (games expire when left unplayed)", id)
}

func unavailable(err error) error {
	return protocol.Errorf(protocol.ErrUnavailable, "the server could not reach its storage (%v): try again", err)
}

func isCode(err error, code string) bool {
	var pe *protocol.Error
	return errors.As(err, &pe) && pe.Code == code
}

// acquire returns the game's room, loading it if this node does not hold
// it yet; the caller must release it.
func (s *Server) acquire(ctx context.Context, id string) (*room, error) {
	r, _, err := s.acquireWith(ctx, id, (*room).load)
	return r, err
}

// seed is a game as it was created, known whole to the node that paired
// it and, from its message, to the node of the seek's owner (lobby.go): a
// room made from it reads nothing from the store but its players, when it
// has a match (named players). On a busy machine each read is a wait for
// the database, and a pairing made two of them, three reads each.
type seed struct {
	event  []byte    // the game's first event
	tokens [2][]byte // its seat tokens' hashes
	match  bool      // the game has a match: its players are read (loadPlayers)
}

// acquireSeeded is acquire for a game known from its seed; fresh reports
// whether the room was made from it (false: the node held the game
// already, read from the store). A node that heard of the game from
// another must check a fresh room's version (room.refresh) once it is
// subscribed: a change committed before its subscription reached NATS
// would be missed.
func (s *Server) acquireSeeded(ctx context.Context, id string, sd seed) (r *room, fresh bool, err error) {
	return s.acquireWith(ctx, id, func(r *room) { r.loadSeed(sd) })
}

// acquireWith is acquire, loading a room this node does not hold with
// load; loaded reports whether it did.
func (s *Server) acquireWith(ctx context.Context, id string, load func(*room)) (r *room, loaded bool, err error) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, false, protocol.Errorf(protocol.ErrUnavailable, "the server is shutting down: reconnect")
	}
	r = s.rooms[id]
	loaded = r == nil
	if loaded {
		r = &room{s: s, id: id, ready: make(chan struct{}), conns: map[*conn]int8{}}
		s.rooms[id] = r
	}
	r.refs++
	s.mu.Unlock()
	if loaded {
		load(r)
		close(r.ready)
	} else {
		select {
		case <-r.ready:
		case <-ctx.Done():
			s.release(r)
			return nil, false, protocol.Errorf(protocol.ErrUnavailable, "gave up waiting for game %s", id)
		}
	}
	if r.err != nil {
		s.release(r)
		return nil, false, r.err
	}
	return r, loaded, nil
}

// hold takes another reference to a room this node still holds, for a
// timer or a message from another node; it reports false if the room has
// been let go.
func (s *Server) hold(r *room) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || s.rooms[r.id] != r {
		return false
	}
	r.refs++
	return true
}

func (s *Server) release(r *room) {
	s.mu.Lock()
	r.refs--
	last := r.refs == 0
	if last && s.rooms[r.id] == r {
		delete(s.rooms, r.id)
	}
	s.mu.Unlock()
	if last {
		r.stop()
	}
}

func (r *room) load() {
	if r.s.cluster != nil {
		// Subscribe before reading, so that no change committed after the
		// read is missed; older ones are recognised by their version.
		r.unsubscribe = r.s.cluster.subscribe(r.id)
	}
	st, tokens, err := r.s.loadGame(r.id)
	if err != nil {
		r.err = err
		return
	}
	r.start(st, tokens, true)
}

// loadSeed makes the room from a game's seed (acquireSeeded): subscribed
// first, as load is.
func (r *room) loadSeed(sd seed) {
	if r.s.cluster != nil {
		r.unsubscribe = r.s.cluster.subscribe(r.id)
	}
	st, err := referee.Replay(r.id, [][]byte{sd.event})
	if err != nil {
		r.s.log.Error("replaying a paired game's first event", "game", r.id, "err", err)
		r.err = protocol.Errorf(protocol.ErrUnavailable, "game %s cannot be read back: %v", r.id, err)
		return
	}
	r.start(st, sd.tokens, sd.match)
}

// start puts a loaded game in the room; players: read its players (a game
// without a match has none to read).
func (r *room) start(st *referee.State, tokens [2][]byte, players bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.state, r.tokens = st, tokens
	if players {
		r.loadPlayers()
	}
	now := r.s.now()
	r.offlineSince = [2]time.Time{now, now}
	if r.s.cluster != nil {
		r.s.cluster.query(r.id)
	}
	r.schedule()
}

func (s *Server) loadGame(id string) (*referee.State, [2][]byte, error) {
	st, g, err := s.loadStored(id)
	if err != nil {
		return nil, [2][]byte{}, err
	}
	return st, g.Tokens, nil
}

// loadStored reads a game and replays its events.
func (s *Server) loadStored(id string) (*referee.State, *store.Game, error) {
	g, err := s.store.Load(s.ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, notFound(id)
	}
	if err != nil {
		s.log.Error("loading a game", "game", id, "err", err)
		return nil, nil, unavailable(err)
	}
	st, err := referee.Replay(id, g.Events)
	if err != nil {
		s.log.Error("replaying a stored game", "game", id, "err", err)
		return nil, nil, protocol.Errorf(protocol.ErrUnavailable, "game %s cannot be read back: %v", id, err)
	}
	return st, g, nil
}

func (r *room) stop() {
	r.mu.Lock()
	r.stopped = true
	if r.flag != nil {
		r.flag.Stop()
	}
	for _, t := range r.abandon {
		if t != nil {
			t.Stop()
		}
	}
	unsub := r.unsubscribe
	r.mu.Unlock()
	if unsub != nil {
		unsub()
	}
}

// online reports which seats' holders are connected to any node.
func (r *room) online() [2]bool {
	var on [2]bool
	for seat := range on {
		on[seat] = r.local[seat] > 0 || len(r.remote[seat]) > 0
	}
	return on
}

// add attaches a connection in a seat (or as a spectator).
func (r *room) add(c *conn, seat int8) {
	if seat != spectator {
		r.arrive(seat)
	}
	r.enter(c, seat)
}

// arrive counts a connection of this node in a seat and tells the others
// (clients and nodes) if the seat's holder came online; the newcomer, not
// yet among r.conns, gets the state instead.
func (r *room) arrive(seat int8) {
	r.local[seat]++
	if r.local[seat] == 1 && r.s.cluster != nil {
		r.s.cluster.publishPresence(r.id, seat, true)
	}
	r.presenceChanged()
}

// enter makes c one of the room's clients.
func (r *room) enter(c *conn, seat int8) {
	r.conns[c] = seat
	c.room, c.seat = r, seat
	c.attachedAt = time.Now().UnixNano()
}

// has reports whether c is still attached: a connection whose seat another
// connection resumed is not (it still holds its reference to the room
// until it acts or goes).
func (r *room) has(c *conn) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	_, ok := r.conns[c]
	return ok
}

// replace detaches the connections that held seat before c resumed it,
// and tells them. The seat stays online: c holds it.
func (r *room) replace(seat int8, c *conn) {
	for old, s := range r.conns {
		if s == seat && old != c {
			r.evict(old, seat)
		}
	}
	r.presenceChanged()
	if r.s.cluster != nil {
		r.s.cluster.publishResumed(r.id, seat, c.attachedAt)
	}
}

// evict detaches a connection whose seat was resumed elsewhere; the caller
// then calls presenceChanged.
func (r *room) evict(c *conn, seat int8) {
	delete(r.conns, c)
	r.local[seat]--
	if r.local[seat] == 0 && r.s.cluster != nil {
		r.s.cluster.publishPresence(r.id, seat, false)
	}
	c.sendMsg(protocol.ServerMessage{Type: protocol.TypeError, Code: protocol.ErrReplaced,
		Message: "your seat of game " + r.id + " was resumed on another connection, which holds it now: this one has left the game"})
}

func (r *room) detach(c *conn) {
	r.mu.Lock()
	defer r.mu.Unlock()
	seat, ok := r.conns[c]
	if !ok {
		return
	}
	delete(r.conns, c)
	if seat != spectator {
		r.local[seat]--
		if r.local[seat] == 0 && r.s.cluster != nil {
			r.s.cluster.publishPresence(r.id, seat, false)
		}
	}
	r.presenceChanged()
}

// presenceChanged tells the clients about seats that came or went and
// rearms the abandonment timers.
func (r *room) presenceChanged() {
	on := r.online()
	now := r.s.now()
	for seat := range on {
		if on[seat] == r.shown[seat] {
			continue
		}
		r.shown[seat] = on[seat]
		if !on[seat] {
			r.offlineSince[seat] = now
		}
		online := on[seat]
		r.broadcast(encode(protocol.ServerMessage{Type: protocol.TypePresence, Game: r.id, Seat: referee.SeatName(rules.Color(seat)), Online: &online}))
	}
	r.schedule()
}

func (r *room) broadcast(b []byte) {
	for c := range r.conns {
		c.send(b)
	}
}

// sendState sends the whole game to one client.
func (r *room) sendState(c *conn, seat int8) {
	you := protocol.Spectator
	if seat != spectator {
		you = referee.SeatName(rules.Color(seat))
	}
	st := r.state.Snapshot(r.s.now(), r.online(), you)
	r.finishRatings()
	st.Ratings = r.ratings
	r.showPlayers(&st)
	c.sendMsg(protocol.ServerMessage{Type: protocol.TypeState, State: &st})
}

// refresh makes sure the room has the stored game's latest version: with
// several nodes a change may have been committed by a node that died before
// telling the others.
func (r *room) refresh() error {
	if r.s.cluster == nil {
		return nil
	}
	v, err := r.s.store.Version(r.s.ctx, r.id)
	if errors.Is(err, store.ErrNotFound) {
		return notFound(r.id)
	}
	if err != nil {
		return unavailable(err)
	}
	if v != r.state.Version {
		return r.reload()
	}
	return nil
}

// reload reads the game again and brings the clients' copies up to date:
// each change this node had missed goes out as its update, as though it had
// been made here. Only a stored game that does not continue this node's
// copy (a fault: a damaged store, a game deleted and made again) is sent
// whole, as a state, and docs/ONLINE.md says so.
func (r *room) reload() error {
	st, g, err := r.s.loadStored(r.id)
	if err != nil {
		return err
	}
	old := r.state
	r.tokens = g.Tokens
	if st.Version > old.Version && r.catchUp(g.Events[old.Version:]) && r.state.Version == st.Version {
		r.state = st
		r.schedule()
		return nil
	}
	r.state = st
	if st.Version != old.Version {
		r.s.log.Error("a stored game does not continue this node's copy: sending it whole", "game", r.id, "stored", st.Version, "held", old.Version)
		for c, seat := range r.conns {
			r.sendState(c, seat)
		}
	}
	r.schedule()
	return nil
}

// catchUp applies stored events that follow r.state and sends each one's
// update; false if one does not apply (r.state is then as far as it got).
func (r *room) catchUp(events [][]byte) bool {
	for _, b := range events {
		e, err := referee.UnmarshalEvent(b)
		if err != nil {
			return false
		}
		next := r.state.Clone()
		if err := next.Apply(e); err != nil {
			return false
		}
		r.state = next
		r.changed(e, nil)
	}
	return true
}

func (r *room) join(c *conn, re int64) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.refresh(); err != nil {
		return err
	}
	token := protocol.NewToken()
	var seat rules.Color
	_, err := r.run(func(st *referee.State, now time.Time) (referee.Event, extra, error) {
		e, s, err := st.Join(now)
		seat = s
		return e, extra{seat: s, token: hashToken(token), arrive: true}, err
	})
	if err != nil {
		return err
	}
	// The others have had the presence and then the update (commit); the
	// joiner gets the whole game.
	r.enter(c, int8(seat))
	r.sendState(c, int8(seat))
	c.sendMsg(protocol.ServerMessage{Type: protocol.TypeSeated, Re: re, Game: r.id, Seat: referee.SeatName(seat), Token: token})
	return nil
}

// seatOf finds the seat a token holds, comparing in constant time.
func (r *room) seatOf(hash []byte) int8 {
	for seat, h := range r.tokens {
		if h != nil && subtle.ConstantTimeCompare(h, hash) == 1 {
			return int8(seat)
		}
	}
	return spectator
}

func (r *room) resume(c *conn, re int64, token string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.refresh(); err != nil {
		return err
	}
	seat := r.seatOf(hashToken(token))
	if seat == spectator {
		return protocol.Errorf(protocol.ErrBadToken, "this token holds no seat of game %s", r.id)
	}
	r.add(c, seat)
	r.replace(seat, c)
	r.sendState(c, seat)
	c.sendMsg(protocol.ServerMessage{Type: protocol.TypeSeated, Re: re, Game: r.id, Seat: referee.SeatName(rules.Color(seat)), Token: token})
	return nil
}

func (r *room) watch(c *conn, re int64) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.refresh(); err != nil {
		return err
	}
	r.add(c, spectator)
	r.sendState(c, spectator)
	c.sendMsg(protocol.ServerMessage{Type: protocol.TypeWatching, Re: re, Game: r.id})
	return nil
}

func (r *room) sync(c *conn, re int64) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	seat, ok := r.conns[c]
	if !ok {
		return errReplaced()
	}
	r.sendState(c, seat)
	c.sendMsg(protocol.ServerMessage{Type: protocol.TypeOK, Re: re}) // answers come after what they caused
	return nil
}

// errReplaced refuses a request of a connection whose seat another one
// resumed while the request was on its way.
func errReplaced() error {
	return protocol.Errorf(protocol.ErrNoGame, "your seat was resumed on another connection: resume it here to act")
}

// command decides and stores a seated player's request.
func (r *room) command(c *conn, m *protocol.ClientMessage) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.conns[c]; !ok {
		return errReplaced()
	}
	cmd := referee.Command{Type: m.Type, Seat: rules.Color(c.seat), Move: m.Move, Ply: m.Ply, Accept: m.Accept != nil && *m.Accept}
	answer := &answer{c: c, re: m.ID}
	_, err := r.run(func(st *referee.State, now time.Time) (referee.Event, extra, error) {
		cmd.NewGame = protocol.NewCode()
		e, err := st.Decide(cmd, now)
		if err != nil || e.Kind != protocol.EventRematch {
			return e, extra{answer: answer}, err
		}
		return e, extra{create: r.rematchOf(st, e), answer: answer}, nil
	})
	if err != nil {
		return err
	}
	if !answer.sent {
		c.sendMsg(protocol.ServerMessage{Type: protocol.TypeOK, Re: m.ID})
	}
	return nil
}

// answer is a request whose answer is the update its event makes: the
// requester's copy of the update carries the request's id.
type answer struct {
	c    *conn
	re   int64
	sent bool
}

// rematchOf is the game a rematch event creates: colours swapped, so each
// player's token now holds the other seat.
func (r *room) rematchOf(st *referee.State, e referee.Event) *store.NewGame {
	first := st.Rematch(e)
	next := &referee.State{ID: e.Game}
	if err := next.Apply(first); err != nil {
		panic("a rematch's first event: " + err.Error())
	}
	return &store.NewGame{ID: e.Game, Event: first.Marshal(), Tokens: [2][]byte{r.tokens[1], r.tokens[0]}, Created: next.Created, Meta: metaOf(next)}
}

// extra is what a commit stores beside the event.
type extra struct {
	seat   rules.Color
	token  []byte         // the seat's new token hash (join)
	arrive bool           // join: the joiner is here (presence before the update)
	create *store.NewGame // the rematch
	answer *answer        // the request this event answers
}

// decider turns the current game into the next event, or refuses.
type decider func(st *referee.State, now time.Time) (referee.Event, extra, error)

// errNothing is a decider's way to say there is nothing to do.
var errNothing = errors.New("nothing to do")

// run decides and commits one event. The clock comes first: if the side to
// move has run out of time, that is stored before the request is decided
// (and the request then finds the game over). A conflict (another node
// changed the game) reloads the game and decides again.
func (r *room) run(decide decider) (referee.Event, error) {
	for range 5 {
		now := r.s.now()
		if e, ok := r.state.Timeout(now); ok {
			err := r.commit(e, extra{})
			if err != nil && !errors.Is(err, store.ErrConflict) {
				return e, unavailable(err)
			}
			if err != nil {
				if err := r.reload(); err != nil {
					return e, err
				}
			}
			continue
		}
		e, x, err := decide(r.state, now)
		if err != nil {
			return e, err
		}
		err = r.commit(e, x)
		switch {
		case err == nil:
			return e, nil
		case errors.Is(err, store.ErrExists):
			continue // the rematch drew a taken code: draw again
		case errors.Is(err, store.ErrConflict):
			if err := r.reload(); err != nil {
				return e, err
			}
		default:
			r.s.log.Error("storing a game's change", "game", r.id, "err", err)
			return e, unavailable(err)
		}
	}
	return referee.Event{}, protocol.Errorf(protocol.ErrUnavailable, "game %s is changing too fast: try again", r.id)
}

// commit stores an event and, once stored, applies it, tells the clients
// and the other nodes, and rearms the timers.
func (r *room) commit(e referee.Event, x extra) error {
	if r.s.dead.Load() {
		return errors.New("the node is down")
	}
	next := r.state.Clone()
	if err := next.Apply(e); err != nil {
		return err // a decided event always applies: a bug
	}
	data := e.Marshal()
	a := store.Append{Game: r.id, Version: next.Version, Event: data, Meta: metaOf(next), Create: x.create}
	if x.token != nil {
		a.Seat, a.Token = int(x.seat), x.token
	}
	if err := r.s.store.Append(r.s.ctx, a); err != nil {
		return err
	}
	r.state = next
	r.s.hub.committed(next, e)
	r.s.arenas.committed(next)
	if x.token != nil {
		r.tokens[x.seat] = x.token
	}
	if x.arrive {
		// The joiner's presence goes first, here and to the other nodes
		// (one subject keeps the order), so that everyone's update shows
		// the joiner online, in the order docs/ONLINE.md gives.
		r.arrive(int8(x.seat))
	}
	// Rated before the other nodes hear of the end, so that they read
	// the ratings this node recorded.
	r.finishRatings()
	if r.s.cluster != nil {
		r.s.cluster.publishEvent(r.id, next.Version, data)
	}
	r.changed(e, x.answer)
	return nil
}

// changed tells the clients about an applied event; the requester's copy,
// if there is one, answers its request.
func (r *room) changed(e referee.Event, a *answer) {
	up := r.state.UpdateFor(e, r.s.now(), r.online())
	r.finishRatings()
	up.Ratings = r.ratings
	r.showPlayers(&up.GameState)
	msg := protocol.ServerMessage{Type: protocol.TypeUpdate, Update: &up}
	b := encode(msg)
	for c := range r.conns {
		if a != nil && c == a.c && a.re != 0 {
			msg.Re = a.re
			c.send(encode(msg))
			a.sent = true
			continue
		}
		c.send(b)
	}
	if a != nil && a.re == 0 {
		a.sent = true // nothing to answer
	}
	r.schedule()
}

// remoteEvent applies a change another node committed.
func (r *room) remoteEvent(version int64, data []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped || version <= r.state.Version {
		return
	}
	e, err := referee.UnmarshalEvent(data)
	if version > r.state.Version+1 || err != nil || e.Kind == protocol.EventJoined {
		// A gap (a message lost), or a join whose token this node must
		// learn: read the game from the database.
		if err := r.reload(); err != nil {
			r.s.log.Error("reloading a game", "game", r.id, "err", err)
		}
		return
	}
	next := r.state.Clone()
	if err := next.Apply(e); err != nil {
		r.s.log.Error("applying another node's event", "game", r.id, "err", err)
		r.reload()
		return
	}
	r.state = next
	r.changed(e, nil)
}

func metaOf(st *referee.State) store.Meta {
	res, _ := st.Outcome()
	m := store.Meta{Status: st.Status().String(), Result: res.Score(), Updated: st.Updated}
	if d, ok := st.Deadline(); ok {
		m.Deadline = d
	}
	return m
}

// schedule arms the flag timer and the abandonment timers for the game as
// it stands.
func (r *room) schedule() {
	if r.stopped || r.state == nil {
		return
	}
	now := r.s.now()
	if r.flag != nil {
		r.flag.Stop()
		r.flag = nil
	}
	if d, ok := r.state.Deadline(); ok {
		r.flag = r.s.clock.AfterFunc(max(d.Sub(now), 0), r.onTimer)
	}
	on := r.online()
	for seat := range r.abandon {
		if r.abandon[seat] != nil {
			r.abandon[seat].Stop()
			r.abandon[seat] = nil
		}
		if r.canAbandon(int8(seat), on) {
			wait := r.offlineSince[seat].Add(r.s.cfg.AbandonAfter).Sub(now)
			r.abandon[seat] = r.s.clock.AfterFunc(max(wait, 0), r.onTimer)
		}
	}
}

// canAbandon: seat has gone and the opponent is here to be given the game.
func (r *room) canAbandon(seat int8, on [2]bool) bool {
	return r.state.Status() == referee.Playing && r.state.Clock.Kind != protocol.ClockCorrespondence &&
		!on[seat] && on[1-seat]
}

// onTimer runs when a flag may have fallen or a player may have been gone
// too long.
func (r *room) onTimer() {
	if !r.s.hold(r) {
		return
	}
	defer r.s.release(r)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return
	}
	r.settle()
}

// settle stores what time has decided: a fallen flag, an abandonment.
func (r *room) settle() {
	_, err := r.run(func(st *referee.State, now time.Time) (referee.Event, extra, error) {
		on := r.online()
		for seat := range on {
			if r.canAbandon(int8(seat), on) && !now.Before(r.offlineSince[seat].Add(r.s.cfg.AbandonAfter)) {
				if e, ok := st.Abandon(rules.Color(seat), now); ok {
					return e, extra{}, nil
				}
			}
		}
		return referee.Event{}, extra{}, errNothing
	})
	if err != nil && !errors.Is(err, errNothing) {
		// The janitor looks for fallen flags again at its next round.
		r.s.log.Error("settling a game's clock", "game", r.id, "err", err)
	}
}
