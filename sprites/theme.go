package sprites

import "image/color"

// DiscColors are the colours of one side's discs. Colour is never the only
// cue: each side also has its own marks (see Theme), drawn in Mark.
type DiscColors struct {
	Face      color.NRGBA // top face
	Rim       color.NRGBA // side (edge) of the disc
	Edge      color.NRGBA // outline around the disc
	Mark      color.NRGBA // the side's marks: White's rings and groove, Black's beads and notches
	Highlight color.NRGBA // light caught by the face and the rim
	Crown     color.NRGBA // a king's crown
	CrownEdge color.NRGBA // outline of the crown
}

// Theme holds every colour the game uses: board, discs, markers and the user
// interface. Themes are values; the functions that return them make a fresh
// copy each time and a Renderer copies the one it is given, so changing a
// Theme after handing it over has no effect.
//
// Shape cues that do not depend on colour are the same in every theme: White
// discs have a solid outline, a solid inner ring on the face and a groove
// round the rim; Black discs have a ring of beads on the face and a notched
// (reeded) rim. Kings have a crown on the face and a crown inlaid in the rim,
// so a king buried in a column still shows.
type Theme struct {
	Name string

	Background  color.NRGBA // behind the board
	Frame       color.NRGBA // the board's frame
	FrameEdge   color.NRGBA // outline and bevel shadow of the frame
	LightSquare color.NRGBA
	DarkSquare  color.NRGBA // the playable squares
	Coordinates color.NRGBA // a–h, 1–8 on the frame
	Grain       float64     // strength of the wood grain, 0 for flat colours

	White, Black DiscColors
	// PrisonerTint is mixed into prisoners (pieces below the owner's layer)
	// by PrisonerMix, so the owner's discs stand out while the prisoners'
	// colour and marks stay readable.
	PrisonerTint color.NRGBA
	PrisonerMix  float64
	Shadow       color.NRGBA // cast by a column on the board

	Movable     color.NRGBA // ring under a column that can move
	MustCapture color.NRGBA // ring under a column that must capture
	Destination color.NRGBA // dot on a legal destination
	Selected    color.NRGBA // the selected square
	Hover       color.NRGBA // the square under the pointer
	LastMove    color.NRGBA // route, start frame and end marks of the last move
	Hint        color.NRGBA // a suggested move
	Captured    color.NRGBA // cross on a square whose top was taken

	Badge     color.NRGBA // height badge background
	BadgeEdge color.NRGBA
	BadgeText color.NRGBA

	Panel        color.NRGBA // panels and dialogs
	PanelEdge    color.NRGBA
	Text         color.NRGBA
	TextDim      color.NRGBA // secondary text
	Button       color.NRGBA
	ButtonHover  color.NRGBA
	ButtonActive color.NRGBA // pressed or toggled on
	ButtonText   color.NRGBA
	Accent       color.NRGBA // the one bright colour: focus, primary button, progress
	AccentText   color.NRGBA // text on Accent
}

// Side returns the disc colours of White (false) or Black (true).
func (t *Theme) Side(black bool) *DiscColors {
	if black {
		return &t.Black
	}
	return &t.White
}

// Themes returns every built-in theme, the default first.
func Themes() []*Theme {
	return []*Theme{classicWood(), highContrast(), tournamentGreen()}
}

// ThemeNames lists the names of the built-in themes, in menu order.
func ThemeNames() []string {
	ts := Themes()
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = t.Name
	}
	return names
}

// ThemeNamed returns the built-in theme with that name, or the default theme
// when there is none (an old or edited settings file must not break the game).
func ThemeNamed(name string) *Theme {
	ts := Themes()
	for _, t := range ts {
		if t.Name == name {
			return t
		}
	}
	return ts[0]
}

// rgb makes an opaque colour from 0xRRGGBB.
func rgb(hex uint32) color.NRGBA {
	return color.NRGBA{R: uint8(hex >> 16), G: uint8(hex >> 8), B: uint8(hex), A: 0xff}
}

// rgba makes a colour from 0xRRGGBB and an opacity between 0 and 1.
func rgba(hex uint32, alpha float64) color.NRGBA {
	c := rgb(hex)
	c.A = uint8(alpha*255 + 0.5)
	return c
}
