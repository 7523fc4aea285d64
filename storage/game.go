package storage

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"
)

// SavedGame is the game in progress, kept so "Continue" can bring it back
// exactly: replay Moves[:Ply] from StartFEN to get the position on the board;
// Moves[Ply:] are moves taken back that "Redo" can play again.
type SavedGame struct {
	// Variant is the game played.
	Variant Variant `json:"variant"`
	// StartFEN is the position the game started from, in the FEN of
	// shared/PROTOCOL.md; "" means the variant's start position.
	StartFEN string `json:"startFen,omitempty"`
	// Moves lists every move played, in the notation of PROTOCOL.md
	// ("c3-d4", "a3:c5:a7"), including moves taken back.
	Moves []string `json:"moves"`
	// Ply is how many of Moves are on the board: 0 ≤ Ply ≤ len(Moves).
	Ply int `json:"ply"`
	// Opponent is who the human plays against.
	Opponent Opponent `json:"opponent"`
	// Level is the computer's strength, 1 (weakest) to 7; 0 for a friend.
	// Documents of schema 1 counted 1 to 6 without today's level 1: they
	// are read as one level higher (upgradeGame).
	Level int `json:"level,omitempty"`
	// Human is the colour the human plays (for a game between friends, the
	// colour at the bottom of the screen).
	Human Color `json:"human"`
	// Result is set once the game is over; ResultNone while it goes on.
	Result Result `json:"result,omitempty"`
	// ResultReason says why the game ended, a code ("no-moves", "time").
	// Schema 2 kept an English sentence; the upgrade makes it a code.
	ResultReason Reason `json:"resultReason,omitempty"`
	// Started is when the game began; SaveGame fills it in if zero.
	Started time.Time `json:"started"`
	// Updated is when the game was last saved; SaveGame sets it.
	Updated time.Time `json:"updated"`
}

// Limits on a saved game. A real game is a few hundred plies at most; the
// limits only stop a damaged file from claiming absurd sizes.
const (
	MinLevel       = 1
	MaxLevel       = 7
	maxGameMoves   = 4096
	maxReasonRunes = 200
)

// Normalize repairs what can be repaired in place (letter case, a level out
// of range, time zones) and returns an error when the game cannot be trusted:
// an unknown variant or opponent, a move that is not a move, or a cursor
// outside the move list.
func (g *SavedGame) Normalize() error {
	variant, ok := parseVariant(string(g.Variant))
	if !ok {
		return fmt.Errorf("unknown variant %q", clip(string(g.Variant), 20))
	}
	g.Variant = variant
	fen, err := checkFEN(g.StartFEN)
	if err != nil {
		return err
	}
	g.StartFEN = fen
	if len(g.Moves) > maxGameMoves {
		return fmt.Errorf("%d moves is more than a game can have", len(g.Moves))
	}
	// Clone before rewriting: the caller's slice must not change under it.
	moves := slices.Clone(g.Moves)
	for i, m := range moves {
		if moves[i], err = normalizeMove(m, variant); err != nil {
			return err
		}
	}
	g.Moves = moves
	if g.Ply < 0 || g.Ply > len(g.Moves) {
		return fmt.Errorf("move cursor %d is outside the %d moves", g.Ply, len(g.Moves))
	}
	opponent, ok := parseOpponent(string(g.Opponent))
	if !ok {
		return fmt.Errorf("unknown opponent %q", clip(string(g.Opponent), 20))
	}
	g.Opponent = opponent
	if opponent == OpponentComputer {
		g.Level = min(max(g.Level, MinLevel), MaxLevel)
	} else {
		g.Level = 0
	}
	human, ok := parseColor(string(g.Human))
	if !ok {
		return fmt.Errorf("unknown colour %q", clip(string(g.Human), 20))
	}
	g.Human = human
	result, ok := parseResult(string(g.Result))
	if !ok {
		return fmt.Errorf("unknown result %q", clip(string(g.Result), 20))
	}
	g.Result = result
	// A code this version does not know says nothing it can use: the
	// game goes on without it (nothing shows a saved game's reason).
	if reason, ok := parseReason(string(g.ResultReason)); ok {
		g.ResultReason = reason
	} else {
		g.ResultReason = ReasonNone
	}
	g.Started, g.Updated = savableTime(g.Started), savableTime(g.Updated)
	return nil
}

