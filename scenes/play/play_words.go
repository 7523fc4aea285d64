package play

import (
	"bashni/i18n"
	"bashni/rules"
	"bashni/scenes"
	"bashni/session"
)

// The play screen's words in the player's language. Buttons are labelled
// in Layout; the status line and the players' cards are put in words when
// what they say changes (a key of what they depend on), so that a frame
// drawn again allocates nothing.

// playWords holds the play screen's words between frames.
type playWords struct {
	cat        *i18n.Catalog // the language of the words below
	statusKey  statusKey
	status     string
	statusWarn bool
	explain    string // the compulsory-capture banner
	cards      [2]cardWords
}

// statusKey is everything the status line depends on.
type statusKey struct {
	cat                  *i18n.Catalog
	reviewing, over      bool
	explaining, thinking bool
	one, mustCapture     bool
	review, online       string
	thinker, toMove, you rules.Color // you: the one person's side (when one)
}

// cardWords is one card's name and line, with what they were made from.
type cardWords struct {
	cat             *i18n.Catalog
	side            rules.Color
	cols, held, lvl int
	name, sub       string
	made, hasLevel  bool
}

// setWords labels the play screen's buttons in the player's language.
func (s *Screen) setWords(c scenes.Context) {
	cat := c.Text()
	s.words.cat = cat
	s.ctl.btnUndo.Label = cat.T("play.undo")
	s.ctl.btnRedo.Label = cat.T("play.redo")
	s.ctl.btnFlip.Label = cat.T("play.flip")
	s.ctl.btnHint.Label = cat.T("play.hint")
	s.ctl.btnMenu.Label = cat.T("play.menu_button")
	s.review.btnReturn.Label = cat.T("play.back_to_game")
	s.words.explain = cat.T("play.explain_compulsory")
	s.moves.NoMoves = cat.T("play.no_moves_yet")
}

// statusText is the line under the players, and whether it warns.
func (s *Screen) statusText() (string, bool) {
	g := s.sess.Game()
	k := statusKey{cat: s.words.cat, reviewing: s.reviewing(), review: s.review.now, over: s.sess.Over(),
		explaining: s.banner.until != 0, toMove: g.Position().SideToMove(), mustCapture: s.board.MustCapture()}
	k.thinker, k.thinking = s.sess.Thinking()
	k.you, k.one = s.sess.Local()
	if s.online != nil {
		k.online = s.online.msg
	}
	if k == s.words.statusKey && s.words.status != "" {
		return s.words.status, s.words.statusWarn
	}
	s.words.statusKey = k
	s.words.status, s.words.statusWarn = s.makeStatus(k)
	return s.words.status, s.words.statusWarn
}

// makeStatus puts the status line in words.
func (s *Screen) makeStatus(k statusKey) (string, bool) {
	cat := k.cat
	switch {
	case k.reviewing:
		return k.review, false
	case k.over:
		return cat.Outcome(s.sess.Game().Outcome()), false
	case k.explaining:
		return cat.T("play.status_compulsory"), true
	case k.online != "":
		return k.online, false
	}
	if k.thinking {
		if k.one {
			return cat.T("play.thinking"), false
		}
		return cat.Side("play.thinking_side", k.thinker), false
	}
	if k.one && k.toMove != k.you {
		// The other side is not the computer thinking: someone online
		// (or a computer not yet begun) is to move, not the person here.
		return cat.T("play.their_move"), false
	}
	if k.one {
		if k.mustCapture {
			return cat.T("play.your_move_capture"), true
		}
		return cat.T("play.your_move"), false
	}
	if k.mustCapture {
		return cat.Side("play.to_move_capture", k.toMove), true
	}
	return cat.ToMove(k.toMove), false
}

// hintText is what a hint says in one line, for speech: the note's words
// (hintParts) joined.
func hintText(cat *i18n.Catalog, h session.Hint) string {
	heading, body := hintParts(cat, h, 2)
	sep := cat.T("common.separator")
	t := heading
	for _, b := range body {
		t += sep + b
	}
	return t
}

// hintLine is the hint with the line the engine expects after it, for the
// board to draw, and the record's move number of each ply (the words'
// "by move 13" points at the arrows marked 13): the explanation's line
// (the engine's, kept up to its first illegal move, and the captures that
// finish it), or the move alone when the hint was not explained.
func hintLine(h session.Hint) ([]rules.Move, []int) {
	if h.Why == nil || len(h.Why.Line) == 0 {
		return []rules.Move{h.Best}, nil
	}
	line := make([]rules.Move, 0, len(h.Why.Line))
	nums := make([]int, 0, len(h.Why.Line))
	for _, st := range h.Why.Line {
		line = append(line, st.Move)
		nums = append(nums, st.Number)
	}
	return line, nums
}

// showHint draws the hint's line on the board, numbered.
func (s *Screen) showHint(h session.Hint) {
	line, nums := hintLine(h)
	s.board.SetHintLine(line)
	s.board.SetHintNumbers(nums)
}

// cardText is a player's card: the name ("You", "Computer", "White") and
// the line under it ("White · level 4 · 9 columns · 1 prisoner held").
func (s *Screen) cardText(c scenes.Context, side rules.Color, pos *rules.Position) (name, sub string) {
	cw := &s.words.cards[side&1]
	cols, held := scenes.Census(pos, side)
	lvl, hasLevel := scenes.ComputerLevel(s.sess, side)
	if cw.made && cw.cat == c.Text() && cw.side == side && cw.cols == cols && cw.held == held && cw.lvl == lvl && cw.hasLevel == hasLevel {
		return cw.name, cw.sub
	}
	cat := c.Text()
	*cw = cardWords{cat: cat, side: side, cols: cols, held: held, lvl: lvl, hasLevel: hasLevel, made: true}
	cw.name = sideName(cat, s.sess, side)
	sep := cat.T("common.separator")
	if cw.name != cat.ColorName(side) {
		cw.sub = cat.ColorName(side) + sep
	}
	if hasLevel {
		cw.sub += cat.F("play.level", "Level", lvl) + sep
	}
	cw.sub += scenes.CensusText(cat, cols, held)
	return cw.name, cw.sub
}

// sideName names a side for the players' cards: "You", "Computer",
// "Computer White" (against itself), "White".
func sideName(cat *i18n.Catalog, s *session.Session, c rules.Color) string {
	_, one := s.Local()
	switch s.Kind(c) {
	case session.Computer:
		if one {
			return cat.T("common.computer")
		}
		return cat.Side("play.computer_side", c)
	case session.Person:
		if one {
			return cat.T("common.you")
		}
	}
	return cat.ColorName(c)
}
