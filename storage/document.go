package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// maxDocumentBytes bounds what is read back: a document larger than this is
// treated as damaged instead of being loaded into memory whole.
const maxDocumentBytes = 16 << 20

// Document describes one kind of saved document: where it lives, its current
// schema version, its defaults and how to check it. The game's own documents
// (settings, game, archive) are Documents; new kinds can be added the same way:
//
//	var stats = storage.Document[Stats]{Name: "stats", Label: "statistics file", Schema: 1}
//	s, found, notice := stats.Load(store)
//	err := stats.Save(store, s)
//
// A Document value is a description only; it holds no state.
type Document[T any] struct {
	// Name is the file name without ".json" and the "kind" inside the
	// envelope: lower-case letters, digits, '-' and '_'.
	Name string
	// Label names the document for people reading the code and the
	// files, as a singular noun phrase: "saved game", "settings file".
	// Notices name a document by Name; the screens make the words.
	Label string
	// Schema is the version written by Save. Load accepts it and, through
	// Upgrade, older ones; newer ones are set aside as unreadable.
	Schema int
	// Defaults gives the value used when nothing usable is saved. Loading
	// decodes over a fresh default value, so fields missing from the file
	// keep their defaults. Nil means the zero value.
	Defaults func() T
	// Check repairs what can be repaired (clamping a volume) and returns an
	// error for what cannot (a move cursor past the end), which makes the
	// document count as damaged. It runs after every decode and before every
	// encode, so it must not modify memory shared with the caller (clone
	// slices before changing them). Nil accepts everything.
	Check func(*T) error
	// Upgrade converts the data of an older schema into the current one.
	// Nil means older schemas cannot be read.
	Upgrade func(schema int, data json.RawMessage) (json.RawMessage, error)
}

// envelope is the on-disk form of every document.
type envelope struct {
	Schema int             `json:"schema"`
	Kind   string          `json:"kind"`
	Data   json.RawMessage `json:"data"`
}

// newerSchemaError reports a document written by a newer game version.
type newerSchemaError struct{ found, supported int }

func (e *newerSchemaError) Error() string {
	return fmt.Sprintf("it is from a newer version of the game: schema %d, this version reads up to %d", e.found, e.supported)
}

var validName = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)

func (d Document[T]) fileName() string   { return d.Name + ".json" }
func (d Document[T]) backupName() string { return d.Name + ".json.bak" }

func (d Document[T]) validate() error {
	if !validName.MatchString(d.Name) {
		return fmt.Errorf("storage: invalid document name %q", d.Name)
	}
	if d.Schema < 1 {
		return fmt.Errorf("storage: document %q has no schema version", d.Name)
	}
	return nil
}

func (d Document[T]) defaults() T {
	if d.Defaults == nil {
		var zero T
		return zero
	}
	return d.Defaults()
}

// Encode returns the document's bytes as Save would write them. The value is
// checked first; an error from Check is returned and nothing is encoded.
func (d Document[T]) Encode(v T) ([]byte, error) {
	if err := d.validate(); err != nil {
		return nil, err
	}
	if d.Check != nil {
		if err := d.Check(&v); err != nil {
			return nil, fmt.Errorf("storage: not saving %s: %w", d.fileName(), err)
		}
	}
	data, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("storage: encoding %s: %w", d.fileName(), err)
	}
	// Indented so a curious player (or a developer) can read the file.
	out, err := json.MarshalIndent(envelope{Schema: d.Schema, Kind: d.Name, Data: data}, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("storage: encoding %s: %w", d.fileName(), err)
	}
	out = append(out, '\n')
	if len(out) > maxDocumentBytes {
		// Decode would take it for damage and set it aside: never write it.
		return nil, &tooLargeError{name: d.fileName(), size: len(out)}
	}
	return out, nil
}

// tooLargeError is an encoding larger than the reader accepts.
type tooLargeError struct {
	name string
	size int
}

func (e *tooLargeError) Error() string {
	return fmt.Sprintf("storage: not saving %s: %d bytes is more than the %d a save may hold", e.name, e.size, maxDocumentBytes)
}

// Decode parses bytes written by Encode (of this or an older schema) and
// checks the result. The error explains what is wrong in a few words.
func (d Document[T]) Decode(data []byte) (T, error) {
	v, _, err := d.decode(data)
	return v, err
}

