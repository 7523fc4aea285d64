package remote

import (
	"context"
	"fmt"

	"bashni/online/client"
)

// ListArenas is the running and coming arenas of server, and those just
// over, read over a connection made for it and closed after: a screen
// that only shows them (the title) needs no player key and keeps nothing
// open on the server while it is shown.
func ListArenas(ctx context.Context, server string) ([]ArenaInfo, error) {
	c, err := client.Dial(ctx, server)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	return listArenas(ctx, c)
}

// listArenas asks c for the arenas (the `arenas` request) and reads them.
func listArenas(ctx context.Context, c *client.Conn) ([]ArenaInfo, error) {
	w, err := c.Arenas(ctx)
	if err != nil {
		return nil, fmt.Errorf("listing the arenas: %w", err)
	}
	out := make([]ArenaInfo, len(w))
	for i, x := range w {
		out[i] = arenaInfoOf(x)
	}
	return out, nil
}
