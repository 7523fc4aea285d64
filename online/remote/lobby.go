package remote

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/rules"
)

// The lobby as the screens see it (docs/ONLINE.md, "The lobby"): the
// Account's connection, identified with the device's key, watches the
// lobby, opens and takes seeks; when one pairs, the seat's token is kept
// like any other and the screen opens the game with Open, which resumes
// it on a connection of the game's own.

// LobbySeek is an open seek as the lobby lists it.
type LobbySeek struct {
	ID          string
	Variant     rules.Variant
	Clock       Clock
	Rated       bool
	Seat        Seat // the seeker's colour; NoSeat: drawn
	Name        string
	Rating      int // in the seek's variant and speed; 0 for an unnamed seeker
	Provisional bool
	// Min and Max are the ratings the seek admits (both 0: anyone).
	Min, Max int
	// Mine: this device opened it.
	Mine bool
}

// LobbyView is the lobby now.
type LobbyView struct {
	Seeks          []LobbySeek // oldest first
	Players, Games int         // connections open, games being played
	Version        int         // grows with every change (redraw when it does)
	Connected      bool
}

// SeekOptions is what a seek or a quick pairing asks for.
type SeekOptions struct {
	Variant rules.Variant
	Clock   Clock // live or correspondence
	Rated   bool  // needs a name
	Seat    Seat  // Seek only; NoSeat: drawn
	// Min and Max bound the opponent's rating (both 0: anyone).
	Min, Max int
}

func (o SeekOptions) wire() client.SeekRequest {
	r := client.SeekRequest{Variant: variantWire(o.Variant), Clock: o.Clock.wire(), Rated: o.Rated, Color: o.Seat.wire()}
	if o.Min != 0 || o.Max != 0 {
		r.Range = &protocol.RatingRange{Min: o.Min, Max: o.Max}
	}
	return r
}

// SpeedOf is the rating speed class of a clock (docs/ONLINE.md, "Ratings").
func SpeedOf(c Clock) Speed {
	switch c.Kind {
	case LiveClock:
		est := c.Initial + 40*c.Increment
		switch {
		case est < 180*time.Second:
			return Bullet
		case est < 480*time.Second:
			return Blitz
		case est < 1500*time.Second:
			return Rapid
		}
		return Classical
	case CorrespondenceClock:
		return CorrespondenceSpeed
	}
	return NoSpeed
}

// LobbyClocks are the quick-pairing clocks, in the order the lobby shows
// them: 3+2, 5+3, 10+5, 15+10, 1 and 3 days a move.
var LobbyClocks = []Clock{
	{Kind: LiveClock, Initial: 3 * time.Minute, Increment: 2 * time.Second},
	Blitz5,
	Rapid10,
	{Kind: LiveClock, Initial: 15 * time.Minute, Increment: 10 * time.Second},
	Correspondence(1),
	Correspondence(3),
}

// Lobby refusals (RefusalOf).
const (
	RefusedNameRequired   Refusal = iota + 100 // rated play needs a name
	RefusedOwnSeek                             // your own seek
	RefusedSeekGone                            // taken, cancelled, or its owner left
	RefusedAlreadySeeking                      // a seek of that kind is open already
	RefusedOutOfRange                          // your rating is outside the seek's range
	RefusedLobbyFull                           // too many seeks
)

func lobbyRefusal(code string) (Refusal, bool) {
	switch code {
	case protocol.ErrNameRequired:
		return RefusedNameRequired, true
	case protocol.ErrOwnSeek:
		return RefusedOwnSeek, true
	case protocol.ErrSeekGone:
		return RefusedSeekGone, true
	case protocol.ErrAlreadySeeking:
		return RefusedAlreadySeeking, true
	case protocol.ErrOutOfRange:
		return RefusedOutOfRange, true
	case protocol.ErrLobbyFull:
		return RefusedLobbyFull, true
	}
	return 0, false
}

