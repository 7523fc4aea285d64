package storage

import "sync"

// Saver writes documents on a background goroutine so the game loop never
// waits for the disk (a desktop save syncs two files, several milliseconds).
// Each request replaces any request for the same document that is not yet
// written, so a burst of moves costs one write, and requests for one
// document are written in the order made.
//
// Route every write of a document through the Saver once you use one for
// it: a direct Store.ClearGame could be overtaken by a queued SaveGame.
type Saver struct {
	store *Store

	mu      sync.Mutex
	idle    *sync.Cond // signalled when the worker stops
	pending map[string]func() error
	order   []string // document names in the order first requested
	running bool
	err     error // the latest failure, until Err takes it
}

// NewSaver returns a Saver for store. It starts a goroutine only while there
// is something to write, so it needs no closing; call Flush before quitting.
func NewSaver(store *Store) *Saver {
	b := &Saver{store: store, pending: map[string]func() error{}}
	b.idle = sync.NewCond(&b.mu)
	return b
}

// SaveGame queues store.SaveGame(game).
func (b *Saver) SaveGame(game SavedGame) {
	b.queue(GameDocument().Name, func() error { return b.store.SaveGame(game) })
}

// ClearGame queues store.ClearGame(), dropping a queued SaveGame.
func (b *Saver) ClearGame() {
	b.queue(GameDocument().Name, b.store.ClearGame)
}

// SaveSettings queues store.SaveSettings(settings).
func (b *Saver) SaveSettings(settings Settings) {
	b.queue(SettingsDocument().Name, func() error { return b.store.SaveSettings(settings) })
}

// Err returns the latest save failure since the last call, or nil. Poll it
// from Update and show the player a notice.
func (b *Saver) Err() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	err := b.err
	b.err = nil
	return err
}

// Flush waits until everything queued is written and returns Err().
func (b *Saver) Flush() error {
	b.mu.Lock()
	for b.running {
		b.idle.Wait()
	}
	b.mu.Unlock()
	return b.Err()
}

func (b *Saver) queue(name string, write func() error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, queued := b.pending[name]; !queued {
		b.order = append(b.order, name)
	}
	b.pending[name] = write
	if !b.running {
		b.running = true
		go b.run()
	}
}

// run writes queued requests until none are left.
func (b *Saver) run() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for len(b.order) > 0 {
		name := b.order[0]
		b.order = b.order[1:]
		write := b.pending[name]
		delete(b.pending, name)

		b.mu.Unlock() // let the game queue more while the disk works
		err := write()
		b.mu.Lock()
		if err != nil {
			b.err = err
		}
	}
	b.running = false
	b.idle.Broadcast()
}
