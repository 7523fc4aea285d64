//go:build !js

package audio

// inBrowser: on desktops a device plays as soon as it opens (effects played in the
// milliseconds before are started by Ebitengine when it is up), and a muted start must not
// touch the device at all, so that -mute works on machines where opening it would fail.
const inBrowser = false
