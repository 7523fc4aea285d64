package remote

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/rules"
	"bashni/storage"
)

// The player on a server, for the screens of the name card, profiles and
// leaderboards (docs/ONLINE.md, "Players"), in the game's types: the
// device's key is found or made and kept here, and refusals come back as
// Refusal codes that screens turn into words.

// Speed is a rating's speed class.
type Speed uint8

const (
	NoSpeed Speed = iota // a game without a clock: never rated
	Bullet
	Blitz
	Rapid
	Classical
	CorrespondenceSpeed
)

var speedNames = [...]string{"", "bullet", "blitz", "rapid", "classical", "correspondence"}

func (s Speed) wire() string {
	if int(s) < len(speedNames) {
		return speedNames[s]
	}
	return ""
}

// String is the speed's name on the wire (for logs and tests; screens
// name speeds in the player's language).
func (s Speed) String() string { return s.wire() }

func speedFrom(w string) Speed {
	for i, n := range speedNames {
		if n == w && i > 0 {
			return Speed(i)
		}
	}
	return NoSpeed
}

// Speeds lists the speed classes, fastest first.
var Speeds = []Speed{Bullet, Blitz, Rapid, Classical, CorrespondenceSpeed}

// Refusal is why the server refused a player request.
type Refusal uint8

const (
	RefusedOther       Refusal = iota // anything else: Err's text says it
	RefusedBadName                    // not a valid name, or reserved
	RefusedNameTaken                  // another player has it
	RefusedTooSoon                    // the name changed less than a month ago
	RefusedBadCode                    // no identity waits for the transfer code
	RefusedKeyMoved                   // this device's player moved to another device
	RefusedNotFound                   // no player of that name
	RefusedRateLimited                // too many attempts: wait a minute
)

// RefusalOf reads a refusal's kind from an Account's error.
func RefusalOf(err error) Refusal {
	var pe *protocol.Error
	if !errors.As(err, &pe) {
		return RefusedOther
	}
	if r, ok := lobbyRefusal(pe.Code); ok {
		return r
	}
	switch pe.Code {
	case protocol.ErrBadName:
		return RefusedBadName
	case protocol.ErrNameTaken:
		return RefusedNameTaken
	case protocol.ErrTooSoon:
		return RefusedTooSoon
	case protocol.ErrBadCode:
		return RefusedBadCode
	case protocol.ErrKeyMoved:
		return RefusedKeyMoved
	case protocol.ErrNotFound:
		return RefusedNotFound
	case protocol.ErrRateLimited:
		return RefusedRateLimited
	}
	return RefusedOther
}

// Rating is a rating in one variant and speed.
type Rating struct {
	Variant                    rules.Variant
	Speed                      Speed
	Rating, RD                 int
	Provisional                bool
	Games, Wins, Draws, Losses int
	History                    []RatingPoint // profiles only: after each rated game, oldest first
}

// RatingPoint is a point of a rating graph.
type RatingPoint struct {
	At     time.Time
	Rating int
	Game   string // its code (replay it while the server keeps it)
}

// Me is this device's player as the name card shows it.
type Me struct {
	Name        string    // "" until one is set
	RenameAfter time.Time // zero when the name can change now
	Ratings     []Rating
}

// Profile is a player's page.
type Profile struct {
	Name                string
	Since               time.Time
	Ratings             []Rating
	Wins, Draws, Losses int
	Games               []ProfileGame  // the latest, newest first
	Playing             []string       // codes of the games going on now
	Arenas              []ProfileArena // the arenas entered, newest first
}

// ProfileArena is an arena on a profile: the player's place in it.
type ProfileArena struct {
	ID       string    // open its page (the final table once over)
	Name     string    // as ArenaInfo.Name
	Schedule string    // as ArenaInfo.Schedule
	Starts   time.Time // zero from a server that does not send it
	Ends     time.Time
	Rank     int // 0: not placed yet
	Players  int // the rank is out of these
	Points   int
	Status   ArenaStatus
}

// ProfileGame is a game in a profile.
type ProfileGame struct {
	Game         string // code: open it for replay while the server keeps it
	Variant      rules.Variant
	Speed        Speed
	Rated        bool
	White, Black string // names; "" for an unnamed player
	Started      time.Time
	Status       Status // Playing or Over (an aborted game: Over with Aborted)
	Aborted      bool
	Result       rules.Result // once Over and not aborted
	Ratings      *[2]RatingChange
}

// Leader is a leaderboard line.
type Leader struct {
	Rank   int
	Name   string
	Rating int
	RD     int
	Games  int
}

// Account is the device's player on one server, over a connection of its
// own (the game's connection is the game's).
type Account struct {
	server string
	st     *storage.Store
	c      *client.Conn

	mu      sync.Mutex
	moved   bool
	lobby   LobbyView       // lobby.go: the lobby as last pushed
	inLobby bool            // EnterLobby was asked
	mine    map[string]bool // the ids of this device's open seeks
	paired  string          // a game paired and not yet taken by Paired
	top     string          // lobby.go: the top game watch-top moved on to, not yet taken by Top
	err     error
}

// OpenAccount connects to server and identifies with the device's key on
// it (made and kept the first time).
func OpenAccount(ctx context.Context, st *storage.Store, server string) (*Account, Me, error) {
	key, err := PlayerKey(st, server)
	if err != nil {
		return nil, Me{}, fmt.Errorf("keeping the player key: %w", err)
	}
	a, err := dialAccount(ctx, st, server)
	if err != nil {
		return nil, Me{}, err
	}
	id, err := a.c.Identify(ctx, key)
	if err != nil {
		a.Close()
		return nil, Me{}, err
	}
	return a, meOf(id), nil
}