// GameSchema is the schema version of the saved-game document. Schema 2
// added level 1 below the levels of schema 1, which became 2 to 7; schema 3
// keeps the result's reason as a code where schema 2 kept a sentence.
const GameSchema = 3

// schema1MaxLevel is the highest level of schema 1.
const schema1MaxLevel = 6

// GameDocument describes the game in progress ("game.json").
func GameDocument() Document[SavedGame] {
	return Document[SavedGame]{
		Name:    "game",
		Label:   "saved game",
		Schema:  GameSchema,
		Check:   (*SavedGame).Normalize,
		Upgrade: upgradeGame,
	}
}

// upgradeGame brings a saved game of an older schema up to today's, one
// schema at a time.
func upgradeGame(schema int, data json.RawMessage) (json.RawMessage, error) {
	steps := map[int]func(json.RawMessage) (json.RawMessage, error){1: upgradeGame1, 2: upgradeGame2}
	if steps[schema] == nil {
		return nil, fmt.Errorf("unknown schema %d", schema)
	}
	for ; schema < GameSchema; schema++ {
		var err error
		if data, err = steps[schema](data); err != nil {
			return nil, fmt.Errorf("from schema %d: %w", schema, err)
		}
	}
	return data, nil
}

// upgradeGame2 turns schema 2's English reason ("Draw by agreement.") into
// its code ("agreement"), as the archive's upgrade does. A sentence schema 2
// never wrote is dropped: nothing shows a saved game's reason, and the
// result itself stays.
func upgradeGame2(data json.RawMessage) (json.RawMessage, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil || fields == nil {
		return data, nil // not an object: Decode says what is wrong
	}
	var reason string
	if json.Unmarshal(fields["resultReason"], &reason) != nil {
		return data, nil
	}
	delete(fields, "resultReason")
	if code, ok := schema2Reasons[reason]; ok {
		fields["resultReason"], _ = json.Marshal(code)
	}
	return json.Marshal(fields)
}

// upgradeGame1 turns a saved game of schema 1 into schema 2: a game against
// the computer keeps its strength, so its level n (clamped to 1–6, as
// schema 1 read it) becomes n+1. Only "level" changes; whatever else is
// wrong is left for Normalize to judge.
func upgradeGame1(data json.RawMessage) (json.RawMessage, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil || fields == nil {
		return data, nil // not an object: Decode says what is wrong
	}
	var opponent string
	if json.Unmarshal(fields["opponent"], &opponent) != nil {
		return data, nil
	}
	if o, ok := parseOpponent(opponent); !ok || o != OpponentComputer {
		return data, nil
	}
	level := MinLevel // a missing level read as the lowest
	if raw, ok := fields["level"]; ok {
		if err := json.Unmarshal(raw, &level); err != nil {
			return nil, fmt.Errorf("level: %w", jsonProblem(err))
		}
	}
	fields["level"], _ = json.Marshal(min(max(level, MinLevel), schema1MaxLevel) + 1)
	return json.Marshal(fields)
}

// LoadGame returns the game in progress. ok is false when there is none
// (never saved, cleared, or unusable — the notice then says why).
//
// A copy of the game that is not alone on its saves (see OpenDefault) loads
// and saves its own slot; TakeSlotNotice says so.
func (s *Store) LoadGame() (game SavedGame, ok bool, notice Notice) {
	doc, readOnly := s.gameSlot()
	if readOnly {
		return SavedGame{}, false, Notice{}
	}
	return doc.Load(s)
}

// gameSlot returns the document of this Store's game slot, and whether the
// game in progress is not kept at all.
func (s *Store) gameSlot() (Document[SavedGame], bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return gameDocument(s.slot), s.readOnlyGame
}

// SaveGame saves the game in progress, setting Updated to now and Started
// too if it is zero. Call it after every move, undo and redo.
func (s *Store) SaveGame(game SavedGame) error {
	now := s.now()
	if game.Started.IsZero() {
		game.Started = now
	}
	game.Updated = now
	doc, readOnly := s.gameSlot()
	if readOnly {
		return nil // the player was told with LoadGame
	}
	return doc.Save(s, game)
}

// ClearGame forgets the game in progress (after it was archived, or when a
// new game starts), so LoadGame finds nothing to continue.
func (s *Store) ClearGame() error {
	doc, readOnly := s.gameSlot()
	if readOnly {
		return nil
	}
	return doc.Clear(s)
}
