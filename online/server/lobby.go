package server

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"

	"bashni/online/lobby"
	"bashni/online/protocol"
	"bashni/online/referee"
	"bashni/online/store"
	"bashni/rules"
)

// LobbyConfig configures the lobby. Zero values take the defaults in
// brackets.
type LobbyConfig struct {
	// FirstMove is how long each side of a paired game has for its first
	// move before the game is aborted; negative: never aborted [30s]
	FirstMove time.Duration
	// Grace is how long a seek outlives its owner's connection [5s]
	Grace time.Duration
	// Every is how often the lobby's watchers are told what changed [250ms]
	Every time.Duration
	// SeeksPerMinute bounds the seeks and quick pairings one address may
	// ask for a minute; negative: no limit [30, burst 10]
	SeeksPerMinute int
	// MaxSeeks bounds the open seeks on every node together; the lobby's
	// answer lists them all, and 2000 seeks keep it under half the 1 MiB a
	// client reads in one message [2000]
	MaxSeeks int
	// GameOver, when set, is told about every paired game that ends, once
	// (by the node that stored its end). Ratings do not need it (the room
	// rates a game at its end, identity.go); it is for an operator's own
	// bookkeeping, which must count nothing of a game whose Counts is false
	// (aborted).
	GameOver func(Finished)
}

// Finished is a paired game that has ended.
type Finished struct {
	Game   string
	Result string // "1-0", "0-1", "1/2-1/2", or "*" for an aborted game
	Reason string
	Counts bool // false: aborted, no result, no rating change
}

// maxSeeksPerPlayer bounds one connection's open seeks (one per kind).
const maxSeeksPerPlayer = 8

// lobbySubject carries the lobby between nodes: seeks opened and removed
// (with the game when one was taken) and each node's count of players.
const lobbySubject = "bashni.lobby"

// lobbyMsg is one message of the lobby between nodes.
type lobbyMsg struct {
	Kind    string      `json:"k"` // "add", "remove", "counts"
	Node    string      `json:"n"`
	Seek    *lobby.Seek `json:"s,omitempty"`
	ID      string      `json:"id,omitempty"`
	Game    string      `json:"g,omitempty"`    // remove: the game the seek paired, if taken
	Seat    int8        `json:"seat,omitempty"` // remove with a game: the owner's seat
	Players int         `json:"p,omitempty"`
	// counts: the node's lobby watchers, so that every node of a cluster
	// pushes at the pace its whole lobby calls for (pushEvery). An older
	// node sends none: its watchers are not counted.
	Watchers int `json:"w,omitempty"`
	// remove with a game: the game as it was created (its seed), so that
	// the owner's node seats the owner without reading it from the store.
	// A node that sends none (an older one) has its game read.
	Event  json.RawMessage `json:"e,omitempty"`
	Tokens [][]byte        `json:"t,omitempty"` // White's and Black's token hashes
	Match  bool            `json:"m,omitempty"` // the game has a match (named players)
}

// seed is the game a remove message carries, if it does.
func (m lobbyMsg) seed() *seed {
	if m.Game == "" || len(m.Event) == 0 || len(m.Tokens) != 2 {
		return nil
	}
	return &seed{event: m.Event, tokens: [2][]byte{m.Tokens[0], m.Tokens[1]}, match: m.Match}
}

// pairingData is what the store keeps of a paired game (store.Pairing).
type pairingData struct {
	Live       protocol.LiveGame `json:"live"`
	WhiteOwner string            `json:"wo"`
	BlackOwner string            `json:"bo"`
}

