package sprites

import (
	"github.com/hajimehoshi/ebiten/v2"

	"bashni/rules"
)

// art is the sprite cache of one theme at one square size. Each sprite is
// drawn the first time it is asked for.
type art struct {
	theme *Theme
	m     DiscMetrics
	sc    *scratch // the renderer's scratch images for shaded fills

	discs  [4][2]*ebiten.Image // standard discs by piece and prisoner
	bands  map[discKind]*ebiten.Image
	shadow *ebiten.Image
	crown  [2]*ebiten.Image // free-standing crowns by colour
	badges map[int]*ebiten.Image

	boards     map[boardKey]*ebiten.Image
	markers    [markerCount]*ebiten.Image
	pulse      *ebiten.Image
	chips      [4]*ebiten.Image // composition chips by piece
	strip      *ebiten.Image    // backing of a chip strip
	inspectors map[inspectorKey]*ebiten.Image
	routes     [routeKindCount]routeCache
	lines      [MaxLineRoutes]routeCache // a hint's line, one a ply (DrawLineRoute)
	route      *routeParts               // pieces routes are composed of
	boldRoute  *routeParts               // wider pieces, for a hint and its line
	steps      map[stepKey]*ebiten.Image // numbered marks of a hint's line

	owned []*ebiten.Image // every image above, to free them together
}

func newArt(t *Theme, m DiscMetrics, sc *scratch) *art {
	return &art{
		theme:      t,
		m:          m,
		sc:         sc,
		bands:      map[discKind]*ebiten.Image{},
		badges:     map[int]*ebiten.Image{},
		boards:     map[boardKey]*ebiten.Image{},
		inspectors: map[inspectorKey]*ebiten.Image{},
		steps:      map[stepKey]*ebiten.Image{},
	}
}

// keep records an image for release and returns it.
func (a *art) keep(img *ebiten.Image) *ebiten.Image {
	a.owned = append(a.owned, img)
	return img
}

func (a *art) release() {
	a.releaseInspectors()
	for i := range a.routes {
		if a.routes[i].img != nil {
			a.routes[i].img.Deallocate()
		}
	}
	for i := range a.lines {
		if a.lines[i].img != nil {
			a.lines[i].img.Deallocate()
		}
	}
	for _, img := range a.owned {
		img.Deallocate()
	}
	a.owned = nil
}

// disc returns the standard disc sprite of a piece.
func (a *art) disc(p rules.Piece, prisoner bool) *ebiten.Image {
	i := 0
	if prisoner {
		i = 1
	}
	img := a.discs[p&3][i]
	if img == nil {
		img = a.keep(renderDisc(a.sc, a.theme, a.m, discKind{piece: p & 3, prisoner: prisoner, thick: a.m.Thickness}))
		a.discs[p&3][i] = img
	}
	return img
}

// band returns a band segment of a compressed column; king marks that it
// hides a king.
func (a *art) band(c rules.Color, king, prisoner bool, thick int) *ebiten.Image {
	k := discKind{piece: rules.NewPiece(c, king), prisoner: prisoner, band: true, thick: thick}
	img, ok := a.bands[k]
	if !ok {
		img = a.keep(renderDisc(a.sc, a.theme, a.m, k))
		a.bands[k] = img
	}
	return img
}

func (a *art) shadowSprite() *ebiten.Image {
	if a.shadow == nil {
		a.shadow = a.keep(renderShadow(a.sc, a.theme, a.m))
	}
	return a.shadow
}
