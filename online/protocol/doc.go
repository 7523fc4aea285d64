// Package protocol is the wire format of online games (docs/ONLINE.md): the
// messages a client and the server exchange over one WebSocket, their
// version, the error codes, the size limits and the checks every message
// must pass. The server (online/server) and the Go client (online/client)
// share it, so both build for every GOOS, js/wasm included; it imports
// nothing but the standard library.
package protocol