// hub is this node's lobby: its board of open seeks (every node's), the
// seeks its connections own, its watchers, and the players counted on the
// other nodes.
type hub struct {
	s       *Server
	cfg     LobbyConfig
	limits  *limiters
	sub     *nats.Subscription
	stopCh  chan struct{}
	started time.Time
	seq     atomic.Int64

	// fanMu is held while a push goes out to the watchers (push), and
	// by a connection that starts watching, whose lobby-state must come
	// before the next push's changes and after the last one's. Taken
	// before mu.
	fanMu   sync.Mutex
	fanWait time.Duration // fanOut's bound on one batch's wait

	mu        sync.Mutex
	board     *lobby.Board
	owned     map[string]*ownedSeek // seeks owned by this node's connections, by id
	members   map[*conn]*member
	watchers  map[*conn]struct{}
	followers map[*conn]string     // watch-top: the game each follows ("" for none yet)
	nodes     map[string]nodeCount // other nodes' players, as last heard
	shown     protocol.LobbyUpdate // the counts last told to watchers
	games     int                  // games playing, as last counted
	pushed    time.Time            // the last lobby-update
	stopped   bool
}

type ownedSeek struct {
	c     *conn
	token string // the seat token the owner will hold
	seek  lobby.Seek
}

type member struct {
	id    string              // node/sequence: the connection, unique across nodes
	seeks map[string]struct{} // its open seeks' ids
}

type nodeCount struct {
	players  int
	watchers int // its lobby's watchers
	at       time.Time
}

func (cfg *LobbyConfig) defaults() {
	if cfg.FirstMove == 0 {
		cfg.FirstMove = 30 * time.Second
	}
	if cfg.Grace == 0 {
		cfg.Grace = 5 * time.Second
	}
	if cfg.Every <= 0 {
		cfg.Every = 250 * time.Millisecond
	}
	if cfg.SeeksPerMinute == 0 {
		cfg.SeeksPerMinute = 30
	}
	if cfg.MaxSeeks <= 0 {
		cfg.MaxSeeks = 2000
	}
}

func newHub(s *Server) (*hub, error) {
	cfg := s.cfg.Lobby
	cfg.defaults()
	h := &hub{s: s, cfg: cfg, limits: newLimiters(cfg.SeeksPerMinute, 10), stopCh: make(chan struct{}), started: time.Now(), fanWait: fanWait,
		board: lobby.NewBoard(), owned: map[string]*ownedSeek{}, members: map[*conn]*member{},
		watchers: map[*conn]struct{}{}, followers: map[*conn]string{}, nodes: map[string]nodeCount{}}
	if s.cluster != nil {
		sub, err := s.cluster.nc.Subscribe(lobbySubject, h.onBus)
		if err != nil {
			return nil, err
		}
		h.sub = sub
	} else {
		// A single node owns its store: seeks left in it belong to a
		// process that has stopped.
		if _, err := s.store.PurgeSeeks(s.ctx, []string{s.cfg.Node}); err != nil {
			return nil, err
		}
	}
	// After subscribing, so that no seek opened meanwhile is missed.
	h.reconcile()
	h.publishCounts()
	s.bg.Add(1)
	go h.loop()
	return h, nil
}

func (h *hub) stop() {
	h.mu.Lock()
	if h.stopped {
		h.mu.Unlock()
		return
	}
	h.stopped = true
	h.mu.Unlock()
	if h.sub != nil {
		h.sub.Unsubscribe()
	}
	close(h.stopCh)
}

// seeker is the player on connection c as the lobby knows them, with
// their rating in the variant and speed of clock: the zero value for a
// connection that has not identified, no rating for a player without a
// name (identity.go).
func (c *conn) seeker(variant string, clock protocol.Clock) (lobby.Seeker, error) {
	p, r, ok, err := c.PlayerRating(c.ctx, variant, clock)
	if err != nil {
		c.s.log.Error("reading a player's rating", "err", err)
		return lobby.Seeker{}, unavailable(err)
	}
	if !ok {
		return lobby.Seeker{}, nil
	}
	s := lobby.Seeker{ID: p.ID, Name: p.Name}
	if p.Name != "" {
		s.Rating, s.Provisional = r.Rating, r.Provisional
	}
	return s, nil
}

// memberOf is c's lobby membership, made on its first lobby request.
// Called with h.mu held.
func (h *hub) memberOf(c *conn) *member {
	m := h.members[c]
	if m == nil {
		m = &member{id: h.s.cfg.Node + "/" + strconv.FormatInt(h.seq.Add(1), 10), seeks: map[string]struct{}{}}
		h.members[c] = m
	}
	return m
}

