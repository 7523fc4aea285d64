package platform

import (
	"bashni/rules"
	"bashni/sprites"
)

// State is what the game shows, read once a tick for tools and tests
// outside the game (in a page Wrap publishes it as window.bashni). The
// game fills it in place without allocating, so that it can be read every
// tick; the reader compares fields to see what changed.
type State struct {
	// Scene names the scene on screen (Scene.Name): "title", "newgame",
	// "play", "gameover", "settings", "rules", ….
	Scene string
	// Game is the game in progress, kept while a menu or the game-over card
	// shows over it; nil before the first game. Read it, never change it.
	Game *rules.Game
	// Outcome is the game's result at its current ply (zero: ongoing or no
	// game).
	Outcome rules.Outcome
	// Thinking: the computer searches for a move or a hint in the game on
	// screen (the title's background game does not count).
	Thinking bool
	// Animating: a scene transition or a move is being animated, so the
	// screen is redrawn every frame.
	Animating bool
	// Board is where the board of the game on screen is, in physical
	// pixels (divide by Scale for CSS or device-independent pixels); its
	// Square is 0 when no game board is on screen.
	Board sprites.Geometry
	// Scale is the device scale factor (physical pixels per
	// device-independent pixel).
	Scale float64
	// Inspect is the square whose column inspector is open on the game
	// board (rules.NoSquare: none).
	Inspect rules.Square
	// ReducedMotion: moves are shown without motion (the InstantAnimations
	// setting, or the system's prefers-reduced-motion).
	ReducedMotion bool
	// Redraw: the next Draw draws the screen (something changed); without
	// it Draw leaves the last frame on the screen.
	Redraw bool
	// Online is the code of the online game in progress ("" if none).
	Online string
	// Controls are the controls of the screen shown, for the page's
	// accessible mirror; ControlsGen changes when they change (the list
	// is read then, not every tick).
	Controls    []Control
	ControlsGen int
	// NamesFonts is how many fonts for players' names are in use: the
	// browser fetches one when a name on screen needs it.
	NamesFonts int
}
