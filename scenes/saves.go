package scenes

import (
	"sync"
	"time"

	"bashni/rules"
	"bashni/session"
	"bashni/storage"
)

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
