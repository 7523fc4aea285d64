// Package browser holds the end-to-end tests of the browser build: the real
// game compiled to WebAssembly, served by wasm/site, driven in headless
// Chromium through chromedp with a mouse at 1280×800 and with touch in an
// emulated phone at 390×844. The package has no code of its own.
package browser
