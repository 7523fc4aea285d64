package scenes

import (
	"sync"
	"time"

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

// archiveGame keeps a finished game in the archive of finished games.
func (a *App) archiveGame(m *Match) {
	if a.store == nil {
		return
	}
	ag, ok := archivedGameOf(m, time.Now())
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
		if notice != "" {
			a.archiver.notice = notice
		}
		a.archiver.mu.Unlock()
	}()
}

// takeSaveMessage returns what to tell the player about saving since the
// last call: a failed save, a failure to archive, or a damaged archive set
// aside; "" when all went well.
func (a *App) takeSaveMessage() string {
	if err := a.saver.Err(); err != nil {
		return "The game could not be saved: " + err.Error()
	}
	ar := &a.archiver
	ar.mu.Lock()
	defer ar.mu.Unlock()
	err, notice := ar.err, ar.notice
	ar.err, ar.notice = nil, ""
	switch {
	case err != nil:
		return "The game could not be saved: " + err.Error()
	case notice != "":
		return "Past games: " + string(notice)
	}
	return ""
}

// saveOnExit finishes the archive writes and saves the game in progress
// once more, so that quitting keeps exactly what is on the board.
func (a *App) saveOnExit() {
	a.archiver.wg.Wait()
	if a.play != nil {
		a.saveGame(a.play)
	}
}

// dropStrayPastes forgets text pasted into the page (the browser's paste
// event) on a screen that takes none, so that it does not turn up in the
// next text field. The title and import screens read it themselves.
func (a *App) dropStrayPastes() {
	switch a.scene.(type) {
	case *TitleScene, *ImportScene:
		return
	}
	for {
		if _, ok := a.clipboard.Pasted(); !ok {
			return
		}
	}
}
