package storage

import (
	"errors"
	"io/fs"
	"sort"
	"strings"
)

// backend is a flat namespace of small named blobs. Names are plain file
// names such as "game.json"; each implementation maps them to files or keys.
type backend interface {
	// read returns the blob, or an error wrapping fs.ErrNotExist if absent.
	read(name string) ([]byte, error)
	// write replaces the blob atomically: afterwards readers see either the
	// old or the new content in full, even if the process dies meanwhile.
	write(name string, data []byte) error
	// rename moves a blob, replacing any blob already at the target.
	rename(from, to string) error
	// remove deletes a blob; removing an absent blob is not an error.
	remove(name string) error
	// list returns the names of all blobs (in any order), or errCannotList
	// if the storage has no way to enumerate them.
	list() ([]string, error)
	// lock takes the storage's lock shared by every process (every copy of
	// the game) using it, waiting for another holder to let go, and
	// returns the function that releases it. Read-modify-write sequences
	// (a save with its backup, adding to the archive) run under it so that
	// two copies cannot interleave them. forWrite is false for loads, which
	// may go on without the lock when the storage does not exist yet.
	lock(forWrite bool) (unlock func(), err error)
	// claim takes the lock named name if no other process (copy of the
	// game, browser tab) holds it, without waiting, and keeps it until
	// release is called or the process ends.
	claim(name string) (release func(), ok bool)
}

// errCannotList comes from storage objects that only get, set and remove.
// Listing is needed only to number and trim set-aside copies, so callers
// work around it.
var errCannotList = errors.New("this storage cannot list its entries")

// memoryBackend keeps blobs in a map. The Store's mutex guards it.
type memoryBackend struct {
	blobs map[string][]byte
}

func newMemoryBackend() *memoryBackend {
	return &memoryBackend{blobs: map[string][]byte{}}
}

func (m *memoryBackend) read(name string) ([]byte, error) {
	data, ok := m.blobs[name]
	if !ok {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrNotExist}
	}
	return append([]byte(nil), data...), nil
}

func (m *memoryBackend) write(name string, data []byte) error {
	m.blobs[name] = append([]byte(nil), data...)
	return nil
}

func (m *memoryBackend) rename(from, to string) error {
	data, ok := m.blobs[from]
	if !ok {
		return &fs.PathError{Op: "rename", Path: from, Err: fs.ErrNotExist}
	}
	m.blobs[to] = data
	delete(m.blobs, from)
	return nil
}

func (m *memoryBackend) remove(name string) error {
	delete(m.blobs, name)
	return nil
}

// lock is a no-op: a memory store belongs to one Store, whose mutex guards it.
func (m *memoryBackend) lock(bool) (func(), error) { return func() {}, nil }

// claim always succeeds: nothing else can see a memory store.
func (m *memoryBackend) claim(string) (func(), bool) { return func() {}, true }

func (m *memoryBackend) list() ([]string, error) {
	names := make([]string, 0, len(m.blobs))
	for name := range m.blobs {
		names = append(names, name)
	}
	return names, nil
}

// namesWithPrefix lists the backend's names that start with prefix, sorted.
func namesWithPrefix(b backend, prefix string) ([]string, error) {
	all, err := b.list()
	if err != nil {
		return nil, err
	}
	var names []string
	for _, name := range all {
		if strings.HasPrefix(name, prefix) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names, nil
}
