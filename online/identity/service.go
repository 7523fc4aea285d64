package identity

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"bashni/online/protocol"
	"bashni/online/rating"
	"bashni/online/store"
)

// Defaults of a Service.
const (
	RenameEvery     = 30 * 24 * time.Hour // a name can change once a month
	ActiveFor       = 30 * 24 * time.Hour // leaderboards list players with a rated game this recent
	ProfileGames    = 20                  // games listed in a profile
	HistoryPoints   = 100                 // points of each rating graph
	LeaderboardSize = 50
)

// Service decides what identities, names, transfers and ratings do, over a
// store. It is safe for concurrent use; it keeps no state of its own (the
// store is the truth, shared by every node).
type Service struct {
	Store  store.Players
	Now    func() time.Time // [time.Now]
	Params rating.Params    // [rating.Default]
}

func (s *Service) now() time.Time {
	if s.Now == nil {
		return time.Now()
	}
	return s.Now()
}

func (s *Service) params() rating.Params {
	if s.Params.Tau == 0 {
		return rating.Default
	}
	return s.Params
}

// Identify returns the player the key holds, making one the first time a
// key is seen. A key whose identity moved to another device is refused
// (key-moved) and never makes a new player.
func (s *Service) Identify(ctx context.Context, key string) (store.Player, error) {
	if err := protocol.ValidKey(key); err != nil {
		return store.Player{}, err
	}
	h := HashKey(key)
	for range 3 {
		p, err := s.Store.PlayerByKey(ctx, h)
		switch {
		case err == nil:
			return p, nil
		case errors.Is(err, store.ErrKeyMoved):
			return p, protocol.Errorf(protocol.ErrKeyMoved, "this key's player moved to another device with a transfer code: this device plays unnamed now, or makes a new key")
		case !errors.Is(err, store.ErrNotFound):
			return p, err
		}
		p = store.Player{ID: newPlayerID(), Created: s.now()}
		err = s.Store.CreatePlayer(ctx, p, h)
		if err == nil {
			return p, nil
		}
		if !errors.Is(err, store.ErrExists) {
			return p, err
		}
		// Another connection made this key's player meanwhile (or the id
		// was drawn twice): read again.
	}
	return store.Player{}, protocol.Errorf(protocol.ErrUnavailable, "could not make a player for this key: try again")
}

// newPlayerID draws a public player id: 12 code characters (58 bits).
func newPlayerID() string { return protocol.NewCode() + protocol.NewCode() }

// SetName names the player (or renames them, once a month).
func (s *Service) SetName(ctx context.Context, id, name string) (store.Player, error) {
	name, folded, err := CheckNewName(name)
	if err != nil {
		return store.Player{}, err
	}
	now := s.now()
	err = s.Store.SetName(ctx, id, name, folded, now, now.Add(-RenameEvery))
	switch {
	case errors.Is(err, store.ErrNameTaken):
		return store.Player{}, protocol.Errorf(protocol.ErrNameTaken, "%q is taken (names are compared without case): choose another", name)
	case errors.Is(err, store.ErrTooSoon):
		p, _ := s.Store.PlayerByID(ctx, id)
		return store.Player{}, protocol.Errorf(protocol.ErrTooSoon, "a name can change once a month: next on %s", p.NameChanged.Add(RenameEvery).UTC().Format("2006-01-02 15:04 UTC"))
	case errors.Is(err, store.ErrNotFound):
		return store.Player{}, protocol.Errorf(protocol.ErrNotIdentified, "this player no longer exists: identify again")
	case err != nil:
		return store.Player{}, err
	}
	return s.Store.PlayerByID(ctx, id)
}

// NewTransfer makes the player's one-time transfer code; an earlier code
// stops working.
func (s *Service) NewTransfer(ctx context.Context, id string) (protocol.Transfer, error) {
	expires := s.now().Add(protocol.TransferMinutes * time.Minute)
	for range 3 {
		code := protocol.NewTransferCode()
		err := s.Store.NewTransfer(ctx, id, HashKey(code), expires)
		if errors.Is(err, store.ErrExists) {
			continue // drawn twice: draw again
		}
		if err != nil {
			return protocol.Transfer{}, err
		}
		return protocol.Transfer{Code: code, Expires: expires.UnixMilli()}, nil
	}
	return protocol.Transfer{}, protocol.Errorf(protocol.ErrUnavailable, "could not make a transfer code: try again")
}

