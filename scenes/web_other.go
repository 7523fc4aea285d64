//go:build !js

package scenes

// quietSpinners is false outside the browser: the thinking spinners turn
// (see web_js.go).
const quietSpinners = false
