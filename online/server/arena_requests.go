package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"bashni/online/arena"
	"bashni/online/identity"
	"bashni/online/protocol"
	"bashni/online/store"
)

// handle answers an arena request (the connection's reader, c.act held).
func (a *arenas) handle(c *conn, m *protocol.ClientMessage) error {
	if !a.limits.allow(c.ip) {
		return protocol.Errorf(protocol.ErrRateLimited, "too many arena requests from your address: wait a minute")
	}
	now := a.s.now()
	switch m.Type {
	case protocol.TypeArenas:
		list, err := a.listAnswer(c.ctx, now)
		if err != nil {
			return err
		}
		c.sendMsg(protocol.ServerMessage{Type: protocol.TypeArenaList, Re: m.ID, Arenas: list})
		return nil
	case protocol.TypeCreateArena:
		return a.create(c, m, now)
	case protocol.TypeJoinArena:
		return a.join(c, m, now)
	case protocol.TypeLeaveArena:
		return a.leave(c, m)
	case protocol.TypeWatchArena:
		r, err := a.run(c.ctx, m.Arena)
		if err != nil {
			return err
		}
		return a.watch(c, m.ID, r, max(m.Page, 1), now)
	case protocol.TypeUnwatchArena:
		a.mu.Lock()
		delete(a.watchers, c)
		a.mu.Unlock()
		c.sendMsg(protocol.ServerMessage{Type: protocol.TypeOK, Re: m.ID})
		return nil
	}
	return protocol.Errorf(protocol.ErrBadMessage, "unknown message type %q", m.Type)
}

// listAnswer is the running and coming arenas, and those over within the
// hour, by start.
func (a *arenas) listAnswer(ctx context.Context, now time.Time) ([]protocol.ArenaInfo, error) {
	sts, err := a.s.store.ListArenas(ctx, now.Add(-time.Hour), protocol.MaxArenaList)
	if err != nil {
		a.s.log.Error("listing arenas", "err", err)
		return nil, unavailable(err)
	}
	out := []protocol.ArenaInfo{}
	for _, st := range sts {
		r, err := newRun(st)
		if err != nil {
			continue
		}
		n := 0
		a.mu.Lock()
		if known := a.runs[st.ID]; known != nil && known.version >= 0 {
			n = len(known.rows)
		}
		a.mu.Unlock()
		out = append(out, a.info(r, now, n))
	}
	return out, nil
}

// named is c's player, who must have a name to play in arenas.
func named(c *conn) (store.Player, error) {
	p, ok := c.Player()
	if !ok || p.Name == "" {
		return p, protocol.Errorf(protocol.ErrNameRequired, "arenas are for named players: identify and choose a name first")
	}
	return p, nil
}

func (a *arenas) create(c *conn, m *protocol.ClientMessage, now time.Time) error {
	p, err := named(c)
	if err != nil {
		return err
	}
	set := arena.Settings{Name: m.Name, Variant: m.Variant, Clock: *m.Clock, Minutes: m.Minutes, Rated: m.Rated != nil && *m.Rated, By: p.Name}
	if err := set.Check(); err != nil {
		return err
	}
	if !a.creates.allow(c.ip) {
		return protocol.Errorf(protocol.ErrRateLimited, "too many arenas from your address: wait an hour")
	}
	sts, err := a.s.store.ListArenas(c.ctx, now, 1000)
	if err != nil {
		return unavailable(err)
	}
	mine := 0
	for _, st := range sts {
		if st.Creator != "" {
			mine++
		}
	}
	if mine >= a.cfg.MaxPlayerArenas {
		return protocol.Errorf(protocol.ErrArenaLimit, "%d arenas made by players are coming or running, as many as the server holds: join one", mine)
	}
	data, _ := json.Marshal(set)
	starts := now.Add(time.Duration(m.StartsIn) * time.Second)
	st := store.Arena{ID: protocol.NewSeekID(), Data: data, Starts: starts, Ends: starts.Add(set.Duration()), Creator: p.ID, Created: now}
	if err := a.s.store.CreateArena(c.ctx, st); err != nil {
		a.s.log.Error("storing an arena", "err", err)
		return unavailable(err)
	}
	r, err := a.run(c.ctx, st.ID)
	if err != nil {
		return err
	}
	return a.watch(c, m.ID, r, 1, now)
}

