package remote

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/rules"
	"bashni/storage"
)

// What the arena screens need (docs/ONLINE.md "Arenas"), in the game's
// types: the list, one arena's table, joining and leaving, and the games
// the arena pairs, handed over as seats kept on the device so that Open
// resumes them like any other online game.

// ArenaStatus is where an arena is in its life.
type ArenaStatus uint8

const (
	ArenaComing ArenaStatus = iota
	ArenaRunning
	ArenaFinished
)

func arenaStatusFrom(w string) ArenaStatus {
	switch w {
	case "running":
		return ArenaRunning
	case "finished":
		return ArenaFinished
	}
	return ArenaComing
}

// ArenaInfo is an arena as the list shows it.
type ArenaInfo struct {
	ID       string
	Name     string // a player's arena: as typed; the server's: English, for when Schedule is not known (scenes.ArenaTitle)
	Variant  rules.Variant
	Clock    Clock
	Minutes  int
	Rated    bool
	Starts   time.Time
	Ends     time.Time
	Status   ArenaStatus
	Players  int
	By       string // the player who made it; "" for the server's
	Schedule string // the server's schedule that made it ("hourly-bashni-blitz"); "" for a player's
}

// ArenaRow is one line of the standings.
type ArenaRow struct {
	Rank    int
	Name    string
	Rating  int
	Points  int
	Sheet   []int // each counted game's points, oldest first
	Streak  bool  // the next game scores double
	Playing bool
	Paused  bool
}

// ArenaTable is an arena with a page of its standings.
type ArenaTable struct {
	ArenaInfo
	Page      int
	Standings []ArenaRow
	You       *ArenaRow // nil: not in this arena
	YourGame  string    // the game the arena is playing for you now
}

func variantFrom(w string) rules.Variant {
	if w == "lasca" {
		return rules.Lasca
	}
	return rules.Bashni
}

func arenaInfoOf(a protocol.ArenaInfo) ArenaInfo {
	return ArenaInfo{ID: a.ID, Name: a.Name, Variant: variantFrom(a.Variant), Clock: clockFrom(a.Clock), Minutes: a.Minutes,
		Rated: a.Rated, Starts: time.UnixMilli(a.Starts), Ends: time.UnixMilli(a.Ends), Status: arenaStatusFrom(a.Status),
		Players: a.Players, By: a.By, Schedule: a.Sched}
}

func arenaRowOf(r protocol.ArenaRow) ArenaRow {
	return ArenaRow{Rank: r.Rank, Name: r.Name, Rating: r.Rating, Points: r.Points, Sheet: append([]int(nil), r.Sheet...),
		Streak: r.Streak, Playing: r.Playing, Paused: r.Paused}
}

func arenaTableOf(a protocol.Arena) ArenaTable {
	t := ArenaTable{ArenaInfo: arenaInfoOf(a.ArenaInfo), Page: a.Page}
	for _, r := range a.Standings {
		t.Standings = append(t.Standings, arenaRowOf(r))
	}
	if a.You != nil {
		you := arenaRowOf(a.You.ArenaRow)
		t.You = &you
		t.YourGame = a.You.Game
	}
	return t
}

// ArenaLink is the address that opens arena id on server's page.
func ArenaLink(server, id string) string {
	base := strings.TrimSuffix(server, "/")
	base = strings.Replace(strings.Replace(base, "wss://", "https://", 1), "ws://", "http://", 1)
	base = strings.TrimSuffix(base, "/online")
	return base + "/?arena=" + id
}

// NormalizeArenaID checks an arena id as typed or taken from a link.
func NormalizeArenaID(typed string) (string, error) {
	return protocol.NormalizeArenaID(strings.TrimSpace(typed))
}

// Arenas is the device's player in the arenas of one server, over a
// connection of its own. Its goroutine keeps the latest table of the
// watched arena and the games paired; the screen reads them each frame.
type Arenas struct {
	server string
	st     *storage.Store
	c      *client.Conn

	mu      sync.Mutex
	table   *ArenaTable
	version int64
	paired  []string // games paired and not yet taken (Paired)
	err     error
}

// OpenArenas connects to server and identifies with the device's key.
func OpenArenas(ctx context.Context, st *storage.Store, server string) (*Arenas, Me, error) {
	key, err := PlayerKey(st, server)
	if err != nil {
		return nil, Me{}, fmt.Errorf("keeping the player key: %w", err)
	}
	c, err := client.Dial(ctx, server)
	if err != nil {
		return nil, Me{}, err
	}
	id, err := c.Identify(ctx, key)
	if err != nil {
		c.Close()
		return nil, Me{}, fmt.Errorf("identifying: %w", err)
	}
	a := &Arenas{server: server, st: st, c: c}
	go a.watch()
	return a, meOf(id), nil
}

