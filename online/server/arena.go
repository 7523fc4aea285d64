package server

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"golang.org/x/time/rate"

	"bashni/online/arena"
	"bashni/online/protocol"
	"bashni/online/referee"
	"bashni/online/store"
	"bashni/rules"
)

// ArenaConfig configures arenas (docs/ONLINE.md "Arenas"). Zero values take
// the defaults in brackets.
type ArenaConfig struct {
	// Schedules are the arenas the server makes [arena.DefaultSchedules];
	// NoSchedule: none.
	Schedules  []arena.Schedule
	NoSchedule bool
	// Tick is how often the node holding an arena's lease pairs its
	// waiting players [250ms]
	Tick time.Duration
	// Lease is how long a node's lease on an arena lasts unless renewed:
	// another node takes over this long after the holder dies [3s]
	Lease time.Duration
	// Push is how often each node reads what changed in the arenas its
	// connections watch and tells them [500ms]
	Push time.Duration
	// CreatePerHour bounds the arenas one address may create an hour;
	// negative: no limit [4, burst 2]
	CreatePerHour int
	// RequestsPerMinute bounds the other arena requests of one address;
	// negative: no limit [120, burst 60]
	RequestsPerMinute int
	// MaxPlayerArenas bounds the players' arenas coming or running on
	// every node together [100]
	MaxPlayerArenas int
	// Grace is how long an entry outlives its player's last connection
	// before it is paused [5s]
	Grace time.Duration
}

func (cfg *ArenaConfig) defaults() {
	if cfg.Schedules == nil && !cfg.NoSchedule {
		cfg.Schedules = arena.DefaultSchedules()
	}
	if cfg.Tick <= 0 {
		cfg.Tick = 250 * time.Millisecond
	}
	if cfg.Lease <= 0 {
		cfg.Lease = 3 * time.Second
	}
	if cfg.Push <= 0 {
		cfg.Push = 500 * time.Millisecond
	}
	if cfg.CreatePerHour == 0 {
		cfg.CreatePerHour = 4
	}
	if cfg.RequestsPerMinute == 0 {
		cfg.RequestsPerMinute = 120
	}
	if cfg.MaxPlayerArenas <= 0 {
		cfg.MaxPlayerArenas = 100
	}
	if cfg.Grace <= 0 {
		cfg.Grace = 5 * time.Second
	}
}

// arenaSubject carries the pairings of arenas between nodes, so that the
// node holding a player's connection seats them at once (the nodes also
// find the pairings when they read the arena, within Push).
const arenaSubject = "bashni.arena"

type arenaMsg struct {
	Arena string `json:"a"`
	Game  string `json:"g"`
	White string `json:"w"`
	Black string `json:"b"`
}

// arenas is this node's part of the arenas: the entrants and watchers
// connected here, the arenas it knows, and the leases it holds.
type arenas struct {
	s        *Server
	cfg      ArenaConfig
	limits   *limiters
	creates  *limiters
	sub      *nats.Subscription
	kick     chan struct{}
	stopOnce sync.Once
	stopCh   chan struct{}

	mu       sync.Mutex
	runs     map[string]*arenaRun // arenas not long over, by id
	entrants map[string]map[string]map[*conn]struct{}
	joined   map[*conn]map[string]string // the arenas each connection entered, with its player
	watchers map[*conn]arenaWatch
	// seated is the arena games each connection was seated in, newest
	// last: a table read before a game ended still shows the player in
	// it, and must not seat them there again once they play the next.
	seated map[*conn][]string
	listed time.Time // when runs were last read from the store
}

type arenaWatch struct {
	arena string
	page  int
}

