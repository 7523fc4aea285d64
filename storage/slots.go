package storage

import (
	"errors"
	"fmt"
	"io/fs"
)

// Two copies of the game open on the same saves (two windows, two browser
// tabs) must not overwrite each other's game in progress. Each copy that
// plays claims a game slot: the first copy slot 1 ("game.json", what
// Continue has always used), a second copy slot 2 ("game-2.json"), and so
// on. The claim is a lock the operating system (or the browser) drops when
// the copy ends, however it ends. A copy that owns slot 1 takes back, at
// start, an unfinished game another copy left in a slot nobody holds, so a
// game played in a second window comes back by Continue after a restart.
//
// Finished games need no slot: every copy adds them to the one archive,
// under the storage's lock (see Store.AddToArchive).

// maxGameSlots is how many copies can keep a game in progress at once; a
// further copy plays without keeping its game, and says so.
const maxGameSlots = 8

// slotName is the document name of a game slot: "game", "game-2", ….
func slotName(slot int) string {
	if slot <= 1 {
		return "game"
	}
	return fmt.Sprintf("game-%d", slot)
}

// slotLockName is the name of the lock that marks a slot as taken.
func slotLockName(slot int) string { return fmt.Sprintf("slot-%d", slot) }

// gameDocument is the document of a game slot.
func gameDocument(slot int) Document[SavedGame] {
	d := GameDocument()
	d.Name = slotName(slot)
	return d
}

// Unfinished reports whether the game is one Continue can go on with: not
// over, and not an untouched start position.
func (g SavedGame) Unfinished() bool {
	return g.Result == ResultNone && (len(g.Moves) > 0 || g.StartFEN != "")
}

// SlotCode is what claiming a game slot found that the player is to be
// told: a code, which a screen puts in the player's language.
type SlotCode string

// The codes of SlotNotice.
const (
	// SlotAlone: nothing to tell (slot 1, no other copy's game waiting).
	SlotAlone SlotCode = ""
	// SlotShared: another copy of the game is open; this one keeps its own
	// game in progress, so neither is lost.
	SlotShared SlotCode = "shared"
	// SlotNotKept: Count copies are open, more than there are slots; the
	// game in progress of this one is not kept (finished games are).
	SlotNotKept SlotCode = "not-kept"
	// SlotWaiting: Count unfinished games of other copies are kept; they
	// come back to slot 1 one by one as its games end.
	SlotWaiting SlotCode = "waiting"
)

// SlotNotice is what claiming a game slot found (see TakeSlotNotice).
type SlotNotice struct {
	Code  SlotCode
	Count int // SlotNotKept: copies open; SlotWaiting: games waiting
}

// TakeSlotNotice returns what the player is to be told about this copy's
// game slot, once: later calls return the zero SlotNotice.
func (s *Store) TakeSlotNotice() SlotNotice {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := s.slotNotice
	s.slotNotice = SlotNotice{}
	return n
}

// claimGameSlot makes this Store the owner of the first free game slot and
// returns what to tell the player about it (SlotAlone for slot 1 with
// nothing else waiting). It is called once, by OpenDefault.
func (s *Store) claimGameSlot() SlotNotice {
	for slot := 1; slot <= maxGameSlots; slot++ {
		release, ok := s.backend.claim(slotLockName(slot))
		if !ok {
			continue
		}
		s.mu.Lock()
		s.slot, s.releaseSlot = slot, release
		s.mu.Unlock()
		if slot > 1 {
			return SlotNotice{Code: SlotShared}
		}
		return s.adoptWaitingGame()
	}
	s.mu.Lock()
	s.readOnlyGame = true
	s.mu.Unlock()
	return SlotNotice{Code: SlotNotKept, Count: maxGameSlots + 1}
}

// adoptWaitingGame runs in the copy that owns slot 1: an unfinished game
// left in another slot whose copy has ended moves to slot 1 if slot 1 has
// none; otherwise it stays where it is and the notice says so.
func (s *Store) adoptWaitingGame() SlotNotice {
	waiting := 0
	for slot := 2; slot <= maxGameSlots; slot++ {
		if _, err := s.backend.read(gameDocument(slot).fileName()); errors.Is(err, fs.ErrNotExist) {
			continue // nothing there, nothing to take back
		}
		release, ok := s.backend.claim(slotLockName(slot))
		if !ok {
			continue // its copy is still open
		}
		adopted, unfinished := s.adopt(slot)
		release()
		if unfinished && !adopted {
			waiting++
		}
	}
	if waiting == 0 {
		return SlotNotice{}
	}
	return SlotNotice{Code: SlotWaiting, Count: waiting}
}

// adopt moves the unfinished game of slot (held by the caller) to slot 1
// when slot 1 has no unfinished game. It reports whether it moved it and
// whether slot holds an unfinished game at all.
func (s *Store) adopt(slot int) (adopted, unfinished bool) {
	unlock, err := s.lockForWrite()
	if err != nil {
		return false, false
	}
	defer unlock()
	other, found, _ := gameDocument(slot).load(s)
	if !found || !other.Unfinished() {
		return false, false
	}
	if mine, found, _ := gameDocument(1).load(s); found && mine.Unfinished() {
		return false, true
	}
	if err := gameDocument(1).save(s, other); err != nil {
		return false, true
	}
	if err := gameDocument(slot).clear(s); err != nil && !errors.Is(err, fs.ErrNotExist) {
		// Both slots hold the game now; the next start tries again and,
		// slot 1 being taken by then, leaves it. Nothing is lost.
		return true, true
	}
	return true, true
}

// Close lets go of the Store's game slot, so that another Store (another
// copy of the game) may claim it. The operating system does the same when
// the process ends; the Store stays usable for everything but the slot.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.releaseSlot != nil {
		s.releaseSlot()
		s.releaseSlot = nil
	}
	return nil
}
