package storage

import (
	"sync"
	"time"
)

// Store reads and writes the game's documents in one place (a directory, the
// browser's localStorage, or memory). It is safe for concurrent use.
type Store struct {
	// mu serialises whole load/save sequences (read old, write backup, write
	// new) so two goroutines cannot interleave them.
	mu       sync.Mutex
	backend  backend
	location string
	// now stamps the names of set-aside copies; tests replace it.
	now func() time.Time

	// The game slot this Store keeps the game in progress in (slots.go):
	// 0 or 1 is "game.json". readOnlyGame is set when every slot was
	// taken: the game in progress is then not kept at all.
	slot         int
	releaseSlot  func()
	readOnlyGame bool
	slotNotice   SlotNotice // told once, by TakeSlotNotice
}

func newStore(b backend, location string) *Store {
	return &Store{backend: b, location: location, now: time.Now}
}

// OpenMemory returns a Store that keeps documents in memory only. Use it in
// tests, and as a fallback when OpenDefault fails so the game still runs
// (nothing will survive a restart then; tell the player).
func OpenMemory() *Store {
	return newStore(newMemoryBackend(), "memory (not kept)")
}

// lockForWrite takes the Store's mutex and the storage's lock shared with
// other processes, for a sequence that writes. On failure nothing is held.
func (s *Store) lockForWrite() (unlock func(), err error) {
	s.mu.Lock()
	release, err := s.backend.lock(true)
	if err != nil {
		s.mu.Unlock()
		return nil, err
	}
	return func() { release(); s.mu.Unlock() }, nil
}

// lockForRead is lockForWrite for loads, which never fail: without the
// shared lock (an unusable directory) they go on, since every write
// replaces a blob whole and so a reader never sees half of one.
func (s *Store) lockForRead() (unlock func()) {
	s.mu.Lock()
	release, err := s.backend.lock(false)
	if err != nil {
		return s.mu.Unlock
	}
	return func() { release(); s.mu.Unlock() }
}

// Location says where the documents live, for logs and "about" screens:
// a directory path, "browser localStorage" or "memory (not kept)".
func (s *Store) Location() string { return s.location }