// arenaRun is what a node knows of one arena: its settings, its table as
// last read, and its lease if held.
type arenaRun struct {
	st       store.Arena
	set      arena.Settings
	version  int64 // the store's version of the table read
	read     time.Time
	entries  map[string]store.Entry
	games    map[string]store.ArenaGame
	rows     []arena.Row
	lease    time.Time      // this node's lease runs until then; zero if not held
	tried    time.Time      // the last attempt at the lease
	pairing  bool           // a pairing round is going on
	swept    time.Time      // when ended games were last looked for
	points   map[string]int // each player's points in rows
	rank     map[string]int // each player's index in rows
	informed int64          // the version last pushed to watchers
}

func newArenas(s *Server) (*arenas, error) {
	cfg := s.cfg.Arenas
	cfg.defaults()
	for _, sc := range cfg.Schedules {
		if err := sc.Check(); err != nil {
			return nil, err
		}
	}
	a := &arenas{s: s, cfg: cfg, kick: make(chan struct{}, 1), stopCh: make(chan struct{}),
		limits: newLimiters(cfg.RequestsPerMinute, 60), runs: map[string]*arenaRun{},
		entrants: map[string]map[string]map[*conn]struct{}{}, joined: map[*conn]map[string]string{}, watchers: map[*conn]arenaWatch{}, seated: map[*conn][]string{}}
	if cfg.CreatePerHour > 0 {
		a.creates = &limiters{limit: rate.Limit(float64(cfg.CreatePerHour) / 3600), burst: 2, byAddr: map[string]*limiterEntry{}}
	}
	if s.cluster != nil {
		sub, err := s.cluster.nc.Subscribe(arenaSubject, a.onBus)
		if err != nil {
			return nil, err
		}
		a.sub = sub
	}
	s.bg.Add(1)
	go a.loop()
	return a, nil
}

func (a *arenas) stop() {
	a.stopOnce.Do(func() {
		if a.sub != nil {
			a.sub.Unsubscribe()
		}
		close(a.stopCh)
	})
}

// seatToken is the seat token a player holds in every game of an arena:
// made from their player key, which their connection sent, so that any of
// their connections, on any node, can be told it, and nothing is stored
// but its hash. (A key moved to another device makes another token: the
// games already paired keep the old one.)
func seatToken(key, arenaID string) string {
	h := sha256.Sum256([]byte("bashni arena seat\x00" + key + "\x00" + arenaID))
	return base64.RawURLEncoding.EncodeToString(h[:])
}

// loop pairs the arenas whose lease this node holds, makes the scheduled
// arenas, and tells watchers what changed.
func (a *arenas) loop() {
	defer a.s.bg.Done()
	t := a.s.clock.NewTicker(a.cfg.Tick)
	defer t.Stop()
	// The tables are read and pushed between pairing rounds: on a busy
	// machine, pushes beside pairing took the time pairing needed.
	var scheduled, pushed time.Time
	for {
		select {
		case <-a.stopCh:
			a.releaseAll()
			return
		case <-a.s.ctx.Done():
			return
		case <-t.Chan():
		case <-a.kick:
		}
		now := a.s.now()
		if now.Sub(scheduled) >= 10*time.Second {
			scheduled = now
			a.schedule(now)
		}
		if now.Sub(a.listed) >= 2*time.Second {
			a.list(now)
		}
		a.pairAll(now)
		if now.Sub(pushed) >= a.cfg.Push {
			pushed = now
			a.pushAll(now)
		}
	}
}

// wake has the loop run at once (a game ended here, a player came back).
func (a *arenas) wake() {
	select {
	case a.kick <- struct{}{}:
	default:
	}
}

// schedule makes the scheduled arenas running now and next; every node
// does, and the store keeps one per schedule and start.
func (a *arenas) schedule(now time.Time) {
	for _, sc := range a.cfg.Schedules {
		first := sc.Next(now.Add(-sc.Settings.Duration() + time.Millisecond))
		for _, starts := range []time.Time{first, first.Add(sc.Every)} {
			set := sc.Settings
			set.Schedule = sc.Key
			data, _ := json.Marshal(set)
			st := store.Arena{ID: protocol.NewSeekID(), Data: data, Starts: starts, Ends: starts.Add(set.Duration()), Schedule: sc.Key, Created: now}
			if err := a.s.store.CreateArena(a.s.ctx, st); err != nil && !errors.Is(err, store.ErrExists) {
				a.s.log.Error("making a scheduled arena", "schedule", sc.Key, "err", err)
			}
		}
	}
}

