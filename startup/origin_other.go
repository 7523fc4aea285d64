//go:build !js

package startup

// pageOrigin is "" outside a page: the desktop game is told its server.
func pageOrigin() string { return "" }
