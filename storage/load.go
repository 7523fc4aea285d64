package storage

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
)

// keptAsideLimit is how many set-aside copies of each document (per reason)
// are kept; older ones are deleted so repeated damage cannot fill the disk or
// the browser's small storage quota.
const keptAsideLimit = 3

// load implements Document.Load with the Store already locked: the main file,
// then the backup, then defaults, setting aside whatever is unusable.
func (d Document[T]) load(s *Store) (T, bool, Notice) {
	v, found, _, notice := d.loadSchema(s)
	return v, found, notice
}

// loadSchema is load that also says the schema the value was stored in (0
// when nothing was found), so that an older one can be written back.
func (d Document[T]) loadSchema(s *Store) (v T, found bool, schema int, notice Notice) {
	v, found, notice = d.loadFrom(s, &schema)
	return v, found, schema, notice
}

// rewriteOutdated saves the document again when the stored one is of an
// older schema, under the storage's lock: the upgrade from that schema then
// runs once, when it is first read, and the file says the schema it has.
// The previous version becomes the backup (save keeps a good one), so
// nothing is lost. A failure changes nothing: the next load tries again.
func (d Document[T]) rewriteOutdated(s *Store) {
	unlock, err := s.lockForWrite()
	if err != nil {
		return
	}
	defer unlock()
	if v, found, schema, _ := d.loadSchema(s); found && schema < d.Schema {
		_ = d.save(s, v) // a failure is retried on the next load
	}
}

// loadFrom implements load, setting *schema to the schema of what it read.
func (d Document[T]) loadFrom(s *Store, schema *int) (T, bool, Notice) {
	if err := d.validate(); err != nil {
		// A mistake of the program's, not of the file: said as damage.
		return d.defaults(), false, Notice{Doc: d.Name, label: d.Label, Main: Problem{Kind: Damaged, Error: oneLine(err)}, Then: Fresh}
	}
	v, _, err := d.readAndDecode(s, d.fileName(), schema)
	if err == nil {
		return v, true, Notice{}
	}
	if errors.Is(err, fs.ErrNotExist) {
		// No main file means nothing saved (or cleared): the backup is only
		// a fallback for a damaged main file, never resurrected on its own.
		return d.defaults(), false, Notice{}
	}
	n := Notice{Doc: d.Name, label: d.Label}
	var mainSetAside bool
	n.Main, mainSetAside = s.describeAndSetAside(d.fileName(), err)

	v, data, err := d.readAndDecode(s, d.backupName(), schema)
	if err == nil {
		if !mainSetAside {
			// The main file is still there (unreadable, or it could not be
			// moved): leave it; the next Load will come back here the same way.
			n.Then = Restored
			return v, true, n
		}
		// Put the backup back in place, or the next Load (the main file now
		// being gone) would find nothing. If that fails the value is still
		// good for this session, and the next Save will try again.
		if werr := s.backend.write(d.fileName(), data); werr != nil {
			n.Then, n.PutBackError = RestoredForNow, oneLine(werr)
			return v, true, n
		}
		n.Then = Restored
		return v, true, n
	}
	n.Then = Fresh
	if !errors.Is(err, fs.ErrNotExist) {
		n.Backup, _ = s.describeAndSetAside(d.backupName(), err)
	}
	return d.defaults(), false, n
}

// readError marks a failure to read (as opposed to decode) a blob.
type readError struct{ err error }

func (e *readError) Error() string { return e.err.Error() }
func (e *readError) Unwrap() error { return e.err }

// readAndDecode returns the decoded value and the raw bytes it came from,
// and sets *schema to the schema they were written in.
func (d Document[T]) readAndDecode(s *Store, name string, schema *int) (T, []byte, error) {
	data, err := s.backend.read(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return d.defaults(), nil, err
		}
		return d.defaults(), nil, &readError{err}
	}
	v, found, err := d.decode(data)
	*schema = found
	return v, data, err
}

// describeAndSetAside says why a blob is unusable and, if it could be
// read, moves it aside under a time-stamped name so the player (or a
// developer) can still recover it, and so it is not tried again. moved
// reports whether the blob is gone from its place.
func (s *Store) describeAndSetAside(name string, problem error) (p Problem, moved bool) {
	var re *readError
	if errors.As(problem, &re) {
		// An unreadable blob is left where it is: the cause may be
		// temporary, and moving it might fail the same way.
		return Problem{Kind: CannotRead, Error: oneLine(re.err)}, false
	}
	reason := "broken"
	p = Problem{Kind: Damaged, Error: oneLine(problem)}
	var newer *newerSchemaError
	if errors.As(problem, &newer) {
		reason = "newer"
		p = Problem{Kind: Newer, Found: newer.found, Supported: newer.supported}
	}
	aside, err := s.setAside(name, reason)
	if err != nil {
		p.AsideError = oneLine(err)
		return p, false
	}
	p.KeptAs = aside
	return p, true
}

// setAside renames name to "<name>.<reason>-<time>", trimming old copies.
func (s *Store) setAside(name, reason string) (string, error) {
	prefix := name + "." + reason + "-"
	aside, err := s.freeAsideName(prefix, s.now().Format("20060102T150405"))
	if err != nil {
		return "", err
	}
	if err := s.backend.rename(name, aside); err != nil {
		return "", err
	}
	s.trimAside(prefix)
	return aside, nil
}

// freeAsideName picks "<prefix><stamp>", or for a second copy within the
// same second "<prefix><stamp>-n" numbered after the highest n in use, so
// the newest copy always sorts last (and trimming never deletes it).
func (s *Store) freeAsideName(prefix, stamp string) (string, error) {
	existing, err := namesWithPrefix(s.backend, prefix)
	if errors.Is(err, errCannotList) {
		// Nothing is ever trimmed from such storage, so probing for the
		// first free number is enough.
		for n := 1; ; n++ {
			name := asideName(prefix, stamp, n)
			if _, err := s.backend.read(name); errors.Is(err, fs.ErrNotExist) || n >= 100 {
				return name, nil
			}
		}
	}
	if err != nil {
		return "", err
	}
	highest := 0
	for _, e := range existing {
		if st, n := asideStamp(prefix, e); st == stamp {
			highest = max(highest, n)
		}
	}
	return asideName(prefix, stamp, highest+1), nil
}

func asideName(prefix, stamp string, n int) string {
	if n <= 1 {
		return prefix + stamp
	}
	return fmt.Sprintf("%s%s-%d", prefix, stamp, n)
}

// trimAside deletes all but the newest keptAsideLimit copies with prefix.
// Failures only cost space, so they are ignored.
func (s *Store) trimAside(prefix string) {
	names, err := namesWithPrefix(s.backend, prefix)
	if err != nil || len(names) <= keptAsideLimit {
		return
	}
	slices.SortFunc(names, func(a, b string) int {
		stampA, nA := asideStamp(prefix, a)
		stampB, nB := asideStamp(prefix, b)
		return cmp.Or(cmp.Compare(stampA, stampB), cmp.Compare(nA, nB))
	})
	for _, name := range names[:len(names)-keptAsideLimit] {
		s.backend.remove(name)
	}
}

// asideStamp splits "<prefix><stamp>[-n]" into the time stamp, which sorts by
// time as text, and the copy number n (1 when absent).
func asideStamp(prefix, name string) (string, int) {
	stamp, number, found := strings.Cut(strings.TrimPrefix(name, prefix), "-")
	if !found {
		return stamp, 1
	}
	n, err := strconv.Atoi(number)
	if err != nil {
		return stamp, 1
	}
	return stamp, n
}
