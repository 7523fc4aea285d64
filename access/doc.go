// Package access is what lets people play who cannot see the board or use
// a mouse, in every language of package i18n: the sentences a screen
// reader announces after a move (Announce) and the text command line that
// takes typed moves in the engine's notation and questions such as
// "board", "column d4" and "moves" (Respond). It is plain Go, with no
// Ebitengine: the screens feed it positions and show or speak its words.
package access
