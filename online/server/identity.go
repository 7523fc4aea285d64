package server

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"bashni/online/identity"
	"bashni/online/protocol"
	"bashni/online/rating"
	"bashni/online/referee"
	"bashni/online/store"
)

// movedSubject carries, between nodes, the ids of players whose identity
// moved to another device, so that every node tells the old device's
// connections.
const movedSubject = "bashni.players.moved"

// Rate limits of the identity requests, per client address: a name is
// looked up on every attempt, so attempts are bounded to keep anyone from
// listing the names taken; transfer codes are guessed at most this fast.
const (
	identifyPerMinute = 30
	namePerMinute     = 10
	claimPerMinute    = 10
	lookupPerMinute   = 60
)

// identities binds players to this node's connections and answers the
// identity, profile and leaderboard requests (docs/ONLINE.md, "Players").
type identities struct {
	s   *Server
	svc *identity.Service

	identifyLimits, nameLimits, claimLimits, lookupLimits *limiters

	mu       sync.Mutex
	who      map[*conn]store.Player
	byPlayer map[string]map[*conn]struct{}
}

// perMinuteOr is a limit, or none (-1) when off.
func perMinuteOr(n int, off bool) int {
	if off {
		return -1
	}
	return n
}

func newIdentities(s *Server) *identities {
	ids := &identities{s: s,
		svc:            &identity.Service{Store: s.store, Now: s.now},
		identifyLimits: newLimiters(perMinuteOr(identifyPerMinute, s.cfg.NoPlayerLimits), 10),
		nameLimits:     newLimiters(perMinuteOr(namePerMinute, s.cfg.NoPlayerLimits), 10),
		claimLimits:    newLimiters(perMinuteOr(claimPerMinute, s.cfg.NoPlayerLimits), 5),
		lookupLimits:   newLimiters(perMinuteOr(lookupPerMinute, s.cfg.NoPlayerLimits), 30),
		who:            map[*conn]store.Player{},
		byPlayer:       map[string]map[*conn]struct{}{},
	}
	if s.cfg.NATS != nil {
		sub, err := s.cfg.NATS.Subscribe(movedSubject, func(m *nats.Msg) {
			var msg struct{ Player, Node string }
			if json.Unmarshal(m.Data, &msg) == nil && msg.Node != s.cfg.Node {
				ids.moved(msg.Player)
			}
		})
		if err != nil {
			s.log.Error("subscribing to moved identities", "err", err)
		} else {
			context.AfterFunc(s.ctx, func() { sub.Unsubscribe() })
		}
	}
	return ids
}

// Identities is the identity service the lobby uses beside a
// connection's Player and PlayerRating:
//
//   - StartMatch records a game it pairs (rated or casual, with both
//     players' ids), before the game's room is first acquired (before or
//     right after store.Create: the match does not refer to the games
//     row), so that the game's cards show names and ratings;
//   - Abort marks a game aborted (no first move in time) before its end
//     is committed; a game that ends with the reason "aborted"
//     (reasonAborted) is marked so by the room in any case. Neither
//     changes a rating;
//   - Rating and Match read a player's rating and a game's players.
//
// The end of a rated game is rated by the room itself (finishRatings).
func (s *Server) Identities() *identity.Service { return s.ids.svc }

// Player is the player a connection identified as; false if it has not
// (or its identity moved away). The lobby pairs identified players only
// for rated games, and shows Name and Identities().Rating.
func (c *conn) Player() (store.Player, bool) {
	c.s.ids.mu.Lock()
	defer c.s.ids.mu.Unlock()
	p, ok := c.s.ids.who[c]
	return p, ok
}

// PlayerRating is the connection's player and rating for games of
// variant with clock, as the lobby shows them beside a seek and pairs by:
// ok is false if the connection has not identified. A player without a
// name (Name "") plays casual games only; a clock without a speed class
// (no clock) gives the starting rating.
func (c *conn) PlayerRating(ctx context.Context, variant string, clock protocol.Clock) (p store.Player, r protocol.RatingInfo, ok bool, err error) {
	p, ok = c.Player()
	if !ok {
		return p, r, false, nil
	}
	speed, timed := rating.SpeedOf(clock)
	if !timed {
		return p, protocol.RatingInfo{Variant: variant, Rating: identity.Round(rating.Start.Rating), RD: identity.Round(rating.Start.RD), Provisional: true}, true, nil
	}
	r, err = c.s.ids.svc.Rating(ctx, p.ID, variant, speed)
	return p, r, true, err
}