// list reads the arenas not over (and those over within the hour, whose
// pages are still asked for).
func (a *arenas) list(now time.Time) {
	sts, err := a.s.store.ListArenas(a.s.ctx, now.Add(-time.Hour), 500)
	if err != nil {
		a.s.log.Error("listing arenas", "err", err)
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.listed = now
	keep := map[string]bool{}
	for _, st := range sts {
		keep[st.ID] = true
		if a.runs[st.ID] == nil {
			if r, err := newRun(st); err == nil {
				a.runs[st.ID] = r
			}
		}
	}
	for id, r := range a.runs {
		if !keep[id] && len(a.entrants[id]) == 0 && r.lease.IsZero() {
			delete(a.runs, id)
		}
	}
}

func newRun(st store.Arena) (*arenaRun, error) {
	var set arena.Settings
	if err := json.Unmarshal(st.Data, &set); err != nil {
		return nil, err
	}
	return &arenaRun{st: st, set: set, version: -1, informed: -1}, nil
}

// run is the arena id, read from the store if this node does not know it.
func (a *arenas) run(ctx context.Context, id string) (*arenaRun, error) {
	a.mu.Lock()
	r := a.runs[id]
	a.mu.Unlock()
	if r != nil {
		return r, nil
	}
	st, err := a.s.store.Arena(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, protocol.Errorf(protocol.ErrNotFound, "there is no arena %s", id)
	}
	if err != nil {
		a.s.log.Error("reading an arena", "arena", id, "err", err)
		return nil, unavailable(err)
	}
	r, err = newRun(st)
	if err != nil {
		return nil, protocol.Errorf(protocol.ErrUnavailable, "arena %s is damaged: %v", id, err)
	}
	a.mu.Lock()
	if old := a.runs[id]; old != nil {
		r = old
	} else {
		a.runs[id] = r
	}
	a.mu.Unlock()
	return r, nil
}

// pairAll pairs every running arena whose lease this node holds or takes.
func (a *arenas) pairAll(now time.Time) {
	a.mu.Lock()
	var due []*arenaRun
	for _, r := range a.runs {
		if arena.StatusAt(r.st.Starts, r.st.Ends, now) != arena.Running || r.pairing {
			if !r.lease.IsZero() && !now.Before(r.st.Ends) {
				r.lease = time.Time{} // over: let it go
			}
			continue
		}
		// The holder renews at half the lease; the others try every
		// second, so that one of them takes over soon after it runs out.
		if r.lease.IsZero() && now.Sub(r.tried) < time.Second {
			continue
		}
		r.pairing = true
		due = append(due, r)
	}
	a.mu.Unlock()
	for _, r := range due {
		a.pairRun(r, now)
		a.mu.Lock()
		r.pairing = false
		a.mu.Unlock()
	}
}

// pairRun pairs one arena's waiting players if this node holds its lease.
func (a *arenas) pairRun(r *arenaRun, now time.Time) {
	a.mu.Lock()
	held, tried := r.lease, r.tried
	a.mu.Unlock()
	if held.IsZero() || held.Sub(now) < a.cfg.Lease/2 || now.Sub(tried) >= time.Second {
		until := now.Add(a.cfg.Lease)
		ok, err := a.s.store.LeaseArena(a.s.ctx, r.st.ID, a.s.cfg.Node, now, until)
		a.mu.Lock()
		r.tried = now
		if err != nil || !ok {
			r.lease = time.Time{}
		} else {
			r.lease = until
		}
		a.mu.Unlock()
		if err != nil {
			a.s.log.Error("leasing an arena", "arena", r.st.ID, "err", err)
		}
		if err != nil || !ok {
			return
		}
	}
	// Games whose end is stored but not in the arena: their node
	// stopped between the two.
	a.mu.Lock()
	sweep := now.Sub(r.swept) >= 2*time.Second
	if sweep {
		r.swept = now
	}
	a.mu.Unlock()
	if sweep {
		ended, err := a.s.store.EndedArenaGames(a.s.ctx, r.st.ID, 100)
		if err != nil {
			a.s.log.Error("finding an arena's ended games", "arena", r.st.ID, "err", err)
		}
		for _, g := range ended {
			a.finishStored(g)
		}
	}
	// The waiting entries, fresh; their points from the table as last
	// read (within Push: a point more or less only moves a player a
	// place in the ranking that pairs them).
	es, err := a.s.store.WaitingEntries(a.s.ctx, r.st.ID)
	if err != nil {
		a.s.log.Error("reading an arena's waiting players", "arena", r.st.ID, "err", err)
		return
	}
	a.mu.Lock()
	var waiting []arena.Waiting
	entries := map[string]store.Entry{}
	for _, e := range es {
		if a.alive(e.Node) {
			entries[e.Player] = e
			waiting = append(waiting, arena.Waiting{ID: e.Player, Points: r.points[e.Player], Rating: e.Rating, Last: e.Last, Colour: e.Colour, Since: e.Since})
		}
	}
	a.mu.Unlock()
	pairs := arena.Pair(waiting, now)
	if len(pairs) == 0 {
		return
	}
	// In parallel: the store commits concurrent pairings together.
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16)
	for _, p := range pairs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			a.pair(r, now, entries[p.White], entries[p.Black])
		}()
	}
	wg.Wait()
}