// Claim moves the identity of a transfer code to key, a key this device
// made and that holds no identity. The old device's key stops working.
func (s *Service) Claim(ctx context.Context, code, key string) (store.Player, error) {
	code, err := protocol.NormalizeTransferCode(code)
	if err != nil {
		return store.Player{}, err
	}
	if err := protocol.ValidKey(key); err != nil {
		return store.Player{}, err
	}
	p, err := s.Store.ClaimTransfer(ctx, HashKey(code), HashKey(key), s.now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return p, protocol.Errorf(protocol.ErrBadCode, "no identity waits for this code: it is wrong, used or older than %d minutes", protocol.TransferMinutes)
	case errors.Is(err, store.ErrExists):
		return p, protocol.Errorf(protocol.ErrBadMessage, "this key holds an identity already: make a new key to receive one")
	}
	return p, err
}

// Identity is what a player sees of themself.
func (s *Service) Identity(ctx context.Context, p store.Player) (protocol.Identity, error) {
	id := protocol.Identity{Player: p.ID, Name: p.Name}
	if !p.NameChanged.IsZero() {
		if next := p.NameChanged.Add(RenameEvery); next.After(s.now()) {
			id.RenameAfter = next.UnixMilli()
		}
	}
	rs, err := s.Store.Ratings(ctx, p.ID)
	if err != nil {
		return id, err
	}
	for _, r := range rs {
		id.Ratings = append(id.Ratings, info(r))
	}
	return id, nil
}

// Round is a rating as shown.
func Round(x float64) int { return int(math.Round(x)) }

func info(r store.PlayerRating) protocol.RatingInfo {
	return protocol.RatingInfo{Variant: r.Variant, Speed: r.Speed, Rating: Round(r.Rating.Rating), RD: Round(r.Rating.RD),
		Provisional: r.Rating.Provisional(), Games: r.Games, Wins: r.Wins, Draws: r.Draws, Losses: r.Losses}
}

// Rating is a player's rating in a variant and speed as the lobby shows it
// beside their name and seeks (the starting rating, provisional, before a
// first rated game).
func (s *Service) Rating(ctx context.Context, playerID, variant string, speed rating.Speed) (protocol.RatingInfo, error) {
	rs, err := s.Store.Ratings(ctx, playerID)
	if err != nil {
		return protocol.RatingInfo{}, err
	}
	for _, r := range rs {
		if r.Variant == variant && r.Speed == string(speed) {
			return info(r), nil
		}
	}
	return info(store.PlayerRating{Variant: variant, Speed: string(speed), Rating: rating.Start}), nil
}

// StartMatch records a game between identified players when it starts (the
// lobby calls it for the games it pairs). A match is rated only if rated
// is asked, the clock has a speed class and both players are named.
func (s *Service) StartMatch(ctx context.Context, game, variant string, clock protocol.Clock, rated bool, white, black string) error {
	speed, ok := rating.SpeedOf(clock)
	if rated && !ok {
		return fmt.Errorf("game %s: a game without a clock cannot be rated", game)
	}
	return s.Store.StartMatch(ctx, store.Match{Game: game, Variant: variant, Speed: string(speed), Rated: rated, White: white, Black: black, Created: s.now()})
}

// Abort marks a game aborted (no first move in time): it is never rated.
// It reports whether it did; false if the game had no match or had ended.
func (s *Service) Abort(ctx context.Context, game string) (bool, error) {
	return s.Store.AbortMatch(ctx, game, s.now())
}

// Finish records a game's end (result "1-0", "0-1" or "1/2-1/2") and rates
// it if it is a rated match between named players. It is idempotent: only
// the first call rates. It returns the rating changes, nil for a game not
// rated (or without a match).
func (s *Service) Finish(ctx context.Context, game, result string) (*protocol.GameRatings, error) {
	sc, ok := map[string]float64{"1-0": rating.Win, "0-1": rating.Loss, "1/2-1/2": rating.Draw}[result]
	if !ok {
		return nil, nil // not a finished result
	}
	p, now := s.params(), s.now()
	// A rating left unplayed for a while is less sure: its deviation
	// grows with the days since the player's last rated game of this
	// variant and speed (as lichess does), before the game is rated.
	idle := func(r store.PlayerRating) rating.Rating {
		if r.Updated.IsZero() {
			return r.Rating
		}
		return p.Idle(r.Rating, now.Sub(r.Updated).Hours()/24)
	}
	rec, err := s.Store.FinishMatch(ctx, game, result, now, func(w, b store.PlayerRating) (rating.Rating, rating.Rating, error) {
		return p.Game(idle(w), idle(b), sc)
	})
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return gameRatings(rec), nil
}