// handle answers an identity or profile request; false if m is not one.
func (ids *identities) handle(c *conn, m *protocol.ClientMessage) (bool, error) {
	switch m.Type {
	case protocol.TypeIdentify:
		if !ids.identifyLimits.allow(c.ip) {
			return true, protocol.Errorf(protocol.ErrRateLimited, "too many identifications from your address: wait a minute")
		}
		p, err := ids.svc.Identify(c.ctx, m.Key)
		if err != nil {
			return true, err
		}
		ids.bind(c, p)
		ids.setKey(c, m.Key)
		return true, ids.answer(c, m.ID, p)
	case protocol.TypeClaimTransfer:
		if !ids.claimLimits.allow(c.ip) {
			return true, protocol.Errorf(protocol.ErrRateLimited, "too many transfer attempts from your address: wait a minute")
		}
		p, err := ids.svc.Claim(c.ctx, m.Code, m.Key)
		if err != nil {
			return true, err
		}
		ids.moved(p.ID) // the old device's connections here
		if nc := ids.s.cfg.NATS; nc != nil && !ids.s.dead.Load() {
			b, _ := json.Marshal(struct{ Player, Node string }{p.ID, ids.s.cfg.Node})
			if err := nc.Publish(movedSubject, b); err != nil {
				ids.s.log.Error("telling the other nodes of a moved identity", "err", err)
			}
		}
		ids.bind(c, p)
		ids.setKey(c, m.Key)
		return true, ids.answer(c, m.ID, p)
	case protocol.TypeSetName:
		p, ok := c.Player()
		if !ok {
			return true, notIdentified()
		}
		// A name that cannot be is refused without looking anything up
		// (and without counting against the limit).
		if _, _, err := identity.CheckNewName(m.Name); err != nil {
			return true, err
		}
		if !ids.nameLimits.allow(c.ip) {
			return true, protocol.Errorf(protocol.ErrRateLimited, "too many name attempts from your address: wait a minute")
		}
		p, err := ids.svc.SetName(c.ctx, p.ID, m.Name)
		if err != nil {
			return true, err
		}
		ids.bind(c, p)
		return true, ids.answer(c, m.ID, p)
	case protocol.TypeTransferCode:
		p, ok := c.Player()
		if !ok {
			return true, notIdentified()
		}
		if !ids.nameLimits.allow(c.ip) {
			return true, protocol.Errorf(protocol.ErrRateLimited, "too many transfer codes from your address: wait a minute")
		}
		t, err := ids.svc.NewTransfer(c.ctx, p.ID)
		if err != nil {
			return true, err
		}
		c.sendMsg(protocol.ServerMessage{Type: protocol.TypeTransfer, Re: m.ID, Transfer: &t})
		return true, nil
	case protocol.TypeProfile:
		if !ids.lookupLimits.allow(c.ip) {
			return true, protocol.Errorf(protocol.ErrRateLimited, "too many lookups from your address: wait a minute")
		}
		prof, err := ids.svc.Profile(c.ctx, m.Name)
		if err != nil {
			return true, err
		}
		if prof.Arenas, err = ids.s.arenas.profileArenas(c.ctx, m.Name, ids.s.now()); err != nil {
			return true, err
		}
		c.sendMsg(protocol.ServerMessage{Type: protocol.TypeProfile, Re: m.ID, Profile: &prof})
		return true, nil
	case protocol.TypeLeaderboard:
		if !ids.lookupLimits.allow(c.ip) {
			return true, protocol.Errorf(protocol.ErrRateLimited, "too many lookups from your address: wait a minute")
		}
		speed, err := rating.ParseSpeed(m.Speed)
		if err != nil {
			return true, protocol.Errorf(protocol.ErrBadMessage, "%v", err)
		}
		board, err := ids.svc.Leaderboard(c.ctx, m.Variant, speed)
		if err != nil {
			return true, err
		}
		c.sendMsg(protocol.ServerMessage{Type: protocol.TypeLeaderboard, Re: m.ID, Leaderboard: &board})
		return true, nil
	}
	return false, nil
}

func notIdentified() error {
	return protocol.Errorf(protocol.ErrNotIdentified, "identify first: {\"type\":\"identify\",\"key\":…}")
}

func (ids *identities) answer(c *conn, re int64, p store.Player) error {
	id, err := ids.svc.Identity(c.ctx, p)
	if err != nil {
		return err
	}
	c.sendMsg(protocol.ServerMessage{Type: protocol.TypeIdentity, Re: re, Identity: &id})
	return nil
}

// bind makes p the connection's player.
// setKey keeps the key c identified with (arena.go's seat tokens).
func (ids *identities) setKey(c *conn, key string) {
	ids.mu.Lock()
	c.key = key
	ids.mu.Unlock()
}

// arenaKey is the key c identified with; "" if it has not.
func (c *conn) arenaKey() string {
	c.s.ids.mu.Lock()
	defer c.s.ids.mu.Unlock()
	if _, ok := c.s.ids.who[c]; !ok {
		return ""
	}
	return c.key
}

