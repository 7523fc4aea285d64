package access

import (
	"strings"

	"bashni/i18n"
	"bashni/rules"
)

// The commands that act on the game (issue 22): a blind player's whole
// game goes through the command line, as a sighted one's goes through the
// buttons. Parse understands them; the screen does them (Reply.Action).

const (
	KindNew     Kind = iota + 100 // a new game: Command.Variant, Side, Level when given
	KindUndo                      // take back (the person's last move)
	KindRedo                      // play again what was taken back
	KindResign                    // resign
	KindDraw                      // offer a draw (or accept the one offered)
	KindAccept                    // accept the other side's offer
	KindDecline                   // decline it
	KindHint                      // ask for a hint
	KindFlip                      // turn the board round
	KindLast                      // say the last move again
	KindClock                     // the clocks of an online game
	KindPieces                    // the columns of a side (Command.Side; both when HasSide is false)
	KindScan                      // the squares of a rank, a file or a diagonal (Command.Line)
	KindSquares                   // the whole board square by square
	KindJoin                      // join a friend's game online (Command.Code)
	KindArena                     // the arenas ("arena"), or one arena ("join arena ID", "arena ID": Command.Code)
	KindBerserk                   // berserk in an arena game: half the clock for an extra point on a win
	KindWatch                     // watch the top game being played online (like a TV channel)
)

// actions are the words of the commands without arguments.
var actions = []struct {
	kind Kind
	id   string
}{
	{KindUndo, "command.words_undo"},
	{KindRedo, "command.words_redo"},
	{KindResign, "command.words_resign"},
	{KindDraw, "command.words_draw"},
	{KindAccept, "command.words_accept"},
	{KindDecline, "command.words_decline"},
	{KindHint, "command.words_hint"},
	{KindFlip, "command.words_flip"},
	{KindLast, "command.words_last"},
	{KindClock, "command.words_clock"},
	{KindSquares, "command.words_squares"},
	{KindBerserk, "command.words_berserk"},
	{KindWatch, "command.words_watch"},
}

// parseGame reads the game's commands in t (normalized); ok is false when
// t is none of them.
func parseGame(c, en *i18n.Catalog, v rules.Variant, t string) (Command, bool, error) {
	for _, a := range actions {
		if isWord(t, c, en, a.id) {
			return Command{Kind: a.kind}, true, nil
		}
	}
	if rest, ok := after(t, c, en, "command.words_new"); ok {
		return parseNew(c, en, rest)
	}
	if rest, ok := after(t, c, en, "command.words_arena"); ok {
		return Command{Kind: KindArena, Code: rest}, true, nil // the page reads the id
	}
	if rest, ok := after(t, c, en, "command.words_join"); ok {
		if id, ok := after(rest, c, en, "command.words_arena"); ok {
			return Command{Kind: KindArena, Code: id}, true, nil
		}
		if rest == "" {
			return Command{}, true, localized{c.T("command.join_needs")}
		}
		// The online card reads the code (and says what is wrong with it).
		return Command{Kind: KindJoin, Code: rest}, true, nil
	}
	if rest, ok := after(t, c, en, "command.words_pieces"); ok {
		cmd := Command{Kind: KindPieces}
		if rest == "" {
			return cmd, true, nil
		}
		side, ok := sideWord(c, en, rest)
		if !ok {
			return Command{}, true, localized{c.F("command.unknown", "Text", clip(rest))}
		}
		cmd.Side, cmd.HasSide = side, true
		return cmd, true, nil
	}
	if rest, ok := after(t, c, en, "command.words_scan"); ok {
		if rest == "" {
			return Command{}, true, localized{c.T("command.scan_needs")}
		}
		line, ok := scanLine(v, rest)
		if !ok {
			return Command{}, true, localized{c.F("command.scan_bad", "Text", clip(rest))}
		}
		cmd := Command{Kind: KindScan}
		cmd.LineN = copy(cmd.Line[:], line)
		return cmd, true, nil
	}
	return Command{}, false, nil
}

// after reads "word rest" for a word of message id (in c's language or
// English): rest is what follows the word, ok whether t starts with one.
func after(t string, c, en *i18n.Catalog, id string) (string, bool) {
	for _, cat := range []*i18n.Catalog{c, en} {
		for _, w := range words(cat, id) {
			if r, ok := strings.CutPrefix(t, w); ok && (r == "" || r[0] == ' ') {
				return strings.TrimSpace(r), true
			}
		}
	}
	return "", false
}

func sideWord(c, en *i18n.Catalog, w string) (rules.Color, bool) {
	switch {
	case isWord(w, c, en, "command.words_white"):
		return rules.White, true
	case isWord(w, c, en, "command.words_black"):
		return rules.Black, true
	}
	return 0, false
}