// alive reports whether node is this one or one heard from lately.
func (a *arenas) alive(node string) bool {
	if node == a.s.cfg.Node || a.s.cluster == nil {
		return node == a.s.cfg.Node
	}
	c := a.s.cluster
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.lastSeen[node]
	return ok
}

// pair starts a game between two waiting entries.
func (a *arenas) pair(r *arenaRun, _ time.Time, white, black store.Entry) {
	variant, err := rules.ParseVariant(r.set.Variant)
	if err != nil {
		return
	}
	// The game starts now, and never before either player's last game
	// ended (by another node's clock, which may run ahead of this one's):
	// the stored games show each player's games one after the other.
	now := a.s.now()
	now = latest(now, white.Since, black.Since)
	first := referee.ArenaPaired(now, variant, r.set.Clock, a.s.hub.cfg.FirstMove, r.st.ID)
	var id string
	for range 5 {
		id = protocol.NewCode()
		st := &referee.State{ID: id}
		if err := st.Apply(first); err != nil {
			return
		}
		g := store.NewGame{ID: id, Event: first.Marshal(), Tokens: [2][]byte{white.TokenHash, black.TokenHash}, Created: st.Created, Meta: metaOf(st)}
		err = a.s.store.PairArena(a.s.ctx, r.st.ID, a.s.cfg.Node, now, white.Player, black.Player, g)
		if !errors.Is(err, store.ErrExists) {
			break
		}
	}
	if errors.Is(err, store.ErrConflict) {
		return // the lease is lost, or a player left meanwhile
	}
	if err != nil {
		a.s.log.Error("pairing in an arena", "arena", r.st.ID, "err", err)
		return
	}
	if err := a.s.Identities().StartMatch(a.s.ctx, id, r.set.Variant, r.set.Clock, r.set.Rated, white.Player, black.Player); err != nil {
		a.s.log.Error("recording an arena game's players", "game", id, "err", err)
	}
	m := arenaMsg{Arena: r.st.ID, Game: id, White: white.Player, Black: black.Player}
	if a.s.cluster != nil && !a.s.dead.Load() {
		b, _ := json.Marshal(m)
		if err := a.s.cluster.nc.Publish(arenaSubject, b); err != nil {
			a.s.log.Error("announcing an arena game", "err", err)
		}
	}
	a.paired(m)
}

