//go:build js

package scenes

// quietSpinners stops the spinners shown while the computer thinks from
// turning (they are drawn standing still). A page rendering WebGL in
// software (SwiftShader, llvmpipe: no GPU) pays 60–100 ms for every frame
// the game draws, so a spinner redrawn ten times a second would take the
// page from 60 to 10–20 frames a second while the computer thinks; the page
// shows a CSS indicator instead, which costs no canvas frame. Set by main
// (main_js.go) from what the page found (window.bashniSoftwareGL).
var quietSpinners bool

// SetQuietSpinners makes the thinking spinners stand still (see
// quietSpinners). Call it before ebiten.RunGame.
func SetQuietSpinners(quiet bool) { quietSpinners = quiet }