func (h *hub) ownerOf(c *conn, s lobby.Seeker) string {
	h.mu.Lock()
	id := h.memberOf(c).id
	h.mu.Unlock()
	return lobby.OwnerID(s, id)
}

// handle acts on a lobby request (the connection's reader, c.act held).
func (h *hub) handle(c *conn, m *protocol.ClientMessage) error {
	switch m.Type {
	case protocol.TypeSeek, protocol.TypeQuickPair:
		if !h.limits.allow(c.ip) {
			return protocol.Errorf(protocol.ErrRateLimited, "too many seeks from your address: wait a minute")
		}
		req := lobby.Request{Variant: m.Variant, Clock: *m.Clock, Rated: m.Rated != nil && *m.Rated, Color: m.Color, Range: m.Range}
		if m.Type == protocol.TypeQuickPair {
			return h.quickPair(c, m.ID, req)
		}
		return h.open(c, m.ID, req)
	case protocol.TypeCancelSeek:
		return h.cancel(c, m.ID, m.Seek)
	case protocol.TypeAcceptSeek:
		return h.take(c, m.ID, m.Seek)
	case protocol.TypeLobby:
		h.fanMu.Lock()
		defer h.fanMu.Unlock()
		h.mu.Lock()
		h.watchers[c] = struct{}{}
		l := protocol.Lobby{Seeks: []protocol.Seek{}, Players: h.shown.Players, Games: h.shown.Games}
		for _, s := range h.board.List() {
			l.Seeks = append(l.Seeks, s.Wire())
		}
		// Sent under h.fanMu: the changes the next push sends come after.
		c.sendMsg(protocol.ServerMessage{Type: protocol.TypeLobbyState, Re: m.ID, Lobby: &l})
		h.mu.Unlock()
		return nil
	case protocol.TypeLeaveLobby:
		h.mu.Lock()
		delete(h.watchers, c)
		h.mu.Unlock()
		c.sendMsg(protocol.ServerMessage{Type: protocol.TypeOK, Re: m.ID})
		return nil
	case protocol.TypePlaying:
		games, err := h.playing(protocol.MaxPlaying)
		if err != nil {
			return err
		}
		c.sendMsg(protocol.ServerMessage{Type: protocol.TypePlayingList, Re: m.ID, Games: games})
		return nil
	case protocol.TypeWatchTop:
		return h.watchTop(c, m.ID)
	}
	return protocol.Errorf(protocol.ErrBadMessage, "unknown message type %q", m.Type)
}

// open opens a seek for c.
func (h *hub) open(c *conn, re int64, req lobby.Request) error {
	seeker, err := c.seeker(req.Variant, req.Clock)
	if err != nil {
		return err
	}
	if err := req.Check(seeker); err != nil {
		return err
	}
	token := protocol.NewToken()
	h.mu.Lock()
	mem := h.memberOf(c)
	if len(mem.seeks) >= maxSeeksPerPlayer {
		h.mu.Unlock()
		return protocol.Errorf(protocol.ErrLobbyFull, "you have %d open seeks, as many as one player may: cancel one first", len(mem.seeks))
	}
	if h.board.Len() >= h.cfg.MaxSeeks {
		h.mu.Unlock()
		return protocol.Errorf(protocol.ErrLobbyFull, "the lobby holds %d open seeks, as many as it can: take one, or try again soon", h.board.Len())
	}
	sk := lobby.NewSeek(protocol.NewSeekID(), lobby.OwnerID(seeker, mem.id), h.s.cfg.Node, seeker, req, hashToken(token), h.s.now())
	// Known as ours before any node can take it.
	h.owned[sk.ID] = &ownedSeek{c: c, token: token, seek: sk}
	mem.seeks[sk.ID] = struct{}{}
	h.mu.Unlock()
	data, _ := json.Marshal(sk)
	err = h.s.store.CreateSeek(h.s.ctx, store.Seek{ID: sk.ID, Owner: sk.Owner, Kind: sk.Kind(), Node: sk.Node, Data: data, Created: sk.Created()})
	if err != nil {
		h.mu.Lock()
		delete(h.owned, sk.ID)
		delete(mem.seeks, sk.ID)
		h.mu.Unlock()
		if errors.Is(err, store.ErrExists) {
			return protocol.Errorf(protocol.ErrAlreadySeeking, "you have an open seek of this kind (%s): wait for it to be taken, or cancel it", req.Kind())
		}
		h.s.log.Error("storing a seek", "err", err)
		return unavailable(err)
	}
	h.mu.Lock()
	h.board.Add(sk)
	h.mu.Unlock()
	h.publish(lobbyMsg{Kind: "add", Seek: &sk})
	w := sk.Wire()
	c.sendMsg(protocol.ServerMessage{Type: protocol.TypeSeeking, Re: re, Seek: &w})
	return nil
}