func (a *arenas) onBus(msg *nats.Msg) {
	var m arenaMsg
	if json.Unmarshal(msg.Data, &m) != nil || a.s.dead.Load() {
		return
	}
	a.paired(m)
}

// paired seats the players of a new arena game who are connected here.
func (a *arenas) paired(m arenaMsg) {
	for seat, player := range []string{m.White, m.Black} {
		a.mu.Lock()
		var cs []*conn
		for c := range a.entrants[m.Arena][player] {
			cs = append(cs, c)
		}
		a.mu.Unlock()
		for _, c := range cs {
			go a.seat(c, m.Arena, m.Game, int8(seat))
		}
	}
}

// seat puts an entrant's connection in its seat of an arena game, unless
// it is there already.
func (a *arenas) seat(c *conn, arenaID, game string, seat int8) {
	c.act.Lock()
	defer c.act.Unlock()
	a.mu.Lock()
	done := slices.Contains(a.seated[c], game)
	a.mu.Unlock()
	if c.gone || done || c.room != nil && c.room.id == game && c.seat == seat {
		return
	}
	key := c.arenaKey()
	if key == "" {
		return
	}
	a.s.hub.unfollow(c)
	c.leave()
	r, err := a.s.acquire(c.ctx, game)
	if err != nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.add(c, seat)
	r.replace(seat, c)
	r.sendState(c, seat)
	c.sendMsg(protocol.ServerMessage{Type: protocol.TypeSeated, Game: game, Seat: referee.SeatName(rules.Color(seat)), Token: seatToken(key, arenaID), ArenaID: arenaID})
	c.holds(game)
	a.mu.Lock()
	// The last few suffice: a table is read within Push, and a game
	// lasts longer than that.
	a.seated[c] = append(a.seated[c][max(0, len(a.seated[c])-7):], game)
	a.mu.Unlock()
}

// committed is told of every event this node stores: an arena game's end
// is recorded in its arena and its players wait again.
func (a *arenas) committed(st *referee.State) {
	if st.Arena() == "" || st.Status() != referee.Over {
		return
	}
	res, _ := st.Outcome()
	berserk := st.Berserk()
	game, plies, ended := st.ID, st.Ply(), st.Updated
	go func() {
		ok, err := a.s.store.FinishArenaGame(a.s.ctx, game, res.Score(), plies, berserk, ended)
		if err != nil {
			// The lease holder finds it (EndedArenaGames).
			a.s.log.Error("recording an arena game's end", "game", game, "err", err)
		}
		if ok {
			a.wake()
		}
	}()
}

// finishStored records the end of a game from the store.
func (a *arenas) finishStored(game string) {
	g, err := a.s.store.Load(a.s.ctx, game)
	if err != nil {
		return
	}
	st, err := referee.Replay(game, g.Events)
	if err != nil || st.Status() != referee.Over {
		return
	}
	res, _ := st.Outcome()
	if _, err := a.s.store.FinishArenaGame(a.s.ctx, game, res.Score(), st.Ply(), st.Berserk(), st.Updated); err != nil {
		a.s.log.Error("recording an arena game's end", "game", game, "err", err)
	}
}

// refresh reads an arena's entries and games if they changed since the
// last read (or always, with force), and recomputes its table.
func (a *arenas) refresh(r *arenaRun, now time.Time, force bool) error {
	v, err := a.s.store.ArenaVersion(a.s.ctx, r.st.ID)
	if err != nil {
		a.s.log.Error("reading an arena", "arena", r.st.ID, "err", err)
		return err
	}
	a.mu.Lock()
	same := v == r.version && !force
	a.mu.Unlock()
	if same {
		return nil
	}
	es, err := a.s.store.Entries(a.s.ctx, r.st.ID)
	if err != nil {
		a.s.log.Error("reading an arena's entries", "arena", r.st.ID, "err", err)
		return err
	}
	gs, err := a.s.store.ArenaGames(a.s.ctx, r.st.ID)
	if err != nil {
		a.s.log.Error("reading an arena's games", "arena", r.st.ID, "err", err)
		return err
	}
	rows := Table(es, gs, r.st.Ends)
	a.mu.Lock()
	defer a.mu.Unlock()
	r.version, r.read, r.rows = v, now, rows
	r.points, r.rank = make(map[string]int, len(rows)), make(map[string]int, len(rows))
	for i, row := range rows {
		r.points[row.Player.ID], r.rank[row.Player.ID] = row.Sheet.Points, i
	}
	r.entries = make(map[string]store.Entry, len(es))
	for _, e := range es {
		r.entries[e.Player] = e
	}
	r.games = make(map[string]store.ArenaGame, len(gs))
	for _, g := range gs {
		r.games[g.Game] = g
	}
	return nil
}

