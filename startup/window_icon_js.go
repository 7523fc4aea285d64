package startup

import "image"

// windowIcons: a page has no window icon (the page's own icons serve).
func windowIcons() []image.Image { return nil }