// cancel withdraws one of c's seeks.
func (h *hub) cancel(c *conn, re int64, id string) error {
	h.mu.Lock()
	o := h.owned[id]
	h.mu.Unlock()
	if o == nil || o.c != c {
		return protocol.Errorf(protocol.ErrSeekGone, "you have no open seek %s (taken, cancelled, or never yours)", id)
	}
	if err := h.withdraw(id); err != nil {
		return err
	}
	c.sendMsg(protocol.ServerMessage{Type: protocol.TypeOK, Re: re})
	return nil
}

// withdraw deletes an owned seek from the store, the board and the
// other nodes' boards. A seek taken meanwhile is seek-gone.
func (h *hub) withdraw(id string) error {
	err := h.s.store.CancelSeek(h.s.ctx, id)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		h.s.log.Error("cancelling a seek", "seek", id, "err", err)
		return unavailable(err)
	}
	h.mu.Lock()
	h.forgetOwned(id)
	if errors.Is(err, store.ErrNotFound) {
		h.mu.Unlock()
		return protocol.Errorf(protocol.ErrSeekGone, "seek %s was taken meanwhile", id)
	}
	h.board.Remove(id, h.s.now())
	h.mu.Unlock()
	h.publish(lobbyMsg{Kind: "remove", ID: id})
	return nil
}

// forgetOwned drops an owned seek (h.mu held).
func (h *hub) forgetOwned(id string) {
	if o := h.owned[id]; o != nil {
		if m := h.members[o.c]; m != nil {
			delete(m.seeks, id)
		}
		delete(h.owned, id)
	}
}

// quickPair takes the longest-waiting seek that matches the request, or
// opens one.
func (h *hub) quickPair(c *conn, re int64, req lobby.Request) error {
	seeker, err := c.seeker(req.Variant, req.Clock)
	if err != nil {
		return err
	}
	if err := req.Check(seeker); err != nil {
		return err
	}
	req.Color = protocol.Random
	owner := h.ownerOf(c, seeker)
	h.mu.Lock()
	candidates := h.board.Candidates(req, seeker, owner)
	h.mu.Unlock()
	tried := map[string]bool{}
	for _, sk := range candidates[:min(len(candidates), quickTries)] {
		tried[sk.ID] = true
		err := h.claim(c, re, sk, seeker, owner)
		if !isCode(err, protocol.ErrSeekGone) {
			return err
		}
	}
	if h.s.cluster != nil {
		// Another node's seek reaches this board over NATS a few
		// milliseconds after it is stored: a quick pairing that comes
		// sooner would open a second seek of the kind, and both players
		// would wait for a third. The store knows it already.
		stored, err := h.storedCandidates(req, seeker, owner, tried)
		if err != nil {
			return err
		}
		for _, sk := range stored {
			// On the board first, as if its announcement had come: this
			// node's watchers see it come and go like any other node's.
			h.mu.Lock()
			h.board.Add(sk)
			h.mu.Unlock()
			err := h.claim(c, re, sk, seeker, owner)
			if !isCode(err, protocol.ErrSeekGone) {
				return err
			}
		}
	}
	return h.open(c, re, req)
}