// Table is an arena's standings recomputed from what the store holds: its
// entries and its games (package arena's Standings), with who is playing.
func Table(es []store.Entry, gs []store.ArenaGame, ends time.Time) []arena.Row {
	players := make([]arena.Player, len(es))
	playing := map[string]bool{}
	for i, e := range es {
		players[i] = arena.Player{ID: e.Player, Name: e.Name, Rating: e.Rating}
		playing[e.Player] = e.Playing != ""
	}
	games := make([]arena.Game, len(gs))
	for i, g := range gs {
		games[i] = arena.Game{ID: g.Game, White: g.White, Black: g.Black, Result: g.Result, Plies: g.Plies, Berserk: g.Berserk, Ended: g.Ended}
	}
	rows := arena.Standings(players, games, ends)
	for i := range rows {
		rows[i].Playing = playing[rows[i].Player.ID]
	}
	return rows
}

// pushAll reads the arenas this node's connections watch or play in,
// seats entrants whose game this node has not heard of (a lost message),
// and sends watchers the table when it changed.
func (a *arenas) pushAll(now time.Time) {
	a.mu.Lock()
	ids := map[string]bool{}
	for _, w := range a.watchers {
		ids[w.arena] = true
	}
	for id := range a.entrants {
		ids[id] = true
	}
	a.mu.Unlock()
	for id := range ids {
		r, err := a.run(a.s.ctx, id)
		if err != nil {
			continue
		}
		if err := a.refresh(r, now, false); err != nil {
			continue
		}
		a.catchUp(r)
		a.inform(r, now)
	}
}

// catchUp seats every entrant connected here whose entry plays a game
// this connection is not in.
func (a *arenas) catchUp(r *arenaRun) {
	a.mu.Lock()
	type seating struct {
		c    *conn
		game string
		seat int8
	}
	var todo []seating
	for player, cs := range a.entrants[r.st.ID] {
		e, ok := r.entries[player]
		if !ok || e.Playing == "" {
			continue
		}
		g, ok := r.games[e.Playing]
		if !ok || g.Result != "*" || !g.Ended.IsZero() {
			continue
		}
		seat := int8(0)
		if g.Black == player {
			seat = 1
		}
		for c := range cs {
			if !slices.Contains(a.seated[c], e.Playing) {
				todo = append(todo, seating{c, e.Playing, seat})
			}
		}
	}
	a.mu.Unlock()
	for _, s := range todo {
		go a.seat(s.c, r.st.ID, s.game, s.seat)
	}
}

// inform sends the arena's watchers here its table, if it changed.
func (a *arenas) inform(r *arenaRun, now time.Time) {
	a.mu.Lock()
	if r.informed == r.version {
		a.mu.Unlock()
		return
	}
	r.informed = r.version
	type out struct {
		c    *conn
		page int
	}
	var to []out
	for c, w := range a.watchers {
		if w.arena == r.st.ID {
			to = append(to, out{c, w.page})
		}
	}
	a.mu.Unlock()
	for _, o := range to {
		v := a.view(r, now, o.page, a.playerOf(o.c, r.st.ID))
		o.c.sendMsg(protocol.ServerMessage{Type: protocol.TypeArenaUpdate, Arena: &v})
	}
}

