// Package jsfetch reads a file over HTTP in the browser with the page's own
// fetch: the messages and fonts of a language, the page's server's
// /online/info. Go's net/http client would do the same through the same
// fetch but links its TLS and transport code, megabytes of main.wasm.
// The package has code only under GOOS=js.
package jsfetch
