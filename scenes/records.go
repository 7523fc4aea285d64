package scenes

import (
	"sync"
	"time"

	"bashni/online/remote"
	"bashni/rules"
	"bashni/session"
	"bashni/storage"
)

// What is kept of the games played here: their records (shared/PROTOCOL.md)
// for the clipboard, a file and the archive of finished games, the
// archive's entries, and the saved game in progress.

// playerName is how a record names the one who plays side c: in an online
// game between identified players, the name the server gives.
func playerName(s *session.Session, c rules.Color) string {
	if n, ok := ComputerLevel(s, c); ok {
		return ComputerLevelName(n)
	}
	if card, ok := onlineCard(s, c); ok && card.Name != "" {
		return card.Name
	}
	if _, one := s.Local(); one && s.Kind(c) == session.Person {
		return "Player"
	}
	return c.String() // two friends at one screen
}

// onlineCard is side c's name and rating as the server of an online game
// has them (ok false in a game at this device). In a game by link the
// card is empty.
func onlineCard(s *session.Session, c rules.Color) (remote.Card, bool) {
	local, one := s.Local()
	if !one {
		return remote.Card{}, false
	}
	p, ok := s.Player(local.Opponent()).(*remote.Player)
	if !ok {
		return remote.Card{}, false
	}
	return p.Info().Players[c&1], true
}

// opponentOf is the kind of opponent for the list of finished games, and
// the computer's level when it is the computer: codes, which the list puts
// in the player's language.
func opponentOf(s *session.Session) (storage.Opponent, int) {
	c, one := s.Local()
	switch {
	case one:
		if n, ok := ComputerLevel(s, c.Opponent()); ok {
			return storage.OpponentComputer, n
		}
		return storage.OpponentOnline, 0
	case Friends(s):
		return storage.OpponentFriend, 0
	}
	return storage.OpponentItself, 0
}

// recordTags are the tag pairs of s's record; Variant, FEN and Result are
// added by rules.FormatRecord.
func recordTags(s *session.Session, date time.Time) []rules.Tag {
	return []rules.Tag{
		{Name: "Event", Value: "Casual game"},
		{Name: "Site", Value: "Bashni"},
		{Name: "Date", Value: date.Format("2006.01.02")},
		{Name: "White", Value: playerName(s, rules.White)},
		{Name: "Black", Value: playerName(s, rules.Black)},
		{Name: "Variant", Value: s.Game().Variant().String()},
		{Name: "FEN"}, // written only for a game from a set position
		{Name: "Result", Value: "*"},
	}
}

// recordOf writes s as a game record up to the position on the board.
func recordOf(s *session.Session, date time.Time) string {
	return rules.FormatRecord(s.Game(), recordTags(s, date))
}

// archivedGameOf makes the archive entry of a finished game; human is the
// side at the bottom of the board between friends. ok is false when the
// game is not over or nobody at this device played it.
func archivedGameOf(s *session.Session, human rules.Color, finished time.Time) (storage.ArchivedGame, bool) {
	g := s.Game()
	o := g.Outcome()
	if local, one := s.Local(); one {
		human = local
	} else if !Friends(s) {
		return storage.ArchivedGame{}, false
	}
	if !o.Over() {
		return storage.ArchivedGame{}, false
	}
	opponent, level := opponentOf(s)
	ag := storage.ArchivedGame{
		Finished: finished,
		Variant:  storage.VariantOf(g.Variant()),
		Opponent: opponent,
		Level:    level,
		Human:    storage.ColorOf(human),
		Result:   storage.Result(o.Result.Score()),
		Reason:   storage.ReasonOf(o.Reason),
		Plies:    g.Ply(),
		Record:   recordOf(s, finished.Local()),
	}
	if card, ok := onlineCard(s, human.Opponent()); ok {
		ag.OpponentName, ag.OpponentRating, ag.OpponentProvisional = card.Name, card.Rating, card.Provisional
	}
	return ag, true
}

// RecordFileName is the name a record is saved under:
// bashni-20261129-153012.pdn.
func RecordFileName(t time.Time) string {
	return "bashni-" + t.Format("20060102-150405") + ".pdn"
}