func seekOf(s protocol.Seek) LobbySeek {
	out := LobbySeek{ID: s.ID, Clock: clockFrom(s.Clock), Rated: s.Rated, Seat: seatFrom(s.Color),
		Name: s.Name, Rating: s.Rating, Provisional: s.Provisional}
	out.Variant, _ = rules.ParseVariant(s.Variant)
	if s.Range != nil {
		out.Min, out.Max = s.Range.Min, s.Range.Max
	}
	return out
}

// EnterLobby starts watching the lobby: View shows it from then on.
func (a *Account) EnterLobby(ctx context.Context) error {
	l, err := a.c.Lobby(ctx)
	if err != nil {
		return err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.lobby.Seeks = a.lobby.Seeks[:0]
	for _, s := range l.Seeks {
		ls := seekOf(s)
		ls.Mine = a.mine[s.ID]
		a.lobby.Seeks = append(a.lobby.Seeks, ls)
	}
	a.lobby.Players, a.lobby.Games = l.Players, l.Games
	a.lobby.Version++
	a.inLobby = true
	return nil
}

// View is the lobby now (empty before EnterLobby).
func (a *Account) View() LobbyView {
	a.mu.Lock()
	defer a.mu.Unlock()
	v := a.lobby
	v.Seeks = append([]LobbySeek(nil), a.lobby.Seeks...)
	select {
	case <-a.c.Done():
	default:
		v.Connected = true
	}
	return v
}

// QuickPair takes the longest-waiting matching seek or opens one; paired
// says which. A pairing is then Paired's.
func (a *Account) QuickPair(ctx context.Context, o SeekOptions) (paired bool, err error) {
	seat, seek, paired, err := a.c.QuickPair(ctx, o.wire())
	if err != nil {
		return false, err
	}
	if paired {
		return true, a.seated(seat)
	}
	a.opened(seek)
	return false, nil
}

// Seek opens a seek.
func (a *Account) Seek(ctx context.Context, o SeekOptions) error {
	seek, err := a.c.Seek(ctx, o.wire())
	if err != nil {
		return err
	}
	a.opened(seek)
	return nil
}

// Accept takes an open seek: the game starts (Paired).
func (a *Account) Accept(ctx context.Context, id string) error {
	seat, err := a.c.AcceptSeek(ctx, id)
	if err != nil {
		return err
	}
	return a.seated(seat)
}

// Cancel withdraws one of this device's seeks.
func (a *Account) Cancel(ctx context.Context, id string) error {
	err := a.c.CancelSeek(ctx, id)
	if err == nil || RefusalOf(err) == RefusedSeekGone {
		a.mu.Lock()
		delete(a.mine, id) // withdrawn, or gone: MySeeks no longer has it
		a.mu.Unlock()
	}
	return err
}

// MySeeks are the ids of this device's seeks, sorted: every seek the
// server answered opening and nobody has cancelled or taken, including
// one the lobby's pushes have not listed yet (a seek just opened), and
// one gone since (withdrawing it is refused as seek-gone).
func (a *Account) MySeeks() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	ids := make([]string, 0, len(a.mine))
	for id := range a.mine {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// Paired is the game a seek of this device paired, once: its seat's token
// is kept, and Open(server, code) resumes it.
func (a *Account) Paired() (code string, ok bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.paired == "" {
		return "", false
	}
	code, a.paired = a.paired, ""
	return code, true
}

// Refresh asks the server for the player again (ratings after a game).
func (a *Account) Refresh(ctx context.Context) (Me, error) {
	key, ok := FindPlayerKey(a.st, a.server)
	if !ok {
		return Me{}, errors.New("this device has no player key")
	}
	id, err := a.c.Identify(ctx, key)
	return meOf(id), err
}

// Server is the account's server.
func (a *Account) Server() string { return a.server }

func (a *Account) opened(s protocol.Seek) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.mine == nil {
		a.mine = map[string]bool{}
	}
	a.mine[s.ID] = true
	for i := range a.lobby.Seeks {
		if a.lobby.Seeks[i].ID == s.ID {
			a.lobby.Seeks[i].Mine = true
		}
	}
	a.lobby.Version++
}

// seated keeps a paired seat's token and tells Paired.
func (a *Account) seated(seat client.Seat) error {
	if seat.Token == "" {
		return fmt.Errorf("paired in game %s without a seat", seat.Game)
	}
	if err := SaveSeat(a.st, SeatRecord{Server: a.server, Game: seat.Game, Color: seat.Color, Token: seat.Token}); err != nil {
		return fmt.Errorf("keeping the seat's token: %w", err)
	}
	a.mu.Lock()
	a.paired = seat.Game
	a.mine = nil
	a.lobby.Version++
	a.mu.Unlock()
	return nil
}

// lobbyEvent applies what the server pushed about the lobby (watch's).
func (a *Account) lobbyEvent(ev client.Event) {
	switch ev.Kind {
	case client.KindLobby:
		a.mu.Lock()
		for _, s := range ev.Lobby.Added {
			ls := seekOf(s)
			ls.Mine = a.mine[s.ID]
			a.lobby.Seeks = append(a.lobby.Seeks, ls)
		}
		if len(ev.Lobby.Removed) > 0 {
			gone := map[string]bool{}
			for _, id := range ev.Lobby.Removed {
				gone[id] = true
			}
			kept := a.lobby.Seeks[:0]
			for _, s := range a.lobby.Seeks {
				if !gone[s.ID] {
					kept = append(kept, s)
				}
			}
			a.lobby.Seeks = kept
		}
		a.lobby.Players, a.lobby.Games = ev.Lobby.Players, ev.Lobby.Games
		a.lobby.Version++
		a.mu.Unlock()
	case client.KindTop:
		a.mu.Lock()
		a.top = ev.Game
		a.mu.Unlock()
	case client.KindPaired:
		if err := a.seated(a.c.Seat()); err != nil {
			a.mu.Lock()
			a.err = err
			a.mu.Unlock()
		}
	}
}

// Err is the last error of something the server pushed (a pairing whose
// token could not be kept).
func (a *Account) Err() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.err
}

