package access

import (
	"slices"
	"strings"

	"bashni/i18n"
	"bashni/rules"
)

// Reply is the answer to a typed line.
type Reply struct {
	// Text is what to show and announce: the answer to a question, or
	// why the line was not understood or the move not allowed. It is
	// empty for a move to play.
	Text string
	// Move, when not zero, is a legal move for the caller to play (then
	// to announce with Announce).
	Move rules.Move
	// Rejected reports that Text says what was wrong.
	Rejected bool
	// Action, when not zero, is a command for the screen to carry out
	// (KindNew, KindUndo, …, KindClock): Command has its details.
	Action  Kind
	Command Command
}

// Listener is who types: whether they may move now, and in a game against
// the computer their side (the turn is then "Your move.").
type Listener struct {
	YourTurn bool
	You      rules.Color
	YouPlay  bool
}

// Respond answers a line typed into the command line during game g, in
// c's language. yourTurn says whether the person typing may move now (in
// a game against the computer, not while it thinks); moves typed at other
// times are refused.
func Respond(c *i18n.Catalog, g *rules.Game, yourTurn bool, line string) Reply {
	return RespondTo(c, g, Listener{YourTurn: yourTurn}, line)
}

// RespondTo is Respond for a listener who may have a side of their own.
func RespondTo(c *i18n.Catalog, g *rules.Game, l Listener, line string) Reply {
	yourTurn := l.YourTurn
	p := g.Position()
	o := g.Outcome()
	cmd, err := Parse(c, p, line)
	if err != nil {
		if o.Over() && looksLikeMove(normalize(line)) {
			return Reply{Text: c.F("command.game_over", "Outcome", c.Outcome(o)), Rejected: true}
		}
		return Reply{Text: err.Error(), Rejected: true}
	}
	switch cmd.Kind {
	case KindNone:
		return Reply{Text: c.T("command.prompt")}
	case KindMove:
		switch {
		case o.Over():
			return Reply{Text: c.F("command.game_over", "Outcome", c.Outcome(o)), Rejected: true}
		case !yourTurn:
			return Reply{Text: c.T("command.not_now"), Rejected: true}
		}
		return Reply{Move: cmd.Move}
	case KindBoard:
		return Reply{Text: Board(c, p, o)}
	case KindColumn:
		return Reply{Text: ColumnText(c, p, cmd.Square)}
	case KindMoves:
		return Reply{Text: Moves(c, g)}
	case KindTurn:
		return Reply{Text: turn(c, p, o, l.You, l.YouPlay)}
	case KindPieces:
		if !cmd.HasSide {
			return Reply{Text: Board(c, p, o)}
		}
		return Reply{Text: Pieces(c, p, cmd.Side)}
	case KindScan:
		return Reply{Text: Scan(c, p, cmd.Line[:cmd.LineN])}
	case KindSquares:
		return Reply{Text: Scan(c, p, p.Variant().Squares())}
	case KindLast:
		return Reply{Text: Last(c, g, l.You, l.YouPlay)}
	case KindHelp:
		return Reply{Text: c.T("command.help")}
	}
	if cmd.Kind >= KindNew {
		return Reply{Action: cmd.Kind, Command: cmd}
	}
	return Reply{Text: c.T("command.help")}
}

// Board lists every column side by side, then whose turn it is: "White,
// 12 columns: a1, c1, …. Black, 12 columns: …. White to move."
func Board(c *i18n.Catalog, p *rules.Position, o rules.Outcome) string {
	var s []string
	for _, side := range []rules.Color{rules.White, rules.Black} {
		var items []string
		for _, sq := range p.Variant().Squares() {
			col := p.Column(sq)
			if col.IsEmpty() || col.Owner() != side {
				continue
			}
			items = append(items, columnItem(c, sq, col))
		}
		if len(items) == 0 {
			s = append(s, c.Side("command.board_none", side))
			continue
		}
		s = append(s, c.SideNF("command.board_side", side, len(items), "List", c.List(items)))
	}
	s = append(s, turn(c, p, o, 0, false))
	return join(c, s)
}

// columnItem is one column in the board's list: "c3", "c3 king", "c3
// column of 3, king on top".
func columnItem(c *i18n.Catalog, sq rules.Square, col rules.Column) string {
	king := col.Top().IsKing()
	switch h := col.Height(); {
	case h == 1 && king:
		return c.F("command.item.king", "Square", sq.String())
	case h == 1:
		return c.F("command.item.man", "Square", sq.String())
	case king:
		return c.NF("command.item_column_king", h, "Square", sq.String())
	default:
		return c.NF("command.item_column", h, "Square", sq.String())
	}
}

// ColumnText describes the column on sq from the top, and what taking its
// top would do: "d4: White column of 3 pieces. From the top: a white
// king, a black man, a white man. Taking the top frees …".
func ColumnText(c *i18n.Catalog, p *rules.Position, sq rules.Square) string {
	col := p.Column(sq)
	if col.IsEmpty() {
		return c.F("command.empty_square", "Square", sq.String())
	}
	pieces := make([]string, col.Height())
	for i := range pieces {
		pieces[i] = pieceWords(c, col.Piece(i))
	}
	return join(c, []string{
		c.SideNF("command.column_title", col.Owner(), col.Height(), "Square", sq.String()),
		c.F("command.column.pieces", "List", c.List(pieces)),
		c.F("command.column.outcome", "Outcome", c.CaptureOutcome(col)),
	})
}

// Moves lists the legal moves in notation, saying first when a capture is
// compulsory.
func Moves(c *i18n.Catalog, g *rules.Game) string {
	if o := g.Outcome(); o.Over() {
		return c.F("command.game_over", "Outcome", c.Outcome(o))
	}
	moves := g.LegalMoves()
	if len(moves) == 0 {
		return c.T("command.no_moves")
	}
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = m.String()
	}
	slices.Sort(names) // by square, easier to follow by ear than the generator's order
	id := "command.moves"
	if moves[0].IsCapture() {
		id = "command.captures"
	}
	return c.NF(id, len(moves), "Moves", c.List(names))
}

func join(c *i18n.Catalog, s []string) string {
	return strings.Join(s, c.T("announce.sentence_join"))
}