// parseNew reads a new game's choices, in any order: a variant, a colour
// (or random), a level 1–7. What is not said is as New game has it.
func parseNew(c, en *i18n.Catalog, rest string) (Command, bool, error) {
	cmd := Command{Kind: KindNew}
	for _, w := range strings.Fields(rest) {
		switch {
		case isWord(w, c, en, "command.words_bashni"):
			cmd.Variant, cmd.HasVariant = rules.Bashni, true
		case isWord(w, c, en, "command.words_lasca"):
			cmd.Variant, cmd.HasVariant = rules.Lasca, true
		case isWord(w, c, en, "command.words_random"):
			cmd.RandomSide = true
		case len(w) == 1 && w[0] >= '1' && w[0] <= '7':
			cmd.Level = int(w[0] - '0')
		default:
			side, ok := sideWord(c, en, w)
			if !ok {
				return Command{}, true, localized{c.F("command.new_bad", "Text", clip(w))}
			}
			cmd.Side, cmd.HasSide = side, true
		}
	}
	return cmd, true, nil
}

// scanLine reads a rank ("3"), a file ("c") or a diagonal ("a1-h8", "a1
// h8") of variant v: its dark squares in order.
func scanLine(v rules.Variant, t string) ([]rules.Square, bool) {
	n := v.Size()
	var line []rules.Square
	switch {
	case len(t) == 1 && t[0] >= '1' && int(t[0]-'1') < n:
		r := int(t[0] - '1')
		for f := 0; f < n; f++ {
			if sq := rules.SquareAt(f, r); v.Playable(sq) {
				line = append(line, sq)
			}
		}
		return line, true
	case len(t) == 1 && t[0] >= 'a' && int(t[0]-'a') < n:
		f := int(t[0] - 'a')
		for r := 0; r < n; r++ {
			if sq := rules.SquareAt(f, r); v.Playable(sq) {
				line = append(line, sq)
			}
		}
		return line, true
	}
	parts := strings.FieldsFunc(t, func(r rune) bool { return r == '-' || r == ' ' || r == ':' })
	if len(parts) != 2 {
		return nil, false
	}
	a, err1 := rules.ParseSquare(v, parts[0])
	b, err2 := rules.ParseSquare(v, parts[1])
	if err1 != nil || err2 != nil || a == b {
		return nil, false
	}
	df, dr := b.File()-a.File(), b.Rank()-a.Rank()
	if df != dr && df != -dr {
		return nil, false
	}
	sf, sr := sign(df), sign(dr)
	for f, r := a.File(), a.Rank(); ; f, r = f+sf, r+sr {
		line = append(line, rules.SquareAt(f, r))
		if f == b.File() {
			break
		}
	}
	return line, true
}

func sign(x int) int {
	if x < 0 {
		return -1
	}
	return 1
}

// Scan says the squares of a line one by one: "c1 white, d2 empty, e3
// black king, …".
func Scan(c *i18n.Catalog, p *rules.Position, line []rules.Square) string {
	items := make([]string, len(line))
	for i, sq := range line {
		col := p.Column(sq)
		if col.IsEmpty() {
			items[i] = c.F("command.scan_empty", "Square", sq.String())
			continue
		}
		items[i] = c.SideF("command.scan_item", col.Owner(), "Item", columnItem(c, sq, col))
	}
	return c.F("command.scan", "List", c.List(items))
}

// Pieces lists one side's columns ("p white").
func Pieces(c *i18n.Catalog, p *rules.Position, side rules.Color) string {
	var items []string
	for _, sq := range p.Variant().Squares() {
		if col := p.Column(sq); !col.IsEmpty() && col.Owner() == side {
			items = append(items, columnItem(c, sq, col))
		}
	}
	if len(items) == 0 {
		return c.Side("command.board_none", side)
	}
	return c.SideNF("command.board_side", side, len(items), "List", c.List(items))
}

// SquareText says what is on sq, a light square too: what the keyboard's
// cursor reads as it moves.
func SquareText(c *i18n.Catalog, p *rules.Position, sq rules.Square) string {
	if !p.Variant().Playable(sq) {
		return c.F("command.light_square", "Square", sq.String())
	}
	return ColumnText(c, p, sq)
}

// Last says the last move of g again, as it was announced.
func Last(c *i18n.Catalog, g *rules.Game, you rules.Color, youPlay bool) string {
	ply := g.Ply()
	if ply == 0 {
		return c.T("command.no_move_yet")
	}
	a := Announcement{Before: g.PositionAt(ply - 1), Move: g.Moves()[ply-1], After: g.Position(), Outcome: g.Outcome(), You: you, YouPlay: youPlay}
	return Announce(c, a)
}
