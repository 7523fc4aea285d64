package storage

import (
	"cmp"
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
	// Opponent is the kind of opponent: the computer (at Level), a friend
	// at this screen, a friend online, or the computer against itself.
	// The screens name it in the player's language.
	Opponent Opponent `json:"opponent"`
	// Level is the computer's level, 1 to 7 (OpponentComputer); else 0.
	Level int `json:"level,omitempty"`
	// OpponentText is an opponent label an older version stored that
	// names none of the kinds (Opponent is then ""): kept, and shown as
	// it is, so that migrating loses nothing.
	OpponentText string `json:"opponentText,omitempty"`
	// OpponentName is an online opponent's display name, as the server
	// gave it (OpponentOnline; "" for a game by link or an unnamed
	// player); OpponentRating their rating in the game's variant and speed
	// when the game began (0: none), OpponentProvisional whether it was
	// provisional. Names are data, shown as they are; added in archive
	// schema 3 as optional fields, so older archives load as they are and
	// older versions read these.
	OpponentName        string `json:"opponentName,omitempty"`
	OpponentRating      int    `json:"opponentRating,omitempty"`
	OpponentProvisional bool   `json:"opponentProvisional,omitempty"`
	// Human is the colour the human played.
	Human Color `json:"human"`
	// Result is "1-0", "0-1" or "1/2-1/2".
	Result Result `json:"result"`
	// Reason says why the game ended, as a code ("no-moves", "time").
	Reason Reason `json:"reason,omitempty"`
	// ReasonText is an explanation an older version stored that names
	// none of the reasons (Reason is then ""), kept as OpponentText is.
	ReasonText string `json:"reasonText,omitempty"`
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

// maxNameRunes bounds an online opponent's name (the server allows 20
// letters); maxRating their rating (Glicko-2 ratings stay far below it).
const (
	maxNameRunes = 40
	maxRating    = 9999
)

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
	// A kind or a code this version does not know becomes text, as an
	// older version's label does: the entry is kept and shows it.
	if opponent, ok := parseArchivedOpponent(string(g.Opponent)); ok {
		g.Opponent = opponent
	} else {
		g.Opponent, g.OpponentText = "", cmp.Or(string(g.Opponent), g.OpponentText)
	}
	if reason, ok := parseReason(string(g.Reason)); ok {
		g.Reason = reason
	} else {
		g.Reason, g.ReasonText = ReasonNone, cmp.Or(string(g.Reason), g.ReasonText)
	}
	if g.Opponent == OpponentComputer {
		g.Level = min(max(g.Level, MinLevel), MaxLevel)
	} else {
		g.Level = 0
	}
	if g.Opponent == OpponentOnline {
		g.OpponentName = shortText(g.OpponentName, maxNameRunes)
		g.OpponentRating = min(max(g.OpponentRating, 0), maxRating)
	} else {
		g.OpponentName, g.OpponentRating = "", 0
	}
	g.OpponentProvisional = g.OpponentProvisional && g.OpponentRating > 0
	g.OpponentText = shortText(g.OpponentText, maxOpponentRunes)
	g.ReasonText = shortText(g.ReasonText, maxReasonRunes)
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
// under schema 1 are relabelled on loading (upgradeArchive). Schema 3 keeps
// the opponent and the reason as codes where schema 2 kept English labels
// and sentences ("Computer (level 4)", "Draw: time ran out.").
const ArchiveSchema = 3

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

// upgradeArchive brings an archive of an older schema up to today's, one
// schema at a time. The migrated archive is written back with the next game
// archived (AddToArchive), with the schema it has then, so each migration
// runs on a given file until that happens and never after.
func upgradeArchive(schema int, data json.RawMessage) (json.RawMessage, error) {
	steps := map[int]func(json.RawMessage) (json.RawMessage, error){1: upgradeArchive1, 2: upgradeArchive2}
	if steps[schema] == nil {
		return nil, fmt.Errorf("unknown schema %d", schema)
	}
	for ; schema < ArchiveSchema; schema++ {
		var err error
		if data, err = steps[schema](data); err != nil {
			return nil, fmt.Errorf("from schema %d: %w", schema, err)
		}
	}
	return data, nil
}

// upgradeArchive1 relabels the games archived under schema 1, whose level n
// is level n+1 today, so that "Computer (level 3)" still names the strength
// it was. Entries that are not objects are left for Normalize to drop.
func upgradeArchive1(data json.RawMessage) (json.RawMessage, error) {
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

// eachArchivedGame calls edit with every game of an archive's data that is
// a JSON object, and returns the data with the games edited. Data that is
// not an archive comes back as it is, for Decode to say what is wrong.
func eachArchivedGame(data json.RawMessage, edit func(g map[string]json.RawMessage)) json.RawMessage {
	var archive map[string]json.RawMessage
	var games []json.RawMessage
	if json.Unmarshal(data, &archive) != nil || json.Unmarshal(archive["games"], &games) != nil {
		return data
	}
	for i, raw := range games {
		var g map[string]json.RawMessage
		if json.Unmarshal(raw, &g) != nil || g == nil {
			continue
		}
		edit(g)
		games[i], _ = json.Marshal(g)
	}
	archive["games"], _ = json.Marshal(games)
	out, _ := json.Marshal(archive)
	return out
}

// schema2Opponent matches the computer as schema 2 labelled it.
var schema2Opponent = regexp.MustCompile(`^Computer \(level ([1-7])\)$`)

// schema2Opponents are the other labels schema 2 wrote: a friend at the
// screen, the computer against itself, and the side an online opponent
// played (its player's name in the record).
var schema2Opponents = map[string]Opponent{
	"Friend":                  OpponentFriend,
	"Computer against itself": OpponentItself,
	"White":                   OpponentOnline,
	"Black":                   OpponentOnline,
}

// schema2Reasons are the sentences schema 2 stored as a result's reason
// (rules.Outcome.Explain as it was then), frozen here: the migration reads
// what was written, whatever the rules say today.
var schema2Reasons = map[string]Reason{
	"White wins: Black has no legal move (every column is captured or blocked).": ReasonNoMoves,
	"Black wins: White has no legal move (every column is captured or blocked).": ReasonNoMoves,
	"White wins: Black resigned.":                                   ReasonResignation,
	"Black wins: White resigned.":                                   ReasonResignation,
	"Draw: the same position occurred three times.":                 ReasonRepetition,
	"Draw: 15 moves by each side without a capture or a promotion.": ReasonNoProgress,
	"Draw by agreement.":                                            ReasonAgreement,
	"Draw: time ran out.":                                           ReasonTime,
	"White wins: Black ran out of time.":                            ReasonTime,
	"Black wins: White ran out of time.":                            ReasonTime,
	"Draw: the game was abandoned.":                                 ReasonAbandonment,
	"White wins: Black left the game.":                              ReasonAbandonment,
	"Black wins: White left the game.":                              ReasonAbandonment,
}

// upgradeArchive2 turns schema 2's English labels into codes: the opponent
// "Computer (level 4)" becomes the kind "computer" and the level 4, the
// reason "Draw: time ran out." the code "time". A label or a sentence that
// is none of those schema 2 wrote is kept as text (opponentText,
// reasonText), so nothing is lost.
func upgradeArchive2(data json.RawMessage) (json.RawMessage, error) {
	return eachArchivedGame(data, func(g map[string]json.RawMessage) {
		var opponent, reason string
		if json.Unmarshal(g["opponent"], &opponent) == nil {
			kind, level := schema2Opponents[opponent], 0
			if m := schema2Opponent.FindStringSubmatch(opponent); m != nil {
				kind, level = OpponentComputer, int(m[1][0]-'0')
			}
			delete(g, "opponent")
			switch {
			case kind != "":
				g["opponent"], _ = json.Marshal(kind)
			case opponent != "":
				g["opponentText"], _ = json.Marshal(opponent)
			}
			if level > 0 {
				g["level"], _ = json.Marshal(level)
			}
		}
		if json.Unmarshal(g["reason"], &reason) == nil {
			delete(g, "reason")
			if code, ok := schema2Reasons[reason]; ok {
				g["reason"], _ = json.Marshal(code)
			} else if reason != "" {
				g["reasonText"], _ = json.Marshal(reason)
			}
		}
	}), nil
}

// nextLevel is the level one above a digit from 1 to 6.
func nextLevel(digit string) string { return string(rune(digit[0] + 1)) }

// LoadArchive returns the finished games, newest first. An archive of an
// older schema is migrated as it is read and written back at once with
// today's schema (the older file kept as the backup), so that the
// migration runs once.
func (s *Store) LoadArchive() ([]ArchivedGame, Notice) {
	doc := ArchiveDocument()
	unlock := s.lockForRead()
	archive, found, schema, notice := doc.loadSchema(s)
	unlock()
	if found && schema < doc.Schema {
		doc.rewriteOutdated(s)
	}
	return archive.Games, notice
}

// AddToArchive puts a finished game at the front of the archive, dropping the
// oldest beyond ArchiveLimit. If the stored archive had to be set aside or
// restored from its backup, the notice says so; the game is added anyway.
func (s *Store) AddToArchive(game ArchivedGame) (Notice, error) {
	if err := game.Normalize(); err != nil {
		return Notice{}, fmt.Errorf("storage: not archiving the game: %w", err)
	}
	if game.Finished.IsZero() {
		game.Finished = s.now().UTC()
	}
	// Under the lock shared with other copies of the game, the archive is
	// read again and the game added to what is there now: a copy that
	// finished a game meanwhile has its game kept too.
	unlock, err := s.lockForWrite()
	if err != nil {
		return Notice{}, fmt.Errorf("storage: couldn't add the game to archive.json: %w", err)
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