// savedGameOf turns a game into the storage document; human is the side
// at the bottom of the board between friends. ok is false for a game
// nobody at this device plays (the computer against itself).
func savedGameOf(s *session.Session, human rules.Color) (storage.SavedGame, bool) {
	g := s.Game()
	sg := storage.SavedGame{
		Variant:  storage.VariantOf(g.Variant()),
		Opponent: storage.OpponentComputer,
		Ply:      g.Ply(),
	}
	if local, one := s.Local(); one {
		human = local
		sg.Level, _ = ComputerLevel(s, local.Opponent())
	} else if Friends(s) {
		sg.Opponent = storage.OpponentFriend
	} else {
		return storage.SavedGame{}, false
	}
	sg.Human = storage.ColorOf(human)
	if start := g.Start(); !start.Equal(rules.NewPosition(g.Variant())) || start.FullmoveNumber() != 1 {
		sg.StartFEN = start.FEN()
	}
	for _, mv := range g.AllMoves() {
		sg.Moves = append(sg.Moves, mv.String())
	}
	if o := g.Outcome(); o.Over() {
		sg.Result = storage.Result(o.Result.Score())
		sg.ResultReason = storage.ReasonOf(o.Reason)
	}
	return sg, true
}

// ConfigOfSaved turns a saved game back into a game configuration (the
// title's Continue, scenes/home).
func ConfigOfSaved(sg storage.SavedGame) (GameConfig, error) {
	cfg := GameConfig{Variant: sg.Variant.Rules(), Level: sg.Level, Human: sg.Human.Rules(),
		Friend: sg.Opponent == storage.OpponentFriend, Moves: sg.Moves, Ply: sg.Ply}
	if sg.StartFEN != "" {
		p, err := rules.ParseFEN(cfg.Variant, sg.StartFEN)
		if err != nil {
			return cfg, err
		}
		cfg.Start = p
	}
	return cfg, nil
}

// archiver adds finished games to the store's archive on a goroutine, so
// that the game loop never waits for the disk; Close waits for it.
type archiver struct {
	wg     sync.WaitGroup
	mu     sync.Mutex
	err    error
	notice storage.Notice // a damaged archive set aside while adding
}

// archiveGame returns the session hook that keeps a finished game in the
// archive of finished games (human: the side at the bottom between
// friends); nil without a store.
func (a *App) archiveGame(human rules.Color) func(*session.Session) {
	if a.store == nil {
		return nil
	}
	return func(s *session.Session) {
		ag, ok := archivedGameOf(s, human, time.Now())
		if !ok {
			return
		}
		store := a.store
		a.archiver.wg.Add(1)
		go func() {
			defer a.archiver.wg.Done()
			notice, err := store.AddToArchive(ag)
			a.archiver.mu.Lock()
			if err != nil {
				a.archiver.err = err
			}
			if !notice.IsZero() {
				a.archiver.notice = notice
			}
			a.archiver.mu.Unlock()
		}()
	}
}

// takeSaveMessage returns what to tell the player about saving since the
// last call: a failed save, a failure to archive, or a damaged archive set
// aside; "" when all went well.
func (a *App) takeSaveMessage() string {
	if err := a.saver.Err(); err != nil {
		return a.text.F("play.save_failed", "Error", ErrorWords(a.text, err))
	}
	ar := &a.archiver
	ar.mu.Lock()
	defer ar.mu.Unlock()
	err, notice := ar.err, ar.notice
	ar.err, ar.notice = nil, storage.Notice{}
	switch {
	case err != nil:
		return a.text.F("play.save_failed", "Error", ErrorWords(a.text, err))
	case !notice.IsZero():
		return a.text.T("title.past_games") + ": " + NoticeWords(a.text, notice)
	}
	return ""
}

// Archive is the list of finished games, the one that just ended included
// (it waits for the games on their way in).
func (a *App) Archive() ([]storage.ArchivedGame, storage.Notice) {
	if a.store == nil {
		return nil, storage.Notice{}
	}
	a.archiver.wg.Wait()
	return a.store.LoadArchive()
}

// saveOnExit finishes the archive writes and saves the game in progress
// once more, so that quitting keeps exactly what is on the board.
func (a *App) saveOnExit() {
	a.archiver.wg.Wait()
	if a.play != nil {
		a.play.Session().Save()
	}
}

// dropStrayPastes forgets text pasted into the page (the browser's paste
// event) on a screen that takes none, so that it does not turn up in the
// next text field. The title and import screens read it themselves.
func (a *App) dropStrayPastes() {
	if _, ok := a.scene.(pasteReader); ok {
		return
	}
	for {
		if _, ok := a.clipboard.Pasted(); !ok {
			return
		}
	}
}
