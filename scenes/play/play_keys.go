package play

import (
	"bashni/scenes"
	"github.com/hajimehoshi/ebiten/v2"

	"bashni/access"
	"bashni/rules"
	"bashni/scenes/ui"
)

// handleBoardKeys makes the board the play screen's first Tab stop: while
// it has the focus the arrow keys move its cursor and Enter or Space acts
// on the square under it as a tap would (pick, hop, land, drop the pick);
// Esc cancels the pick (Screen.back).
func (s *Screen) handleBoardKeys(c scenes.Context) {
	if kb := c.Keyboard(); kb.JustPressed(ebiten.KeySlash) || (kb.JustPressed(ebiten.KeySemicolon) && kb.Pressed(ebiten.KeyShift)) {
		// `/` or `:` opens the typed-move line.
		s.openCommand(c)
		return
	}
	st := c.FocusArrows(s.layout.Board.Outer())
	s.board.ShowCursor(st.Focused)
	if !st.Focused {
		return
	}
	if !s.cmd.hinted {
		s.cmd.hinted = true
		s.say(c, c.Text().T("access.keys_hint"))
	}
	kb := c.Keyboard()
	dc, dr := 0, 0
	if ui.RepeatKey(kb, ebiten.KeyArrowLeft) {
		dc--
	}
	if ui.RepeatKey(kb, ebiten.KeyArrowRight) {
		dc++
	}
	if ui.RepeatKey(kb, ebiten.KeyArrowUp) {
		dr--
	}
	if ui.RepeatKey(kb, ebiten.KeyArrowDown) {
		dr++
	}
	before := s.board.Cursor()
	s.board.MoveCursor(dc, dr)
	if sq := s.board.Cursor(); sq != before && sq != rules.NoSquare {
		// Said as it moves: the square and its column, for whoever
		// cannot see the cursor.
		s.speak(c, access.SquareText(c.Text(), s.sess.Game().PositionAt(s.shownPly()), sq))
	}
	if st.Activated {
		s.boardResult(c, s.board.PressCursor())
	}
}