// quickTries bounds the seeks one quick pairing tries to take from the
// board (and as many from the store) before it opens a seek: the lobby
// moves fast, and each try is a transaction.
const quickTries = 5

// storedCandidates are the stored seeks quick pairing may take for the
// request, oldest first, but those already tried: with several nodes the
// store holds seeks this node's board has not heard of yet.
func (h *hub) storedCandidates(req lobby.Request, taker lobby.Seeker, owner string, tried map[string]bool) ([]lobby.Seek, error) {
	rows, err := h.s.store.SeeksOfKind(h.s.ctx, req.Kind(), quickTries+len(tried))
	if err != nil {
		h.s.log.Error("reading the open seeks of a kind", "kind", req.Kind(), "err", err)
		return nil, unavailable(err)
	}
	var out []lobby.Seek
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, r := range rows {
		var sk lobby.Seek
		// A seek the board took off lately may linger in the store: one
		// of a stopped node, before PurgeSeeks.
		if json.Unmarshal(r.Data, &sk) != nil || tried[sk.ID] || h.board.Removed(sk.ID) || !sk.Matches(req, taker, owner) {
			continue
		}
		if out = append(out, sk); len(out) == quickTries {
			break
		}
	}
	return out, nil
}

// take takes the seek id for c.
func (h *hub) take(c *conn, re int64, id string) error {
	h.mu.Lock()
	sk, ok := h.board.Get(id)
	h.mu.Unlock()
	if !ok {
		return protocol.Errorf(protocol.ErrSeekGone, "there is no open seek %s (taken, cancelled, or its owner left)", id)
	}
	seeker, err := c.seeker(sk.Variant, sk.Clock)
	if err != nil {
		return err
	}
	owner := h.ownerOf(c, seeker)
	if err := sk.Admits(seeker, owner); err != nil {
		return err
	}
	return h.claim(c, re, sk, seeker, owner)
}

