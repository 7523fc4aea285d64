// Package sprites draws everything the game shows, procedurally: the board
// with its coordinates, discs seen from the side, crowns, columns, markers,
// routes, the column inspector, icons, themes and fonts. Nothing is loaded
// from image files: shapes are vector paths (ebiten/v2/vector), shading and
// wood grain are small functions evaluated per pixel, and text uses the Go
// fonts.
//
// The costly work happens once per theme and square size: a Renderer keeps
// every sprite in offscreen images and a frame is only DrawImage calls, with
// no vector paths built and no memory allocated.
//
// Typical use in a scene:
//
//	r := sprites.NewRenderer(sprites.ThemeNamed("Classic wood"))
//	g := sprites.FitGeometry(rules.Bashni, 0, 0, w, h, flipped) // on layout
//	r.DrawBoard(screen, g, showCoordinates)                     // sets the square size too
//	for _, sq := range g.Variant.Squares() {
//		if c := pos.Column(sq); !c.IsEmpty() {
//			x, y := g.SquareCenter(sq)
//			r.DrawColumn(screen, x, y, c, sprites.ColumnOptions{})
//		}
//	}
//
// Geometry, the column layout and the texts (badges, inspector lines) are
// plain Go and tested without a display; the drawing code needs an Ebitengine
// game loop.
package sprites
