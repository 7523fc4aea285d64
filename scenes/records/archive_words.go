package records

import (
	"math"
	"strconv"
	"strings"

	"bashni/i18n"
	"bashni/rules"
	"bashni/scenes/ui"
	"bashni/sprites"
	"bashni/storage"
)

// The list of finished games in the player's language. Entries are stored
// with codes (the opponent's kind and level, the reason); they are put in
// words here, row by row, when the list is laid out.

// outcomeKind is how a row's pill is coloured.
type outcomeKind uint8

const (
	outcomeLost outcomeKind = iota
	outcomeWon              // the player won, or a side won between friends
	outcomeDraw
)

// archiveRow is one row's words, fitted to its width.
type archiveRow struct {
	outcome      string
	kind         outcomeKind
	outcomeSize  float64
	line1, line2 string
	size1, size2 float64
	name         string // the row read as one, for the page's mirror
}

// oneSide reports whether the player at this device played one side of an
// archived game, against the computer or someone online: the result is
// then theirs, won or lost.
func oneSide(g storage.ArchivedGame) bool {
	return g.Opponent == storage.OpponentComputer || g.Opponent == storage.OpponentOnline
}

// archiveOutcome says how an archived game ended for the player: "Won",
// "Lost" or "Draw" against the computer or online; "White won", "Black
// won" or "Draw" between friends (and the computer against itself).
func archiveOutcome(cat *i18n.Catalog, g storage.ArchivedGame) (string, outcomeKind) {
	if g.Result == storage.ResultDraw {
		return cat.T("common.draw"), outcomeDraw
	}
	whiteWon := g.Result == storage.ResultWhiteWins
	if !oneSide(g) {
		if whiteWon {
			return cat.Side("archive.side_won", rules.White), outcomeWon
		}
		return cat.Side("archive.side_won", rules.Black), outcomeWon
	}
	if whiteWon == (g.Human == storage.White) {
		return cat.T("archive.won"), outcomeWon
	}
	return cat.T("archive.lost"), outcomeLost
}

// archiveLength says how long a game was: "1 move", "23 moves".
func archiveLength(cat *i18n.Catalog, plies int) string {
	return cat.N("common.moves", (plies+1)/2)
}

// archiveStartOffset is 1 when the archived game began with Black to move
// (its record's FEN tag says so), as StartOffset for a game: its first
// move is "1... ", which counts as a move of its own (MoveCount).
func archiveStartOffset(g storage.ArchivedGame) int {
	if strings.Contains(g.Record, `[FEN "B:`) {
		return 1
	}
	return 0
}

// opponentWords names an archived game's opponent in the player's
// language: an online opponent by the name the server gave, with the
// rating when there was one; a label an older version kept that names no
// kind is shown as it is.
func opponentWords(cat *i18n.Catalog, g storage.ArchivedGame) string {
	switch g.Opponent {
	case storage.OpponentFriend:
		return cat.T("archive.friend")
	case storage.OpponentOnline:
		switch {
		case g.OpponentName == "":
			return cat.T("archive.opponent.online") // a game by link
		case g.OpponentRating > 0:
			rating := strconv.Itoa(g.OpponentRating)
			if g.OpponentProvisional {
				rating += "?"
			}
			return cat.F("archive.opponent.rated", "Name", g.OpponentName, "Rating", rating)
		}
		return g.OpponentName
	case storage.OpponentItself:
		return cat.T("archive.computer_itself")
	case storage.OpponentComputer:
		return cat.F("archive.computer_level", "Level", g.Level)
	}
	return g.OpponentText
}

// reasonWords is why an archived game ended, in a word or two for a row
// ("no moves left", "time"); an explanation an older version kept that
// names no reason is shown as it is.
func reasonWords(cat *i18n.Catalog, g storage.ArchivedGame) string {
	if g.Reason != storage.ReasonNone {
		return cat.ShortReason(g.Reason.Rules())
	}
	return g.ReasonText
}

// archiveRowWords puts game g in words for a row whose text may be maxW
// wide and whose pill is pillW wide.
func archiveRowWords(cat *i18n.Catalog, p *ui.Painter, g storage.ArchivedGame, maxW, pillW float64) archiveRow {
	var r archiveRow
	r.outcome, r.kind = archiveOutcome(cat, g)
	r.outcomeSize = 14
	for r.outcomeSize > 10 && p.Measure(r.outcome, r.outcomeSize, sprites.Bold) > pillW-p.DP(10) {
		r.outcomeSize--
	}
	sep := cat.T("common.separator")
	r.line1 = opponentWords(cat, g) + sep + cat.VariantName(g.Variant.Rules())
	// The second line: the date and the length, then what fits of the
	// side played and the reason.
	r.line2 = cat.Date(g.Finished.Local()) + sep + archiveLength(cat, g.Plies+archiveStartOffset(g))
	var extras []string
	if oneSide(g) {
		side := rules.White
		if g.Human == storage.Black {
			side = rules.Black
		}
		extras = append(extras, cat.Side("archive.as", side))
	}
	if reason := reasonWords(cat, g); reason != "" {
		extras = append(extras, reason)
	}
	for _, e := range extras {
		if p.Measure(r.line2+sep+e, 12, sprites.Regular) > maxW {
			break
		}
		r.line2 += sep + e
	}
	fit := func(s string, size float64, w sprites.Weight) float64 {
		for size > 10 && p.Measure(s, size, w) > maxW {
			size -= 0.5
		}
		return size
	}
	r.size1 = fit(r.line1, 16, sprites.Medium)
	r.size2 = fit(r.line2, 13, sprites.Regular)
	return r
}

// archivePillWidth is the width of the rows' result pills for a list of
// rowW wide rows: 86 dp (a fifth of a narrow row), wider when the longest
// result word of the list needs it, up to a third of the row.
func archivePillWidth(cat *i18n.Catalog, p *ui.Painter, games []storage.ArchivedGame, rowW float64) float64 {
	w := math.Min(p.DP(86), math.Round(rowW*0.2))
	for _, g := range games {
		o, _ := archiveOutcome(cat, g)
		w = math.Max(w, math.Ceil(p.Measure(o, 12, sprites.Bold))+p.DP(12))
	}
	return math.Min(w, math.Round(rowW/3))
}
