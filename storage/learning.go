package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
)

// Learning is the player's progress on the learning screens: the lessons
// finished and the puzzle record. The puzzle record is kept as the JSON
// package learn/puzzles writes (its Progress), so that storage needs no
// rules of its own for it; a record that is not JSON is dropped on
// loading, the lessons kept.
type Learning struct {
	// Lessons are the IDs of the lessons finished, in the order finished.
	Lessons []string `json:"lessons,omitempty"`
	// Puzzles is learn/puzzles.Progress as JSON (null or absent: none yet).
	Puzzles json.RawMessage `json:"puzzles,omitempty"`
}

// LearningSchema is the schema version of the learning document.
const LearningSchema = 1

// maxLessonIDs bounds the lessons list; the course has ten.
const maxLessonIDs = 200

var lessonID = regexp.MustCompile(`^[a-z0-9][a-z0-9_.-]{0,63}$`)

// Normalize drops lesson IDs that cannot be IDs and repeats, and a puzzle
// record that is not a JSON object.
func (l *Learning) Normalize() {
	var ids []string
	for _, id := range l.Lessons {
		if lessonID.MatchString(id) && !slices.Contains(ids, id) && len(ids) < maxLessonIDs {
			ids = append(ids, id)
		}
	}
	l.Lessons = ids
	if len(l.Puzzles) > 0 {
		var m map[string]json.RawMessage
		if json.Unmarshal(l.Puzzles, &m) != nil {
			l.Puzzles = nil
		}
	}
}

// LearningDocument describes the learning progress ("learning.json").
func LearningDocument() Document[Learning] {
	return Document[Learning]{
		Name:   "learning",
		Label:  "learning progress",
		Schema: LearningSchema,
		Check: func(l *Learning) error {
			c := Learning{Lessons: slices.Clone(l.Lessons), Puzzles: l.Puzzles}
			c.Normalize()
			*l = c
			return nil
		},
	}
}

// LoadLearning returns the saved progress (none for a new player; the
// notice says why if the file had to be set aside).
func (s *Store) LoadLearning() (Learning, Notice) {
	l, _, notice := LearningDocument().Load(s)
	return l, notice
}

// SaveLearning saves the progress atomically.
func (s *Store) SaveLearning(l Learning) error {
	return LearningDocument().Save(s, l)
}

// StoredAnalysis is the analysis of one game (package learn/analysis's
// Report as JSON) under its key (the report's: the game and the searches,
// hashed).
type StoredAnalysis struct {
	Key    string          `json:"key"`
	Report json.RawMessage `json:"report"`
}

// Analyses are the analyses of the games looked at most recently, newest
// first, so that a second look at a game is instant. Reports are a few
// tens of KB: AnalysesLimit keeps the document well inside what a
// browser's localStorage holds.
type Analyses struct {
	Games []StoredAnalysis `json:"games"`
}

// AnalysesLimit is how many analyses are kept; the oldest goes first.
const AnalysesLimit = 24

var analysisKey = regexp.MustCompile(`^[0-9a-f]{8,64}$`)

// AnalysesDocument describes the kept analyses ("analyses.json").
func AnalysesDocument() Document[Analyses] {
	return Document[Analyses]{
		Name:   "analyses",
		Label:  "game analyses",
		Schema: 1,
		Check: func(a *Analyses) error {
			var keep []StoredAnalysis
			for _, g := range a.Games {
				if analysisKey.MatchString(g.Key) && json.Valid(g.Report) && len(keep) < AnalysesLimit {
					keep = append(keep, g)
				}
			}
			a.Games = keep
			return nil
		},
	}
}

// ErrNoAnalysis: no analysis is kept under that key.
var ErrNoAnalysis = errors.New("storage: no analysis of this game is kept")

// LoadAnalysis returns the analysis kept under key.
func (s *Store) LoadAnalysis(key string) (json.RawMessage, error) {
	a, _, _ := AnalysesDocument().Load(s)
	for _, g := range a.Games {
		if g.Key == key {
			return g.Report, nil
		}
	}
	return nil, ErrNoAnalysis
}

// SaveAnalysis keeps report under key, newest first, dropping an older
// one of the same key and the oldest beyond AnalysesLimit.
func (s *Store) SaveAnalysis(key string, report json.RawMessage) error {
	if !analysisKey.MatchString(key) || !json.Valid(report) {
		return fmt.Errorf("storage: not keeping the analysis: bad key %q or report", key)
	}
	unlock, err := s.lockForWrite()
	if err != nil {
		return fmt.Errorf("storage: couldn't keep the analysis: %w", err)
	}
	defer unlock()
	doc := AnalysesDocument()
	a, _, _ := doc.load(s)
	games := []StoredAnalysis{{Key: key, Report: report}}
	for _, g := range a.Games {
		if g.Key != key && len(games) < AnalysesLimit {
			games = append(games, g)
		}
	}
	return doc.save(s, Analyses{Games: games})
}

// HasArchive reports whether a game was ever archived here (an archive
// file exists, readable or not), without reading it: the title offers
// the lessons to a player who has finished no game yet.
func (s *Store) HasArchive() bool {
	d := ArchiveDocument()
	for _, name := range []string{d.fileName(), d.backupName()} {
		if _, err := s.backend.read(name); err == nil {
			return true
		}
	}
	return false
}
