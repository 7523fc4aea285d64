//go:build android || ios

package mobile

import ebitenmobile "github.com/hajimehoshi/ebiten/v2/mobile"

// The binding: ebitenmobile's view runs this game.
func init() { ebitenmobile.SetGame(theApp()) }