// playerOf is the player c entered arena id as, or its identified player.
func (a *arenas) playerOf(c *conn, id string) string {
	a.mu.Lock()
	p, ok := a.joined[c][id]
	a.mu.Unlock()
	if ok {
		return p
	}
	if pl, ok := c.Player(); ok {
		return pl.ID
	}
	return ""
}

// info is an arena as the list shows it.
func (a *arenas) info(r *arenaRun, now time.Time, players int) protocol.ArenaInfo {
	return protocol.ArenaInfo{ID: r.st.ID, Name: r.set.Name, Variant: r.set.Variant, Clock: r.set.Clock, Minutes: r.set.Minutes,
		Rated: r.set.Rated, Starts: r.st.Starts.UnixMilli(), Ends: r.st.Ends.UnixMilli(), Status: string(arena.StatusAt(r.st.Starts, r.st.Ends, now)),
		Players: players, By: r.set.By, Sched: r.st.Schedule}
}

// view is one page of the arena's table (page 0: all of it), with the
// row of player.
func (a *arenas) view(r *arenaRun, now time.Time, page int, player string) protocol.Arena {
	a.mu.Lock()
	defer a.mu.Unlock()
	v := protocol.Arena{ArenaInfo: a.info(r, now, len(r.rows)), Page: page, Standings: []protocol.ArenaRow{}}
	from, to := 0, len(r.rows)
	if page > 0 {
		from, to = min((page-1)*protocol.ArenaPageRows, len(r.rows)), min(page*protocol.ArenaPageRows, len(r.rows))
	}
	for _, row := range r.rows[from:to] {
		v.Standings = append(v.Standings, a.wireRow(r, row, now))
	}
	if i, ok := r.rank[player]; ok && player != "" {
		e := protocol.ArenaEntry{ArenaRow: a.wireRow(r, r.rows[i], now), Game: r.entries[player].Playing}
		v.You = &e
	}
	return v
}

// wireRow is a row as the protocol shows it (a.mu held).
func (a *arenas) wireRow(r *arenaRun, row arena.Row, now time.Time) protocol.ArenaRow {
	w := protocol.ArenaRow{Rank: row.Rank, Name: row.Player.Name, Rating: row.Player.Rating, Points: row.Sheet.Points,
		Sheet: make([]int, len(row.Sheet.Scores)), Streak: row.Sheet.OnStreak(), Playing: row.Playing}
	for i, s := range row.Sheet.Scores {
		w.Sheet[i] = s.Points
	}
	if e, ok := r.entries[row.Player.ID]; ok && e.Playing == "" && now.Before(r.st.Ends) {
		w.Paused = e.Paused || !a.aliveLocked(e.Node)
	}
	return w
}

// aliveLocked is alive for callers holding a.mu (the cluster has its own
// lock).
func (a *arenas) aliveLocked(node string) bool { return a.alive(node) }

// releaseAll gives up this node's leases (a node that stops gracefully),
// so that another takes over at once.
func (a *arenas) releaseAll() {
	a.mu.Lock()
	var ids []string
	for id, r := range a.runs {
		if !r.lease.IsZero() {
			ids = append(ids, id)
		}
	}
	a.mu.Unlock()
	if a.s.dead.Load() {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	for _, id := range ids {
		a.s.store.ReleaseArena(ctx, id, a.s.cfg.Node)
	}
}

// nodesGone pauses the entries of nodes that stopped: their players come
// back with join-arena on another node.
func (a *arenas) nodesGone(nodes []string) {
	for _, n := range nodes {
		if _, err := a.s.store.PauseNode(a.s.ctx, n); err != nil {
			a.s.log.Error("pausing the arena players of a stopped node", "node", n, "err", err)
		}
	}
}

func latest(ts ...time.Time) time.Time {
	var m time.Time
	for _, t := range ts {
		if t.After(m) {
			m = t
		}
	}
	return m
}