// claim pairs c with the seek's owner: the seek is deleted and the game
// created in one transaction, so that of all takers on all nodes exactly
// one gets it. The taker is seated here; the owner by its node.
func (h *hub) claim(c *conn, re int64, sk lobby.Seek, seeker lobby.Seeker, owner string) error {
	variant, err := rules.ParseVariant(sk.Variant)
	if err != nil {
		return protocol.Errorf(protocol.ErrUnavailable, "seek %s is damaged: %v", sk.ID, err)
	}
	ownerSeat := referee.White
	switch sk.Color {
	case protocol.Black:
		ownerSeat = referee.Black
	case protocol.Random:
		var b [1]byte
		rand.Read(b[:])
		ownerSeat = rules.Color(b[0] & 1)
	}
	takerSeat := ownerSeat.Opponent()
	token := protocol.NewToken()
	var tokens [2][]byte
	tokens[ownerSeat], tokens[takerSeat] = sk.TokenHash, hashToken(token)
	var players [2]protocol.LivePlayer
	var owners [2]string
	ss := sk.Seeker()
	players[ownerSeat] = protocol.LivePlayer{Name: ss.Name, Rating: ss.Rating, Provisional: ss.Provisional}
	players[takerSeat] = protocol.LivePlayer{Name: seeker.Name, Rating: seeker.Rating, Provisional: seeker.Provisional}
	owners[ownerSeat], owners[takerSeat] = sk.Owner, owner
	now := h.s.now()
	first := referee.Paired(now, variant, sk.Clock, h.cfg.FirstMove)
	var id string
	event := first.Marshal()
	for range 5 {
		id = protocol.NewCode()
		st := &referee.State{ID: id}
		if err := st.Apply(first); err != nil {
			return err
		}
		live := protocol.LiveGame{Game: id, Variant: sk.Variant, Clock: sk.Clock, Rated: sk.Rated, White: players[referee.White], Black: players[referee.Black]}
		data, _ := json.Marshal(pairingData{Live: live, WhiteOwner: owners[referee.White], BlackOwner: owners[referee.Black]})
		err = h.s.store.ClaimSeek(h.s.ctx, sk.ID, owner,
			store.NewGame{ID: id, Event: event, Tokens: tokens, Created: st.Created, Meta: metaOf(st)},
			store.Pairing{Game: id, Data: data, Top: lobby.Top(ss, seeker), Created: now})
		if !errors.Is(err, store.ErrExists) {
			break
		}
	}
	if errors.Is(err, store.ErrNotFound) {
		h.mu.Lock()
		h.board.Remove(sk.ID, now)
		h.mu.Unlock()
		return protocol.Errorf(protocol.ErrSeekGone, "seek %s was taken or cancelled meanwhile", sk.ID)
	}
	if err != nil {
		h.s.log.Error("pairing a seek", "seek", sk.ID, "err", err)
		return unavailable(err)
	}
	// The match before anyone loads the game: its cards show the names
	// and ratings, and a rated game is rated at its end (identity.go).
	var ids [2]string
	ids[ownerSeat], ids[takerSeat] = sk.Player, seeker.ID
	match := ids[0] != "" || ids[1] != ""
	if match {
		if err := h.s.Identities().StartMatch(h.s.ctx, id, sk.Variant, sk.Clock, sk.Rated, ids[referee.White], ids[referee.Black]); err != nil {
			h.s.log.Error("recording a paired game's players", "game", id, "err", err)
		}
	}
	// The game's room before the other nodes hear of the game: made from
	// what was just stored, it reads nothing, and subscribed before the
	// message below it sees every change the owner's node makes.
	r, _, err := h.s.acquireSeeded(c.ctx, id, seed{event: event, tokens: tokens, match: match})
	// An owner connected here is seated in that room (nil: not from the
	// seed, which a room released meanwhile would no longer match).
	h.removed(sk.ID, id, int8(ownerSeat), nil)
	h.publish(lobbyMsg{Kind: "remove", ID: sk.ID, Game: id, Seat: int8(ownerSeat), Event: event, Tokens: tokens[:], Match: match})
	// The taker's own seeks are withdrawn: they are playing now.
	h.withdrawAll(c)
	if err != nil {
		return err // the node is stopping
	}
	w := sk.Wire()
	h.seatIn(c, re, r, int8(takerSeat), token, &w, false)
	return nil
}

// removed takes a seek off the board; if it paired a game and its owner
// is connected here, the owner is seated: in a room made from sd (the
// game as another node created it) when this node does not hold the game
// yet, else as in any game (sd nil: read from the store if not held).
func (h *hub) removed(id, game string, seat int8, sd *seed) {
	h.mu.Lock()
	h.board.Remove(id, h.s.now())
	o := h.owned[id]
	h.forgetOwned(id)
	h.mu.Unlock()
	if o == nil || game == "" {
		return
	}
	// In a goroutine of its own: the owner's connection may be acting
	// (taking this node's seek, waiting on ours).
	w := o.seek.Wire()
	go func() {
		o.c.act.Lock()
		defer o.c.act.Unlock()
		if o.c.gone {
			return // the owner left within the grace: the game will be aborted
		}
		h.unfollow(o.c)
		c := o.c
		c.leave()
		var r *room
		var fresh bool
		var err error
		if sd != nil {
			r, fresh, err = h.s.acquireSeeded(c.ctx, game, *sd)
		} else {
			r, err = h.s.acquire(c.ctx, game)
		}
		if err != nil {
			c.sendError(0, err)
			return
		}
		// A room made here from the message may have missed a change the
		// taker's node made before this node subscribed: checked once the
		// owner has their seat.
		h.seatIn(c, 0, r, seat, o.token, &w, fresh)
		h.withdrawAll(c)
	}()
}

