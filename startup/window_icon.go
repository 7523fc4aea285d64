//go:build !js

package startup

import (
	"image"

	"bashni/internal/appicon"
)

// windowIconSizes are the sizes of the window's icon: the system picks the
// one nearest to what it shows (title bar, task bar, Alt+Tab).
var windowIconSizes = []int{16, 24, 32, 48, 64, 128, 256}

// windowIcons are the game's icon (the artwork of every download and of
// the web page) for the window; without them Ebitengine's window shows the
// system's generic icon.
func windowIcons() []image.Image {
	imgs := make([]image.Image, len(windowIconSizes))
	for i, s := range windowIconSizes {
		imgs[i] = appicon.Icon(s, false)
	}
	return imgs
}
