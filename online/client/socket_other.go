//go:build !js

package client

import (
	"context"
	"fmt"

	"github.com/coder/websocket"
)

// DialWith is Dial with the WebSocket's dial options (nil: the defaults),
// e.g. an HTTP client that dials from a given local address. Native builds
// only: the page dials with the browser's WebSocket.
func DialWith(ctx context.Context, server string, opts *websocket.DialOptions) (*Conn, error) {
	return dial(ctx, server, func(ctx context.Context, url string) (socket, error) {
		return dialSocket(ctx, url, opts)
	})
}

type wsSocket struct{ ws *websocket.Conn }

func openSocket(ctx context.Context, url string) (socket, error) { return dialSocket(ctx, url, nil) }

func dialSocket(ctx context.Context, url string, opts *websocket.DialOptions) (socket, error) {
	ws, _, err := websocket.Dial(ctx, url, opts)
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(readLimit)
	return &wsSocket{ws}, nil
}

func (s *wsSocket) read(ctx context.Context) ([]byte, error) {
	_, data, err := s.ws.Read(ctx)
	if err != nil && websocket.CloseStatus(err) == websocket.StatusNormalClosure {
		return nil, fmt.Errorf("%w: %w", errClosedNormally, err)
	}
	return data, err
}

func (s *wsSocket) write(ctx context.Context, b []byte) error {
	return s.ws.Write(ctx, websocket.MessageText, b)
}

func (s *wsSocket) close() error { return s.ws.Close(websocket.StatusNormalClosure, "bye") }