// watch answers with a page of the arena and pushes its changes to c.
func (a *arenas) watch(c *conn, re int64, r *arenaRun, page int, now time.Time) error {
	if err := a.refresh(r, now, false); err != nil {
		return unavailable(err)
	}
	a.mu.Lock()
	a.watchers[c] = arenaWatch{arena: r.st.ID, page: page}
	a.mu.Unlock()
	v := a.view(r, now, page, a.playerOf(c, r.st.ID))
	c.sendMsg(protocol.ServerMessage{Type: protocol.TypeArenaState, Re: re, Arena: &v})
	return nil
}

func (a *arenas) join(c *conn, m *protocol.ClientMessage, now time.Time) error {
	p, err := named(c)
	if err != nil {
		return err
	}
	r, err := a.run(c.ctx, m.Arena)
	if err != nil {
		return err
	}
	if !now.Before(r.st.Ends) {
		return protocol.Errorf(protocol.ErrArenaOver, "arena %s is over", r.st.ID)
	}
	key := c.arenaKey()
	if key == "" {
		return protocol.Errorf(protocol.ErrNotIdentified, "identify first")
	}
	// The table as this node last read it (within Push): enough to bound
	// the players, and cheap when a thousand join at once.
	a.mu.Lock()
	_, entered := r.entries[p.ID]
	full := len(r.entries) >= protocol.MaxArenaPlayers
	a.mu.Unlock()
	if full && !entered {
		return protocol.Errorf(protocol.ErrArenaLimit, "arena %s has %d players, as many as it takes", r.st.ID, protocol.MaxArenaPlayers)
	}
	_, rt, _, err := c.PlayerRating(c.ctx, r.set.Variant, r.set.Clock)
	if err != nil {
		return err
	}
	e, err := a.s.store.JoinArena(c.ctx, store.Entry{Arena: r.st.ID, Player: p.ID, Name: p.Name, Rating: rt.Rating,
		TokenHash: hashToken(seatToken(key, r.st.ID)), Node: a.s.cfg.Node, Since: now, Joined: now})
	if err != nil {
		a.s.log.Error("entering an arena", "arena", r.st.ID, "err", err)
		return unavailable(err)
	}
	a.mu.Lock()
	byPlayer := a.entrants[r.st.ID]
	if byPlayer == nil {
		byPlayer = map[string]map[*conn]struct{}{}
		a.entrants[r.st.ID] = byPlayer
	}
	if byPlayer[p.ID] == nil {
		byPlayer[p.ID] = map[*conn]struct{}{}
	}
	byPlayer[p.ID][c] = struct{}{}
	if a.joined[c] == nil {
		a.joined[c] = map[string]string{}
	}
	a.joined[c][r.st.ID] = p.ID
	a.mu.Unlock()
	a.mu.Lock()
	a.watchers[c] = arenaWatch{arena: r.st.ID, page: 1}
	a.mu.Unlock()
	v := a.view(r, now, 1, p.ID)
	if v.You == nil {
		// Not in the table as last read: a newcomer, ranked at the next read.
		v.You = &protocol.ArenaEntry{ArenaRow: protocol.ArenaRow{Name: p.Name, Rating: e.Rating, Sheet: []int{}}}
	}
	c.sendMsg(protocol.ServerMessage{Type: protocol.TypeArenaState, Re: m.ID, Arena: &v})
	if e.Playing != "" {
		// Back during a game (another node died, a reload): its seat.
		if err := a.refresh(r, now, true); err == nil {
			a.catchUp(r)
		}
	}
	a.wake()
	return nil
}

