package startup

import (
	"errors"
	"fmt"
	"os"

	"github.com/hajimehoshi/ebiten/v2"
)

// Run opens the game's window (w×h device-independent pixels on a
// desktop; the page's canvas in a browser), runs the game l asks for until
// the window closes or a signal ends it, and saves what is in progress.
func Run(o Options, w, h int) error {
	ebiten.SetWindowTitle("Bashni")
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowSizeLimits(320, 400, -1, -1)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowIcon(windowIcons())

	g := New(o)
	err := ebiten.RunGameWithOptions(quitOnSignal(g), runOptions())
	if ferr := g.Close(); ferr != nil {
		fmt.Fprintln(os.Stderr, "bashni: saving:", ferr)
	}
	if err != nil && !errors.Is(err, ebiten.Termination) {
		return err
	}
	return nil
}
