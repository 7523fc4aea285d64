// Package sprites draws everything the game shows, procedurally: the board
// with its coordinates, discs seen from the side, crowns, columns, markers,
// routes, the column inspector, panels, icons, themes and fonts. Nothing is
// loaded from image files: shapes are vector paths (ebiten/v2/vector),
// shading and wood grain are small functions evaluated per pixel, and text
// uses the Go fonts.
//
// # Drawing a frame
//
// A Renderer keeps every sprite in offscreen images, built the first time
// they are needed for its theme and square size (and kept for the previous
// size too). A frame is then DrawImage calls only: no path is built and
// nothing is allocated (TestFrameDoesNotAllocate checks this).
//
//	r := sprites.NewRenderer(sprites.ThemeNamed(settings.Theme))
//	g := sprites.FitGeometry(rules.Bashni, 0, 0, w, h, flipped) // on layout
//	r.DrawBoard(screen, g, showCoordinates) // also sets r's square size
//	r.DrawMarker(screen, sprites.MarkerLastTo, x, y, 0) // square marks first
//	r.DrawRoute(screen, g.RoutePoints(pts[:0], route), sprites.RouteLastMove)
//	for row := range g.Size() { // columns back to front: they rise upwards
//		for col := range g.Size() {
//			sq := g.SquareAtCell(col, row)
//			if c := pos.Column(sq); !c.IsEmpty() {
//				x, y := g.SquareCenter(sq)
//				r.DrawColumn(screen, x, y, c, sprites.ColumnOptions{})
//			}
//		}
//	}
//	r.DrawMarker(screen, sprites.MarkerDestination, dx, dy, 0) // dots last
//
// Animations draw columns anywhere with ColumnOptions (HideTop, Lift,
// Scale, Fade, Ghost), single discs with DrawDisc and crowns with
// DrawCrown; ColumnLayout says where each disc of a column sits.
//
// # Sizes
//
// Every size is in physical pixels: pass the device scale factor in the
// square size and in icon sizes. Geometry, the column layout and the texts
// (badges, inspector lines) are plain Go, tested without a display.
//
// # Performance notes
//
// The vector package keeps one stencil atlas as large as the largest path
// it has ever filled and clears all of it for every later fill. One
// screen-sized path makes every later vector fill slower for the rest of
// the run; under software GL (Mesa, SwiftShader in headless browsers) that
// is seconds per sprite rebuild. So this package fills only sprite-sized
// paths, paints the board and panels on the CPU from signed distances, and
// composes routes from small pieces. The UI should draw panels and buttons
// with DrawPanel, not with large vector paths. Likewise vector's stroker
// splits curves very finely for thin lines, so curved outlines are filled
// rings and bands, and only straight lines are stroked.
//
// Text drawn every frame with Fonts.Draw allocates a little inside
// text/v2; labels that do not change are better drawn once into an image.
package sprites