// leave pauses c's player in the arena.
func (a *arenas) leave(c *conn, m *protocol.ClientMessage) error {
	p, err := named(c)
	if err != nil {
		return err
	}
	if err := a.s.store.PauseEntry(c.ctx, m.Arena, p.ID, ""); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return protocol.Errorf(protocol.ErrNotFound, "you have not entered arena %s", m.Arena)
		}
		return unavailable(err)
	}
	a.mu.Lock()
	for cc := range a.entrants[m.Arena][p.ID] {
		delete(a.joined[cc], m.Arena)
	}
	delete(a.entrants[m.Arena], p.ID)
	a.mu.Unlock()
	c.sendMsg(protocol.ServerMessage{Type: protocol.TypeOK, Re: m.ID})
	return nil
}

// disconnected: c has ended. Its entries are paused after the grace,
// unless another connection of the player here entered again, or the entry
// moved to another node meanwhile (PauseEntry checks the node).
func (a *arenas) disconnected(c *conn) {
	a.mu.Lock()
	delete(a.watchers, c)
	delete(a.seated, c)
	entered := a.joined[c]
	delete(a.joined, c)
	for id, player := range entered {
		delete(a.entrants[id][player], c)
	}
	a.mu.Unlock()
	if len(entered) == 0 {
		return
	}
	a.s.clock.AfterFunc(a.cfg.Grace, func() {
		for id, player := range entered {
			a.mu.Lock()
			still := len(a.entrants[id][player]) > 0
			if !still {
				delete(a.entrants[id], player)
			}
			a.mu.Unlock()
			if still || a.s.dead.Load() {
				continue
			}
			if err := a.s.store.PauseEntry(a.s.ctx, id, player, a.s.cfg.Node); err != nil && !errors.Is(err, store.ErrNotFound) {
				a.s.log.Error("pausing an arena entry", "arena", id, "err", err)
			}
		}
	})
}

// serveArena answers GET /online/arenas/{id}: the arena with its whole
// table, for its page and after its end.
func (s *Server) serveArena(w http.ResponseWriter, r *http.Request) {
	if !s.attachLimits.allow(s.clientIP(r)) {
		httpError(w, http.StatusTooManyRequests, protocol.Errorf(protocol.ErrRateLimited, "too many requests: wait a minute"))
		return
	}
	id, err := protocol.NormalizeArenaID(r.PathValue("id"))
	if err != nil {
		httpError(w, http.StatusBadRequest, err)
		return
	}
	run, err := s.arenas.run(r.Context(), id)
	if err != nil {
		status := http.StatusServiceUnavailable
		if isCode(err, protocol.ErrNotFound) {
			status = http.StatusNotFound
		}
		httpError(w, status, err)
		return
	}
	now := s.now()
	if err := s.arenas.refresh(run, now, false); err != nil {
		httpError(w, http.StatusServiceUnavailable, unavailable(err))
		return
	}
	writeJSON(w, s.arenas.view(run, now, 0, ""))
}

// profileArenas lists the arenas a player entered, for their profile.
func (a *arenas) profileArenas(ctx context.Context, name string, now time.Time) ([]protocol.ArenaLine, error) {
	_, folded, err := identity.CheckName(name)
	if err != nil {
		return nil, nil
	}
	p, err := a.s.store.PlayerByName(ctx, folded)
	if err != nil {
		return nil, nil
	}
	sts, err := a.s.store.PlayerArenas(ctx, p.ID, 10)
	if err != nil {
		return nil, unavailable(err)
	}
	var out []protocol.ArenaLine
	for _, st := range sts {
		r, err := a.run(ctx, st.ID)
		if err != nil {
			continue
		}
		if err := a.refresh(r, now, false); err != nil {
			return nil, unavailable(err)
		}
		a.mu.Lock()
		l := protocol.ArenaLine{ID: st.ID, Name: r.set.Name, Sched: st.Schedule, Starts: st.Starts.UnixMilli(), Ends: st.Ends.UnixMilli(), Players: len(r.rows),
			Status: string(arena.StatusAt(st.Starts, st.Ends, now))}
		for _, row := range r.rows {
			if row.Player.ID == p.ID {
				l.Rank, l.Points = row.Rank, row.Sheet.Points
			}
		}
		a.mu.Unlock()
		out = append(out, l)
	}
	return out, nil
}