func (a *Arenas) watch() {
	for ev := range a.c.Events() {
		a.mu.Lock()
		switch ev.Kind {
		case client.KindArena:
			t := arenaTableOf(*ev.Arena)
			a.table = &t
			a.version++
		case client.KindArenaPaired:
			seat := a.c.Seat()
			if seat.Game == ev.Game && seat.Token != "" {
				if err := SaveSeat(a.st, SeatRecord{Server: a.server, Game: seat.Game, Color: seat.Color, Token: seat.Token}); err != nil {
					a.err = fmt.Errorf("keeping the seat of game %s: %w", seat.Game, err)
				}
			}
			a.paired = append(a.paired, ev.Game)
			a.version++
		case client.KindClosed, client.KindError:
			if ev.Err != nil {
				a.err = ev.Err
				a.version++
			}
		}
		a.mu.Unlock()
	}
}

// Server is the server's address.
func (a *Arenas) Server() string { return a.server }

// Close ends the connection.
func (a *Arenas) Close() { a.c.Close() }

// Latest is the watched arena's latest table (nil before one), a version
// that grows with every change, and the connection's error, if any.
func (a *Arenas) Latest() (*ArenaTable, int64, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.table, a.version, a.err
}

// Paired takes the code of a game the arena paired this player in ("" if
// none): its seat is kept, so Open resumes it.
func (a *Arenas) Paired() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.paired) == 0 {
		return ""
	}
	g := a.paired[0]
	a.paired = a.paired[1:]
	return g
}

// List is the running and coming arenas, and those just over.
func (a *Arenas) List(ctx context.Context) ([]ArenaInfo, error) {
	return listArenas(ctx, a.c)
}

// ArenaRequest is a new arena.
type ArenaRequest struct {
	Name     string
	Variant  rules.Variant
	Clock    Clock
	Minutes  int
	Rated    bool
	StartsIn time.Duration
}

func (a *Arenas) keep(w protocol.Arena, err error) (ArenaTable, error) {
	if err != nil {
		return ArenaTable{}, err
	}
	t := arenaTableOf(w)
	a.mu.Lock()
	a.table = &t
	a.version++
	a.mu.Unlock()
	return t, nil
}

// Create makes an arena (a named player only) and watches it.
func (a *Arenas) Create(ctx context.Context, r ArenaRequest) (ArenaTable, error) {
	w, err := a.c.CreateArena(ctx, client.ArenaRequest{Name: r.Name, Variant: variantWire(r.Variant), Clock: r.Clock.wire(),
		Minutes: r.Minutes, Rated: r.Rated, StartsIn: int(r.StartsIn / time.Second)})
	if err != nil {
		return ArenaTable{}, fmt.Errorf("creating the arena: %w", err)
	}
	return a.keep(w, nil)
}

// Join enters arena id (or comes back to it) and watches it.
func (a *Arenas) Join(ctx context.Context, id string) (ArenaTable, error) {
	w, err := a.c.JoinArena(ctx, id)
	if err != nil {
		return ArenaTable{}, fmt.Errorf("joining arena %s: %w", id, err)
	}
	return a.keep(w, nil)
}

// Leave pauses in arena id: no more pairings until Join.
func (a *Arenas) Leave(ctx context.Context, id string) error {
	if err := a.c.LeaveArena(ctx, id); err != nil {
		return fmt.Errorf("leaving arena %s: %w", id, err)
	}
	return nil
}

// Watch shows page (1-based) of arena id's table and follows it.
func (a *Arenas) Watch(ctx context.Context, id string, page int) (ArenaTable, error) {
	w, err := a.c.WatchArena(ctx, id, page)
	if err != nil {
		return ArenaTable{}, fmt.Errorf("watching arena %s: %w", id, err)
	}
	return a.keep(w, nil)
}

// Berserk halves this player's clock in the arena game of p, before their
// first move, for an extra point on a win. It goes over the game's own
// connection, the one seated.
func (p *Player) Berserk() {
	p.link.enqueue(func(ctx context.Context, c *client.Conn) error { return c.Berserk(ctx) })
}

// Arenas is the running and coming arenas, and those just over, asked on
// the lobby's own connection (the `arenas` request: the lobby lists them
// without a connection of the arenas' own).
func (a *Account) Arenas(ctx context.Context) ([]ArenaInfo, error) {
	return listArenas(ctx, a.c)
}