// seatIn puts c in a seat of a paired game's room r, whose reference it
// takes (c.act held): as a resume would, with the seek in the seated
// message. check: the room's version is checked once c is seated.
func (h *hub) seatIn(c *conn, re int64, r *room, seat int8, token string, sk *protocol.Seek, check bool) {
	c.leave()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.add(c, seat)
	r.replace(seat, c)
	r.sendState(c, seat)
	c.sendMsg(protocol.ServerMessage{Type: protocol.TypeSeated, Re: re, Game: r.id, Seat: referee.SeatName(rules.Color(seat)), Token: token, Seek: sk})
	c.holds(r.id)
	if check {
		if err := r.refresh(); err != nil {
			h.s.log.Error("checking a paired game's version", "game", r.id, "err", err)
		}
	}
}

// withdrawAll withdraws c's open seeks.
func (h *hub) withdrawAll(c *conn) {
	h.mu.Lock()
	var ids []string
	if m := h.members[c]; m != nil {
		for id := range m.seeks {
			ids = append(ids, id)
		}
	}
	h.mu.Unlock()
	for _, id := range ids {
		h.withdraw(id)
	}
}

// disconnected: c has ended. Its seeks go after the grace (unless taken
// meanwhile), and it watches nothing more.
func (h *hub) disconnected(c *conn) {
	h.mu.Lock()
	delete(h.watchers, c)
	delete(h.followers, c)
	m := h.members[c] // kept until its seeks are withdrawn
	stopped := h.stopped
	h.mu.Unlock()
	if m == nil || stopped {
		return // a node that stops takes its seeks along (dropDeadNodes, PurgeSeeks)
	}
	h.s.clock.AfterFunc(h.cfg.Grace, func() {
		h.withdrawAll(c)
		h.mu.Lock()
		delete(h.members, c)
		h.mu.Unlock()
	})
}

// unfollow: c no longer follows the top game.
func (h *hub) unfollow(c *conn) {
	h.mu.Lock()
	delete(h.followers, c)
	h.mu.Unlock()
}

// watchTop has c watch the highest-rated game being played, and the next
// one whenever that one ends.
func (h *hub) watchTop(c *conn, re int64) error {
	games, err := h.playing(1)
	if err != nil {
		return err
	}
	if len(games) == 0 {
		c.leave()
		h.mu.Lock()
		h.followers[c] = ""
		h.mu.Unlock()
		c.sendMsg(protocol.ServerMessage{Type: protocol.TypeOK, Re: re})
		return nil
	}
	return h.watchGame(c, re, games[0].Game)
}

// watchGame attaches c as a spectator of the top game (c.act held).
func (h *hub) watchGame(c *conn, re int64, game string) error {
	r, err := h.s.acquire(c.ctx, game)
	c.leave()
	if err != nil {
		return err
	}
	r.mu.Lock()
	r.add(c, spectator)
	r.sendState(c, spectator)
	c.sendMsg(protocol.ServerMessage{Type: protocol.TypeWatching, Re: re, Game: game, Top: true})
	r.mu.Unlock()
	h.mu.Lock()
	h.followers[c] = game
	h.mu.Unlock()
	return nil
}

// playing lists the paired games being played, highest rated first.
func (h *hub) playing(limit int) ([]protocol.LiveGame, error) {
	ps, err := h.s.store.Playing(h.s.ctx, limit)
	if err != nil {
		h.s.log.Error("listing the games playing", "err", err)
		return nil, unavailable(err)
	}
	games := make([]protocol.LiveGame, 0, len(ps))
	for _, p := range ps {
		var d pairingData
		if json.Unmarshal(p.Data, &d) == nil {
			games = append(games, d.Live)
		}
	}
	return games, nil
}

// committed is told of every event this node stores: a paired game's end
// goes to the ratings hook.
func (h *hub) committed(st *referee.State, e referee.Event) {
	if h.cfg.GameOver == nil || !st.Lobby() || st.Status() != referee.Over {
		return
	}
	switch e.Kind {
	case protocol.EventRematch, protocol.EventRematchOffered, protocol.EventRematchDeclined:
		return // after the end
	}
	res, reason := st.Outcome()
	f := Finished{Game: st.ID, Result: res.Score(), Reason: reason, Counts: st.Counts()}
	go h.cfg.GameOver(f)
}
