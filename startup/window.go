package startup

import (
	"github.com/hajimehoshi/ebiten/v2"

	"bashni/internal/appid"
)

// runOptions names the window to the desktop: its X11 class is the one the
// Linux download's .desktop entry expects (StartupWMClass), so the window
// groups with the menu entry instead of as "Ebitengine-Application".
func runOptions() *ebiten.RunGameOptions {
	return &ebiten.RunGameOptions{X11ClassName: appid.X11Class, X11InstanceName: appid.X11Instance}
}
