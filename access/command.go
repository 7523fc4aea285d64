package access

import (
	"strings"

	"bashni/i18n"
	"bashni/rules"
)

// Kind is what a typed command asks for.
type Kind uint8

const (
	KindNone   Kind = iota // nothing typed
	KindMove               // a move in notation: Command.Move
	KindBoard              // every column, side by side
	KindColumn             // one column from the top: Command.Square
	KindMoves              // the legal moves
	KindTurn               // whose turn it is, or the result
	KindHelp               // what can be typed
)

// Command is a typed line, understood.
type Command struct {
	Kind   Kind
	Move   rules.Move   // KindMove: a legal move of the position
	Square rules.Square // KindColumn
	// KindPieces and KindNew: the side named (HasSide); KindNew also the
	// variant (HasVariant), a random colour and the level (0: not said).
	Side       rules.Color
	HasSide    bool
	Variant    rules.Variant
	HasVariant bool
	RandomSide bool
	Level      int
	// KindScan: the squares of the line, Line[:LineN] (an array, so that
	// commands compare with ==).
	Line  [8]rules.Square
	LineN int
	// KindJoin: the game's code as typed.
	Code string
}

// questions are the English words for each question; every language
// accepts them as well as its own (command.words_* in its message file).
var questions = []struct {
	kind Kind
	id   string
}{
	{KindBoard, "command.words_board"},
	{KindMoves, "command.words_moves"},
	{KindTurn, "command.words_turn"},
	{KindHelp, "command.words_help"},
}

// Parse understands a typed line in position p: a move in the engine's
// notation (c3-d4, a3:c5, a3xc5, a3:c5:e7, or a capture shortened to its
// first and last squares), or a question in English or c's language:
// "board", "column d4" (or just "d4"), "moves", "turn", "help". The error
// is in c's language; for a move it is the engine's error
// (rules.ParseMove), translated.
func Parse(c *i18n.Catalog, p *rules.Position, text string) (Command, error) {
	if strings.TrimSpace(text) == "?" {
		return Command{Kind: KindHelp}, nil
	}
	t := normalize(text)
	if t == "" {
		return Command{}, nil
	}
	en := i18n.New(i18n.English)
	for _, q := range questions {
		if isWord(t, c, en, q.id) {
			return Command{Kind: q.kind}, nil
		}
	}
	if cmd, ok, err := parseGame(c, en, p.Variant(), t); ok {
		return cmd, err
	}
	// "column d4", "столбик d4", "d4".
	if sq, ok, err := columnQuestion(c, en, p.Variant(), t); ok {
		if err != nil {
			return Command{}, localized{c.Error(err)}
		}
		return Command{Kind: KindColumn, Square: sq}, nil
	}
	if !looksLikeMove(t) {
		return Command{}, localized{c.F("command.unknown", "Text", clip(strings.TrimSpace(text)))}
	}
	m, err := p.ParseMove(t)
	if err != nil {
		return Command{}, localized{c.Error(err)}
	}
	return Command{Kind: KindMove, Move: m}, nil
}

// localized is an error already in the player's language.
type localized struct{ text string }

func (e localized) Error() string { return e.text }

// normalize lower-cases, trims and collapses spaces, and drops a final
// question mark or full stop (also the Japanese ones).
func normalize(s string) string {
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	s = strings.TrimRight(s, "?？.。!！ ")
	return s
}

// words lists the words of message id: "board, position" → [board position].
func words(c *i18n.Catalog, id string) []string {
	var out []string
	for _, w := range strings.Split(c.T(id), ",") {
		if w = normalize(w); w != "" {
			out = append(out, w)
		}
	}
	return out
}

func isWord(t string, c, en *i18n.Catalog, id string) bool {
	for _, cat := range []*i18n.Catalog{c, en} {
		for _, w := range words(cat, id) {
			if t == w {
				return true
			}
		}
	}
	return false
}

// columnQuestion reads "column d4" in English or c's language, or a square
// alone. ok is false when t is no column question.
func columnQuestion(c, en *i18n.Catalog, v rules.Variant, t string) (rules.Square, bool, error) {
	rest := ""
	found := false
	for _, cat := range []*i18n.Catalog{c, en} {
		for _, w := range words(cat, "command.words_column") {
			if r, ok := strings.CutPrefix(t, w); ok && (r == "" || r[0] == ' ') {
				rest, found = strings.TrimSpace(r), true
				break
			}
		}
		if found {
			break
		}
	}
	if !found {
		// A square alone: a letter and a digit.
		if len(t) == 2 && t[0] >= 'a' && t[0] <= 'z' && t[1] >= '0' && t[1] <= '9' {
			sq, err := rules.ParseSquare(v, t)
			return sq, true, err
		}
		return rules.NoSquare, false, nil
	}
	if rest == "" {
		return rules.NoSquare, true, localized{c.T("command.column_needs_square")}
	}
	sq, err := rules.ParseSquare(v, rest)
	return sq, true, err
}

// looksLikeMove reports whether t is written like a move (squares and
// separators), so that other text gets "unknown command" rather than a
// move error.
func looksLikeMove(t string) bool {
	if len(t) < 2 || t[0] < 'a' || t[0] > 'z' || t[1] < '0' || t[1] > '9' {
		return false
	}
	return strings.ContainsAny(t, "-:x") || len(t) <= 2
}

// clip keeps quoted input short.
func clip(s string) string {
	r := []rune(s)
	if len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