// decode is Decode that also says which schema the data was written in
// (0 when it has none that can be read).
func (d Document[T]) decode(data []byte) (v T, schema int, err error) {
	v = d.defaults()
	if err := d.validate(); err != nil {
		return v, 0, err
	}
	if len(data) > maxDocumentBytes {
		return v, 0, fmt.Errorf("larger than %d bytes", maxDocumentBytes)
	}
	var env envelope
	if err := json.Unmarshal(data, &env); err != nil {
		return v, 0, jsonProblem(err)
	}
	switch {
	case env.Schema > d.Schema:
		return v, 0, &newerSchemaError{found: env.Schema, supported: d.Schema}
	case env.Schema < 1:
		return v, 0, errors.New("no schema version")
	case env.Kind != d.Name:
		return v, 0, fmt.Errorf("it holds %q, not %q", clip(env.Kind, 40), d.Name)
	}
	raw := env.Data
	if env.Schema < d.Schema {
		if d.Upgrade == nil {
			return v, 0, fmt.Errorf("schema %d is too old to read", env.Schema)
		}
		upgraded, err := d.Upgrade(env.Schema, raw)
		if err != nil {
			return v, 0, fmt.Errorf("upgrading from schema %d: %w", env.Schema, err)
		}
		raw = upgraded
	}
	if len(raw) == 0 || string(raw) == "null" {
		return v, 0, errors.New("no data")
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return d.defaults(), 0, jsonProblem(err)
	}
	if d.Check != nil {
		if err := d.Check(&v); err != nil {
			return d.defaults(), 0, err
		}
	}
	return v, env.Schema, nil
}

// jsonProblem shortens encoding/json errors for notices.
func jsonProblem(err error) error {
	return errors.New(strings.TrimPrefix(err.Error(), "json: "))
}

// Load returns the saved document. found is false when nothing usable was
// saved; the value is then Defaults(). The notice is zero unless something
// had to be set aside or restored. Load never fails and never panics on bad data.
func (d Document[T]) Load(s *Store) (v T, found bool, notice Notice) {
	defer s.lockForRead()()
	return d.load(s)
}

// Save writes the document atomically, first copying the previous good
// version to the backup. The error, if any, is worth showing the player
// ("couldn't save …"); the game can go on.
func (d Document[T]) Save(s *Store, v T) error {
	unlock, err := s.lockForWrite()
	if err != nil {
		return fmt.Errorf("storage: couldn't save %s: %w", d.fileName(), err)
	}
	defer unlock()
	return d.save(s, v)
}

// Clear forgets the document and its backup, so Load finds nothing.
func (d Document[T]) Clear(s *Store) error {
	if err := d.validate(); err != nil {
		return err
	}
	unlock, err := s.lockForWrite()
	if err != nil {
		return fmt.Errorf("storage: couldn't clear %s: %w", d.fileName(), err)
	}
	defer unlock()
	return d.clear(s)
}

// clear implements Clear with the Store locked.
func (d Document[T]) clear(s *Store) error {
	// Main first: if we stop half way, a lone backup is never loaded.
	for _, name := range []string{d.fileName(), d.backupName()} {
		if err := s.backend.remove(name); err != nil {
			return fmt.Errorf("storage: couldn't clear %s: %w", d.fileName(), err)
		}
	}
	return nil
}

func (d Document[T]) save(s *Store, v T) error {
	data, err := d.Encode(v)
	if err != nil {
		return err
	}
	// Back up the current version only if it is good: a damaged file must
	// not overwrite a backup that may be the only good copy left.
	if old, err := s.backend.read(d.fileName()); err == nil {
		if bytes.Equal(old, data) {
			return nil // unchanged: keep the older backup rather than a copy
		}
		if _, err := d.Decode(old); err == nil {
			if err := s.backend.write(d.backupName(), old); err != nil {
				return fmt.Errorf("storage: couldn't save %s (keeping the backup failed): %w", d.fileName(), err)
			}
		}
	}
	if err := s.backend.write(d.fileName(), data); err != nil {
		return fmt.Errorf("storage: couldn't save %s: %w", d.fileName(), err)
	}
	return nil
}
