package play

import (
	"bashni/online/remote"
	"bashni/rules"
	"bashni/scenes"
)

// layerBoard lets the play board redraw only what moves (scenes/board's
// Partial) while the scene draws nothing over it: no compulsory-capture
// banner, no toast, no online share card, no open menu, no column
// inspector (drawn over the panels too, Board.DrawOverlay). Anything new
// drawn over the board must be added here, or a board frame would paint
// over it.
func (s *Screen) layerBoard(c scenes.Context) {
	s.board.Partial = s.banner.until == 0 && s.toast.Until == 0 && !s.menu.Open &&
		s.board.Inspecting() == rules.NoSquare &&
		(s.online == nil || s.online.status != remote.Waiting)
	s.board.Backdrop = c.Renderer().Theme().Background
}
