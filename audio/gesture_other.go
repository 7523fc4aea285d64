//go:build !js

package audio

// waitsForUserGesture: desktop devices play as soon as they open. Effects played in the few
// milliseconds before that are kept; Ebitengine starts them when the device is up.
const waitsForUserGesture = false