// LiveGame is a game being played, as the "playing now" list shows it.
type LiveGame struct {
	Code    string
	Variant rules.Variant
	Clock   Clock
	Rated   bool
	Players [2]Card // White's and Black's
}

// Playing lists the paired games being played, highest rated first: the
// first is the top game to watch (Open it: a full game is watched).
func (a *Account) Playing(ctx context.Context) ([]LiveGame, error) {
	games, err := a.c.Playing(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]LiveGame, 0, len(games))
	for _, g := range games {
		lg := LiveGame{Code: g.Game, Clock: clockFrom(g.Clock), Rated: g.Rated,
			Players: [2]Card{{Name: g.White.Name, Rating: g.White.Rating, Provisional: g.White.Provisional},
				{Name: g.Black.Name, Rating: g.Black.Rating, Provisional: g.Black.Provisional}}}
		lg.Variant, _ = rules.ParseVariant(g.Variant)
		out = append(out, lg)
	}
	return out, nil
}

// WatchTop follows the top game, the highest-rated being played ("watch
// the top game", like a TV channel): the server moves the account's
// connection on to the next top game whenever the one followed ends, and
// Top tells each. It returns the top game now ("" when none is being
// played: the first to start comes through Top). Show a game with
// Open(server, code), a spectator's connection of its own. The account
// follows until StopTop or Close.
func (a *Account) WatchTop(ctx context.Context) (string, error) {
	code, err := a.c.WatchTop(ctx)
	if err != nil {
		return "", err
	}
	a.mu.Lock()
	a.top = ""
	a.mu.Unlock()
	return code, nil
}

// Top is the game the top-game watch moved on to since the last call,
// once (the one the screen should show now).
func (a *Account) Top() (code string, ok bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.top == "" {
		return "", false
	}
	code, a.top = a.top, ""
	return code, true
}

// StopTop stops following the top game: the account's connection leaves
// the game it watches.
func (a *Account) StopTop(ctx context.Context) error {
	err := a.c.Leave(ctx)
	a.mu.Lock()
	a.top = ""
	a.mu.Unlock()
	return err
}
