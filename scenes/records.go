package scenes

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"bashni/rules"
	"bashni/storage"
)

// Game records (shared/PROTOCOL.md) of the games played here: for the
// clipboard, for a file and for the archive of finished games.

// playerName is how a record names the one who plays side c.
func playerName(m *Match, c rules.Color) string {
	switch {
	case m.Cfg.Opponent == OpponentWatch || (m.Cfg.Opponent == OpponentComputer && c != m.Cfg.Human):
		return "Computer (level " + strconv.Itoa(m.Cfg.Level) + ")"
	case m.Cfg.Opponent == OpponentComputer:
		return "Player"
	}
	return c.String() // two friends at one screen
}

// opponentLabel describes the opponent for the list of finished games.
func opponentLabel(m *Match) string {
	switch m.Cfg.Opponent {
	case OpponentFriend:
		return "Friend"
	case OpponentWatch:
		return "Computer against itself"
	}
	return "Computer (level " + strconv.Itoa(m.Cfg.Level) + ")"
}

// recordTags are the tag pairs of m's record; Variant, FEN and Result are
// added by rules.FormatRecord.
func recordTags(m *Match, date time.Time) []rules.Tag {
	return []rules.Tag{
		{Name: "Event", Value: "Casual game"},
		{Name: "Site", Value: "Bashni"},
		{Name: "Date", Value: date.Format("2006.01.02")},
		{Name: "White", Value: playerName(m, rules.White)},
		{Name: "Black", Value: playerName(m, rules.Black)},
		{Name: "Variant", Value: m.Game.Variant().String()},
		{Name: "FEN"}, // written only for a game from a set position
		{Name: "Result", Value: "*"},
	}
}

// recordOf writes m as a game record up to the position on the board.
func recordOf(m *Match, date time.Time) string {
	return rules.FormatRecord(m.Game, recordTags(m, date))
}

// archivedGameOf makes the archive entry of a finished game; ok is false
// when the game is not over or not a game the player played.
func archivedGameOf(m *Match, finished time.Time) (storage.ArchivedGame, bool) {
	o := m.Game.Outcome()
	if !o.Over() || m.Cfg.Opponent == OpponentWatch {
		return storage.ArchivedGame{}, false
	}
	ag := storage.ArchivedGame{
		Finished: finished,
		Variant:  storage.VariantBashni,
		Opponent: opponentLabel(m),
		Human:    storage.White,
		Result:   storage.Result(o.Result.Score()),
		Reason:   o.Explain(),
		Plies:    m.Game.Ply(),
		Record:   recordOf(m, finished.Local()),
	}
	if m.Game.Variant() == rules.Lasca {
		ag.Variant = storage.VariantLasca
	}
	if m.Cfg.Human == rules.Black {
		ag.Human = storage.Black
	}
	return ag, true
}

// recordFileName is the name a record is saved under:
// bashni-20261129-153012.pdn.
func recordFileName(t time.Time) string {
	return "bashni-" + t.Format("20060102-150405") + ".pdn"
}

// archiveOutcome says how an archived game ended for the player: "Won",
// "Lost" or "Draw" against the computer; "White won", "Black won" or
// "Draw" between friends.
func archiveOutcome(g storage.ArchivedGame) string {
	if g.Result == storage.ResultDraw {
		return "Draw"
	}
	whiteWon := g.Result == storage.ResultWhiteWins
	if !strings.HasPrefix(g.Opponent, "Computer") {
		if whiteWon {
			return "White won"
		}
		return "Black won"
	}
	if whiteWon == (g.Human == storage.White) {
		return "Won"
	}
	return "Lost"
}

// archiveLength says how long a game was: "1 move", "23 moves".
func archiveLength(plies int) string {
	moves := (plies + 1) / 2
	if moves == 1 {
		return "1 move"
	}
	return fmt.Sprintf("%d moves", moves)
}