// ClaimTransfer moves the player of a transfer code (typed, or from a
// transfer link) to this device: a new key receives it and is kept as the
// device's key on server.
func ClaimTransfer(ctx context.Context, st *storage.Store, server, code string) (*Account, Me, error) {
	a, err := dialAccount(ctx, st, server)
	if err != nil {
		return nil, Me{}, err
	}
	key := NewPlayerKey()
	id, err := a.c.ClaimTransfer(ctx, code, key)
	if err != nil {
		a.Close()
		return nil, Me{}, err
	}
	if err := SavePlayerKey(st, server, key); err != nil {
		a.Close()
		return nil, Me{}, fmt.Errorf("keeping the player key: %w", err)
	}
	return a, meOf(id), nil
}

func dialAccount(ctx context.Context, st *storage.Store, server string) (*Account, error) {
	c, err := client.Dial(ctx, server)
	if err != nil {
		return nil, err
	}
	a := &Account{server: server, st: st, c: c}
	go a.watch()
	return a, nil
}

// watch notes a move of the player to another device.
func (a *Account) watch() {
	for ev := range a.c.Events() {
		switch ev.Kind {
		case client.KindMoved:
			a.mu.Lock()
			a.moved = true
			a.mu.Unlock()
		case client.KindLobby, client.KindPaired, client.KindTop:
			a.lobbyEvent(ev)
		}
	}
}

// Moved reports whether the player moved to another device (a transfer
// code was claimed there): this device plays unnamed from then on.
func (a *Account) Moved() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.moved
}

// Close ends the account's connection.
func (a *Account) Close() { a.c.Close() }

// SetName names or renames the player.
func (a *Account) SetName(ctx context.Context, name string) (Me, error) {
	id, err := a.c.SetName(ctx, name)
	return meOf(id), err
}

// TransferCode makes the one-time code (and its link) that moves the
// player to another device, and when it stops working.
func (a *Account) TransferCode(ctx context.Context) (code, link string, expires time.Time, err error) {
	t, err := a.c.TransferCode(ctx)
	if err != nil {
		return "", "", time.Time{}, err
	}
	return t.Code, TransferLink(a.server, t.Code), time.UnixMilli(t.Expires), nil
}

// Profile reads a player's profile.
func (a *Account) Profile(ctx context.Context, name string) (Profile, error) {
	p, err := a.c.Profile(ctx, name)
	if err != nil {
		return Profile{}, err
	}
	out := Profile{Name: p.Name, Since: time.UnixMilli(p.Since), Wins: p.Wins, Draws: p.Draws, Losses: p.Losses, Playing: p.Playing}
	for _, r := range p.Ratings {
		out.Ratings = append(out.Ratings, ratingOf(r))
	}
	for _, g := range p.Games {
		pg := ProfileGame{Game: g.Game, Speed: speedFrom(g.Speed), Rated: g.Rated, White: g.White, Black: g.Black,
			Started: time.UnixMilli(g.Started), Status: Playing}
		pg.Variant, _ = rules.ParseVariant(g.Variant)
		switch g.Status {
		case "aborted":
			pg.Status, pg.Aborted = Over, true
		case protocol.StatusOver:
			pg.Status = Over
			if res, err := rules.ParseResult(g.Result); err == nil {
				pg.Result = res
			}
		}
		if rated, r := ratingsFrom(g.Ratings); rated {
			pg.Ratings = &r
		}
		out.Games = append(out.Games, pg)
	}
	for _, l := range p.Arenas {
		out.Arenas = append(out.Arenas, ProfileArena{ID: l.ID, Name: l.Name, Schedule: l.Sched, Starts: unixMilliOrZero(l.Starts), Ends: time.UnixMilli(l.Ends),
			Rank: l.Rank, Players: l.Players, Points: l.Points, Status: arenaStatusFrom(l.Status)})
	}
	return out, nil
}

// unixMilliOrZero is a time the server sends in Unix ms, or the zero time
// when it did not send it (a server older than the field).
func unixMilliOrZero(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms)
}

// Leaderboard reads the best established players of a variant and speed.
func (a *Account) Leaderboard(ctx context.Context, variant rules.Variant, speed Speed) ([]Leader, error) {
	b, err := a.c.Leaderboard(ctx, variantWire(variant), speed.wire())
	if err != nil {
		return nil, err
	}
	out := make([]Leader, 0, len(b.Players))
	for _, l := range b.Players {
		out = append(out, Leader{Rank: l.Rank, Name: l.Name, Rating: l.Rating, RD: l.RD, Games: l.Games})
	}
	return out, nil
}

func variantWire(v rules.Variant) string {
	if v == rules.Lasca {
		return "lasca"
	}
	return "bashni"
}

func meOf(id protocol.Identity) Me {
	me := Me{Name: id.Name}
	if id.RenameAfter != 0 {
		me.RenameAfter = time.UnixMilli(id.RenameAfter)
	}
	for _, r := range id.Ratings {
		me.Ratings = append(me.Ratings, ratingOf(r))
	}
	return me
}

func ratingOf(r protocol.RatingInfo) Rating {
	out := Rating{Speed: speedFrom(r.Speed), Rating: r.Rating, RD: r.RD, Provisional: r.Provisional,
		Games: r.Games, Wins: r.Wins, Draws: r.Draws, Losses: r.Losses}
	out.Variant, _ = rules.ParseVariant(r.Variant)
	for _, h := range r.History {
		out.History = append(out.History, RatingPoint{At: time.UnixMilli(h.At), Rating: h.Rating, Game: h.Game})
	}
	return out
}
