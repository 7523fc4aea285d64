//go:build !js

package scenes

// searchYield is nil on native builds: the search runs on its own thread.
func searchYield() func() { return nil }
