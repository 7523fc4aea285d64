//go:build !js

package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gofrs/flock"
)

// staleTempAge is how old a leftover temporary file must be before Open
// deletes it. A younger one may belong to another running copy of the game
// that is about to rename it into place.
const staleTempAge = time.Minute

// fileBackend stores each blob as a file in one directory.
type fileBackend struct {
	dir string
	// afterTempWrite, when set, runs after the temporary file is written and
	// synced but before it is renamed over the target. Tests use it to
	// simulate a crash (os.Exit) or a failure (return an error) at the one
	// moment that matters for atomicity.
	afterTempWrite func(target, tmp string) error
}

func (b *fileBackend) path(name string) string { return filepath.Join(b.dir, name) }

// modeName says what kind of file a mode describes, for notices.
func modeName(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a plain file"
}

// lockFileName is the file whose advisory lock (flock on Unix, LockFileEx on
// Windows) every copy of the game takes around a read-modify-write of the
// directory. Hidden, and never a document name.
const lockFileName = ".lock"

// isLockName reports whether name is one of the lock files of the directory.
func isLockName(name string) bool { return strings.HasPrefix(name, ".lock") }

// lockWait bounds the wait for another copy's lock. A save holds it for a
// few milliseconds; a copy stopped while holding it (a debugger, SIGSTOP)
// must not freeze this one for ever, so after this long the operation
// fails with an error instead.
const lockWait = 10 * time.Second

func (b *fileBackend) lock(forWrite bool) (func(), error) {
	if forWrite {
		if err := os.MkdirAll(b.dir, 0o700); err != nil {
			return nil, err
		}
	} else if _, err := os.Stat(b.dir); errors.Is(err, fs.ErrNotExist) {
		return func() {}, nil // nothing saved yet: nothing to protect
	}
	return lockFile(b.path(lockFileName), lockWait)
}

// claim tries the lock file ".lock-<name>" once. A directory that cannot
// hold the file (unwritable, missing and impossible to create) cannot keep
// a game either; the claim then succeeds so that the saves report their
// own errors.
func (b *fileBackend) claim(name string) (func(), bool) {
	if err := os.MkdirAll(b.dir, 0o700); err != nil {
		return func() {}, true
	}
	l := flock.New(b.path(lockFileName+"-"+name), flock.SetFlag(os.O_CREATE|os.O_RDWR), flock.SetPermissions(0o600))
	ok, err := l.TryLock()
	if err != nil {
		return func() {}, true
	}
	if !ok {
		return nil, false
	}
	return func() { l.Unlock() }, true
}

// lockFile takes the exclusive advisory lock of the file at path, creating
// it, waiting at most wait for another holder.
func lockFile(path string, wait time.Duration) (func(), error) {
	l := flock.New(path, flock.SetFlag(os.O_CREATE|os.O_RDWR), flock.SetPermissions(0o600))
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	ok, err := l.TryLockContext(ctx, time.Millisecond)
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	if !ok {
		return nil, fmt.Errorf("another copy of the game has held %s for %v", path, wait)
	}
	return func() { l.Unlock() }, nil
}

// read reads only regular files: a FIFO, a device or a directory named
// like a save is reported, never waited on (see openFlags).
func (b *fileBackend) read(name string) ([]byte, error) {
	f, err := os.OpenFile(b.path(name), openFlags, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file (%s)", b.path(name), modeName(info.Mode()))
	}
	// Read one byte past the limit so an oversized file is noticed rather
	// than silently cut (which would then look like truncation).
	data, err := io.ReadAll(io.LimitReader(f, maxDocumentBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxDocumentBytes {
		return nil, fmt.Errorf("read %s: larger than %d bytes", b.path(name), maxDocumentBytes)
	}
	return data, nil
}

// write replaces the file atomically: the data goes to a temporary file in
// the same directory (so the rename cannot cross file systems), is flushed to
// disk, and only then renamed over the target. Readers therefore see the old
// file or the new one, never a mixture, whatever happens in between.
func (b *fileBackend) write(name string, data []byte) (err error) {
	if err := os.MkdirAll(b.dir, 0o700); err != nil {
		return err
	}
	target := b.path(name)
	f, err := os.CreateTemp(b.dir, tempPrefix(name)+"*"+tempSuffix)
	if err != nil {
		return err
	}
	tmp := f.Name()
	renamed := false
	defer func() {
		if !renamed {
			f.Close()      // may already be closed; the error is irrelevant then
			os.Remove(tmp) // best effort: Open also sweeps stale leftovers
		}
	}()
	if _, err := f.Write(data); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if b.afterTempWrite != nil {
		if err := b.afterTempWrite(target, tmp); err != nil {
			return err
		}
	}
	if err := os.Rename(tmp, target); err != nil {
		return err
	}
	renamed = true
	// Make the rename itself durable. Some systems (Windows) cannot sync a
	// directory; the data is safe in the file anyway, so that is no error.
	syncDir(b.dir)
	return nil
}

func (b *fileBackend) rename(from, to string) error {
	if err := os.Rename(b.path(from), b.path(to)); err != nil {
		return err
	}
	syncDir(b.dir)
	return nil
}

func (b *fileBackend) remove(name string) error {
	err := os.Remove(b.path(name))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

func (b *fileBackend) list() ([]string, error) {
	entries, err := os.ReadDir(b.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if e.Type().IsRegular() {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// removeStaleTemps deletes temporary files left behind by a write that never
// reached its rename (a crash or power cut). Load never reads them, so this
// only reclaims space; failures are ignored for the same reason.
func (b *fileBackend) removeStaleTemps(now time.Time) {
	entries, err := os.ReadDir(b.dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.Type().IsRegular() || !isTempName(e.Name()) {
			continue
		}
		info, err := e.Info()
		if err != nil || now.Sub(info.ModTime()) < staleTempAge {
			continue
		}
		os.Remove(b.path(e.Name()))
	}
}

const tempSuffix = ".tmp"

// tempPrefix names temporary files ".<name>." so they are hidden, sort next
// to their target, and can never collide with a document name.
func tempPrefix(name string) string { return "." + name + "." }

func isTempName(name string) bool {
	return strings.HasPrefix(name, ".") && strings.HasSuffix(name, tempSuffix)
}

func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	d.Sync()
	d.Close()
}
