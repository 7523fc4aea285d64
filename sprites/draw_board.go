package sprites

import "github.com/hajimehoshi/ebiten/v2"

// DrawBoard draws the board of g — frame, squares and, if coords, the
// coordinates on the frame — oriented as g says. It adopts g.Square as the
// renderer's square size.
func (r *Renderer) DrawBoard(dst *ebiten.Image, g Geometry, coords bool) {
	r.SetSquareSize(g.Square)
	img := r.board(boardKey{variant: g.Variant, flipped: g.Flipped, coords: coords})
	r.blit(dst, img, g.X, g.Y, 1, 1)
}
