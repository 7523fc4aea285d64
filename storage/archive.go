package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"time"
)

// ArchivedGame is one finished game in the archive.
type ArchivedGame struct {
	// Finished is when the game ended.
	Finished time.Time `json:"finished"`
	// Variant is the game played.
	Variant Variant `json:"variant"`
	// Opponent describes the opponent for the list: "Computer (level 4)",
	// "Friend".
	Opponent string `json:"opponent"`
	// Human is the colour the human played.
	Human Color `json:"human"`
	// Result is "1-0", "0-1" or "1/2-1/2".
	Result Result `json:"result"`
	// Reason says why the game ended ("no moves", "repetition").
	Reason string `json:"reason,omitempty"`
	// Plies is the number of moves made by both sides.
	Plies int `json:"plies"`
	// Record is the full game record in the PDN-like format of
	// shared/PROTOCOL.md (tag pairs, numbered moves, result).
	Record string `json:"record"`
}

// Archive is the stored list of finished games, newest first.
type Archive struct {
	Games []ArchivedGame `json:"games"`
}

// ArchiveLimit is how many finished games are kept; adding one more drops
// the oldest.
const ArchiveLimit = 200

// maxRecordBytes bounds one game record; a long real game is a few KB.
const maxRecordBytes = 64 << 10

const maxOpponentRunes = 100

// Normalize repairs what can be repaired in place and rejects an entry that
// has no real result or an oversized record.
func (g *ArchivedGame) Normalize() error {
	variant, ok := parseVariant(string(g.Variant))
	if !ok {
		return fmt.Errorf("unknown variant %q", clip(string(g.Variant), 20))
	}
	g.Variant = variant
	result, ok := parseResult(string(g.Result))
	if !ok || result == ResultNone {
		return fmt.Errorf("%q is not the result of a finished game", clip(string(g.Result), 20))
	}
	g.Result = result
	human, ok := parseColor(string(g.Human))
	if !ok {
		return fmt.Errorf("unknown colour %q", clip(string(g.Human), 20))
	}
	g.Human = human
	if len(g.Record) > maxRecordBytes {
		return fmt.Errorf("game record of %d bytes is too long", len(g.Record))
	}
	g.Record = validText(g.Record)
	g.Opponent = shortText(g.Opponent, maxOpponentRunes)
	g.Reason = shortText(g.Reason, maxReasonRunes)
	g.Plies = max(g.Plies, 0)
	g.Finished = savableTime(g.Finished)
	return nil
}

// Normalize drops entries that cannot be shown (so one damaged entry does not
// cost the whole archive) and keeps the newest ArchiveLimit games.
func (a *Archive) Normalize() {
	var games []ArchivedGame // a new slice: the caller's must not change
	for _, g := range a.Games {
		if g.Normalize() == nil {
			games = append(games, g)
		}
	}
	a.Games = games[:min(len(games), ArchiveLimit)]
}

// ArchiveSchema is the schema version of the archive document. Schema 2
// counts the computer's levels 1–7 (see GameSchema); the games archived
// under schema 1 are relabelled on loading (upgradeArchive).
const ArchiveSchema = 2

// ArchiveDocument describes the archive of finished games ("archive.json").
func ArchiveDocument() Document[Archive] {
	return Document[Archive]{
		Name:   "archive",
		Label:  "game archive",
		Schema: ArchiveSchema,
		Check: func(a *Archive) error {
			a.Normalize()
			return nil
		},
		Upgrade: upgradeArchive,
	}
}

// schema1Opponent matches the computer as the game of schema 1 named it in
// an archived game's opponent and in its record's White and Black tags.
var (
	schema1Opponent = regexp.MustCompile(`^Computer \(level ([1-6])\)$`)
	schema1Tag      = regexp.MustCompile(`(?m)^(\[(?:White|Black) "Computer \(level )([1-6])(\)"\])`)
)

// upgradeArchive relabels the games archived under schema 1, whose level n
// is level n+1 today, so that "Computer (level 3)" still names the strength
// it was. Entries that are not objects are left for Normalize to drop.
func upgradeArchive(schema int, data json.RawMessage) (json.RawMessage, error) {
	if schema != 1 {
		return nil, fmt.Errorf("unknown schema %d", schema)
	}
	var archive map[string]json.RawMessage
	var games []json.RawMessage
	if json.Unmarshal(data, &archive) != nil || json.Unmarshal(archive["games"], &games) != nil {
		return data, nil // not an archive: Decode says what is wrong
	}
	for i, raw := range games {
		var g map[string]json.RawMessage
		if json.Unmarshal(raw, &g) != nil || g == nil {
			continue
		}
		var opponent, record string
		if json.Unmarshal(g["opponent"], &opponent) == nil {
			if m := schema1Opponent.FindStringSubmatch(opponent); m != nil {
				g["opponent"], _ = json.Marshal("Computer (level " + nextLevel(m[1]) + ")")
			}
		}
		if json.Unmarshal(g["record"], &record) == nil {
			record = schema1Tag.ReplaceAllStringFunc(record, func(tag string) string {
				m := schema1Tag.FindStringSubmatch(tag)
				return m[1] + nextLevel(m[2]) + m[3]
			})
			g["record"], _ = json.Marshal(record)
		}
		games[i], _ = json.Marshal(g)
	}
	archive["games"], _ = json.Marshal(games)
	return json.Marshal(archive)
}

// nextLevel is the level one above a digit from 1 to 6.
func nextLevel(digit string) string { return string(rune(digit[0] + 1)) }

// LoadArchive returns the finished games, newest first.
func (s *Store) LoadArchive() ([]ArchivedGame, Notice) {
	archive, _, notice := ArchiveDocument().Load(s)
	return archive.Games, notice
}

// AddToArchive puts a finished game at the front of the archive, dropping the
// oldest beyond ArchiveLimit. If the stored archive had to be set aside or
// restored from its backup, the notice says so; the game is added anyway.
func (s *Store) AddToArchive(game ArchivedGame) (Notice, error) {
	if err := game.Normalize(); err != nil {
		return "", fmt.Errorf("storage: not archiving the game: %w", err)
	}
	if game.Finished.IsZero() {
		game.Finished = s.now().UTC()
	}
	// Under the lock shared with other copies of the game, the archive is
	// read again and the game added to what is there now: a copy that
	// finished a game meanwhile has its game kept too.
	unlock, err := s.lockForWrite()
	if err != nil {
		return "", fmt.Errorf("storage: couldn't add the game to archive.json: %w", err)
	}
	defer unlock()
	doc := ArchiveDocument()
	archive, _, notice := doc.load(s)
	archive.Games = slices.Insert(slices.Clone(archive.Games), 0, game)
	archive.Games = fitArchive(doc, archive.Games)
	if err := doc.save(s, archive); err != nil {
		return notice, err
	}
	return notice, nil
}

// fitArchive keeps the newest games that encode within the size a save may
// have. Records are bounded, but 200 long ones whose characters JSON must
// escape can pass it; the oldest games then go first, as beyond
// ArchiveLimit.
func fitArchive(doc Document[Archive], games []ArchivedGame) []ArchivedGame {
	n := len(games)
	for n > 1 {
		_, err := doc.Encode(Archive{Games: games[:n]})
		var tooLarge *tooLargeError
		if !errors.As(err, &tooLarge) {
			break
		}
		// Games are of a similar size: guess the count that fits, a little
		// under, and check again.
		n = min(n-1, int(float64(n)*float64(maxDocumentBytes)/float64(tooLarge.size)*0.98))
	}
	return games[:max(n, 1)]
}
