package client

import (
	"context"
	"errors"
)

// socket is one WebSocket connection carrying the protocol's JSON text
// messages. Natively it is github.com/coder/websocket (socket_other.go); in
// the browser it is the browser's own WebSocket (socket_js.go): coder's
// package links net/http and crypto/tls into the page, about 0.6 MB of the
// gzipped main.wasm, for a client that only wraps the browser's.
//
// read returns the next message, an error wrapping errClosedNormally once
// the server has closed the connection normally, or ctx's error; write
// sends one text message; close starts a normal closure. openSocket (one
// per platform) opens one.
type socket interface {
	read(ctx context.Context) ([]byte, error)
	write(ctx context.Context, b []byte) error
	close() error
}

// readLimit is the largest message the client accepts.
const readLimit = 1 << 20

// errClosedNormally: the connection was closed with status 1000 (normal
// closure).
var errClosedNormally = errors.New("connection closed")