// Match is a game's match as recorded: its players' ids and names, rated
// or not, its end and rating changes (store.ErrNotFound if the game has
// none: a game by link between unidentified players).
func (s *Service) Match(ctx context.Context, game string) (store.MatchRecord, error) {
	return s.Store.MatchOf(ctx, game)
}

// GameRatings are a game's rating changes as recorded (nil if it was not
// rated, or has no match).
func (s *Service) GameRatings(ctx context.Context, game string) (*protocol.GameRatings, error) {
	rec, err := s.Store.MatchOf(ctx, game)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return gameRatings(rec), nil
}

func gameRatings(rec store.MatchRecord) *protocol.GameRatings {
	if rec.Ratings == nil {
		return nil
	}
	change := func(c store.RatingChange) protocol.RatingChange {
		return protocol.RatingChange{Before: Round(c.Before.Rating), After: Round(c.After.Rating),
			Change: Round(c.After.Rating - c.Before.Rating), Provisional: c.After.Provisional()}
	}
	return &protocol.GameRatings{Speed: rec.Speed, White: change(rec.Ratings[0]), Black: change(rec.Ratings[1])}
}

// Profile is a named player's public page.
func (s *Service) Profile(ctx context.Context, name string) (protocol.Profile, error) {
	_, folded, err := CheckName(name)
	if err != nil {
		return protocol.Profile{}, protocol.Errorf(protocol.ErrNotFound, "no player is called %q", name)
	}
	p, err := s.Store.PlayerByName(ctx, folded)
	if errors.Is(err, store.ErrNotFound) {
		return protocol.Profile{}, protocol.Errorf(protocol.ErrNotFound, "no player is called %q", name)
	}
	if err != nil {
		return protocol.Profile{}, err
	}
	prof := protocol.Profile{Name: p.Name, Since: p.Created.UnixMilli()}
	rs, err := s.Store.Ratings(ctx, p.ID)
	if err != nil {
		return prof, err
	}
	for _, r := range rs {
		ri := info(r)
		hist, err := s.Store.RatingHistory(ctx, p.ID, r.Variant, r.Speed, HistoryPoints)
		if err != nil {
			return prof, err
		}
		for _, h := range hist {
			ri.History = append(ri.History, protocol.RatingPoint{At: h.At.UnixMilli(), Rating: Round(h.Rating), Game: h.Game})
		}
		prof.Ratings = append(prof.Ratings, ri)
		prof.Wins, prof.Draws, prof.Losses = prof.Wins+r.Wins, prof.Draws+r.Draws, prof.Losses+r.Losses
	}
	ms, err := s.Store.Matches(ctx, p.ID, ProfileGames)
	if err != nil {
		return prof, err
	}
	for _, m := range ms {
		line := protocol.GameLine{Game: m.Game, Variant: m.Variant, Speed: m.Speed, Rated: m.Rated, White: m.WhiteName, Black: m.BlackName,
			Started: m.Created.UnixMilli(), Result: m.Result, Ratings: gameRatings(m)}
		switch {
		case m.Aborted:
			line.Status = "aborted"
		case m.Result != "" || m.Status == protocol.StatusOver:
			line.Status = protocol.StatusOver
		case m.Status == "":
			line.Status = protocol.StatusOver // the game expired unfinished
		default:
			line.Status = protocol.StatusPlaying
			if m.Status == protocol.StatusPlaying {
				prof.Playing = append(prof.Playing, m.Game)
			}
		}
		prof.Games = append(prof.Games, line)
	}
	return prof, nil
}

// Leaderboard lists the best established players of a variant and speed
// who played a rated game in the last ActiveFor.
func (s *Service) Leaderboard(ctx context.Context, variant string, speed rating.Speed) (protocol.Leaderboard, error) {
	board := protocol.Leaderboard{Variant: variant, Speed: string(speed), Players: []protocol.Leader{}}
	ls, err := s.Store.Leaderboard(ctx, variant, string(speed), rating.ProvisionalRD, s.now().Add(-ActiveFor), LeaderboardSize)
	if err != nil {
		return board, err
	}
	for i, l := range ls {
		board.Players = append(board.Players, protocol.Leader{Rank: i + 1, Name: l.Player.Name, Rating: Round(l.Rating.Rating), RD: Round(l.Rating.RD), Games: l.Games})
	}
	return board, nil
}