func (ids *identities) bind(c *conn, p store.Player) {
	ids.mu.Lock()
	defer ids.mu.Unlock()
	if old, ok := ids.who[c]; ok && old.ID != p.ID {
		ids.unbindLocked(c, old.ID)
	}
	ids.who[c] = p
	set := ids.byPlayer[p.ID]
	if set == nil {
		set = map[*conn]struct{}{}
		ids.byPlayer[p.ID] = set
	}
	set[c] = struct{}{}
}

func (ids *identities) unbindLocked(c *conn, player string) {
	delete(ids.who, c)
	if set := ids.byPlayer[player]; set != nil {
		delete(set, c)
		if len(set) == 0 {
			delete(ids.byPlayer, player)
		}
	}
}

// forget drops a closed connection.
func (ids *identities) forget(c *conn) {
	ids.mu.Lock()
	defer ids.mu.Unlock()
	if p, ok := ids.who[c]; ok {
		ids.unbindLocked(c, p.ID)
	}
}

// moved tells the connections identified as the player (on this node)
// that their identity moved to another device, and unbinds them.
func (ids *identities) moved(player string) {
	ids.mu.Lock()
	var conns []*conn
	for c := range ids.byPlayer[player] {
		conns = append(conns, c)
	}
	for _, c := range conns {
		ids.unbindLocked(c, player)
	}
	ids.mu.Unlock()
	for _, c := range conns {
		c.sendMsg(protocol.ServerMessage{Type: protocol.TypeMoved, Code: protocol.ErrKeyMoved,
			Message: "your player moved to another device with a transfer code: this device's key no longer works"})
	}
}

// finishRatings records a room's game's end and returns its rating changes
// (nil if it is not rated). Any node may call it, any number of times:
// only the first call for a game rates it (the store decides), the others
// read what it recorded. The room's mu is held. A game aborted (reason
// "aborted", the lobby's) is never rated.
func (r *room) finishRatings() {
	if r.ratingsKnown || r.state == nil || r.state.Status() != referee.Over {
		return
	}
	res, reason := r.state.Outcome()
	if reason == reasonAborted {
		if _, err := r.s.ids.svc.Abort(r.s.ctx, r.id); err != nil {
			r.s.log.Error("recording an aborted game", "game", r.id, "err", err)
			return
		}
		r.ratingsKnown = true
		return
	}
	ctx, cancel := context.WithTimeout(r.s.ctx, 10*time.Second)
	defer cancel()
	gr, err := r.s.ids.svc.Finish(ctx, r.id, res.Score())
	if err != nil {
		// Left unknown: the next change or state of the game tries again.
		r.s.log.Error("rating a game", "game", r.id, "err", err)
		return
	}
	r.ratings, r.ratingsKnown = gr, true
}

// reasonAborted is the reason of a game aborted before its first move,
// which the lobby ends that way: such games are never rated.
const reasonAborted = "aborted"

// sweep, the janitor's round: it rates the games whose end was stored but
// not rated (a node stopped between the two), and forgets idle limiters.
func (ids *identities) sweep() {
	games, err := ids.s.store.UnratedEnds(ids.s.ctx, 100)
	if err != nil {
		ids.s.log.Error("finding games to rate", "err", err)
	}
	for _, id := range games {
		r, err := ids.s.acquire(ids.s.ctx, id)
		if err != nil {
			continue
		}
		r.mu.Lock()
		r.finishRatings()
		r.mu.Unlock()
		ids.s.release(r)
	}
	for _, l := range []*limiters{ids.identifyLimits, ids.nameLimits, ids.claimLimits, ids.lookupLimits} {
		l.sweep(10 * time.Minute)
	}
}

// loadPlayers reads the names and ratings of the seats of a game between
// identified players (its match, recorded when the lobby paired them,
// with the ratings they had then): once per load, so the game's cards
// show who plays, the same on every node. A game without a match (by
// link) costs one lookup. The room's mu is held.
func (r *room) loadPlayers() {
	ctx, cancel := context.WithTimeout(r.s.ctx, 10*time.Second)
	defer cancel()
	m, err := r.s.ids.svc.Match(ctx, r.id)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			r.s.log.Error("reading a game's players", "game", r.id, "err", err)
		}
		return
	}
	names := [2]string{m.WhiteName, m.BlackName}
	for seat := range names {
		if names[seat] == "" {
			continue
		}
		r.players[seat].Name = names[seat]
		if start := m.Start[seat]; start != nil {
			r.players[seat].Rating, r.players[seat].Provisional = identity.Round(start.Rating), start.Provisional()
		}
	}
}

// showPlayers puts the seats' names and ratings into a state.
func (r *room) showPlayers(st *protocol.GameState) {
	for seat, p := range []*protocol.Player{&st.White, &st.Black} {
		p.Name, p.Rating, p.Provisional = r.players[seat].Name, r.players[seat].Rating, r.players[seat].Provisional
	}
}
