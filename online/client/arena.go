package client

import (
	"context"

	"bashni/online/protocol"
)

// Arena event kinds (Event.Kind).
const (
	KindArena       = "arena"        // the watched arena changed: Arena is its page now
	KindArenaPaired = "arena-paired" // an arena paired this player: seated in Game (Seat() tells the seat and token), after its KindState
)

// ArenaRequest is what CreateArena asks for.
type ArenaRequest struct {
	Name     string
	Variant  string         // "bashni" (default) or "lasca"
	Clock    protocol.Clock // live
	Minutes  int            // how long it pairs
	Rated    bool
	StartsIn int // seconds from now
}

// Arenas lists the running and coming arenas, and those just over.
func (c *Conn) Arenas(ctx context.Context) ([]protocol.ArenaInfo, error) {
	reply, err := c.request(ctx, protocol.ClientMessage{Type: protocol.TypeArenas})
	if err != nil {
		return nil, err
	}
	return reply.Arenas, nil
}

// CreateArena makes an arena (a named player only) and watches it; share
// its id (the link ?arena=ID).
func (c *Conn) CreateArena(ctx context.Context, r ArenaRequest) (protocol.Arena, error) {
	clock := r.Clock
	rated := r.Rated
	return c.arenaRequest(ctx, protocol.ClientMessage{Type: protocol.TypeCreateArena, Name: r.Name, Variant: r.Variant,
		Clock: &clock, Minutes: r.Minutes, Rated: &rated, StartsIn: r.StartsIn})
}

// JoinArena enters an arena, or comes back to it (after LeaveArena, a
// lost connection, another node's death): the player is paired whenever
// they wait, each game arriving as KindArenaPaired; the arena is watched
// (KindArena).
func (c *Conn) JoinArena(ctx context.Context, id string) (protocol.Arena, error) {
	return c.arenaRequest(ctx, protocol.ClientMessage{Type: protocol.TypeJoinArena, Arena: id})
}

// LeaveArena pauses: no more pairings until JoinArena. The points stay.
func (c *Conn) LeaveArena(ctx context.Context, id string) error {
	_, err := c.request(ctx, protocol.ClientMessage{Type: protocol.TypeLeaveArena, Arena: id})
	return err
}

// WatchArena returns a page (1-based) of the arena's table and pushes its
// changes (KindArena) until UnwatchArena or another WatchArena.
func (c *Conn) WatchArena(ctx context.Context, id string, page int) (protocol.Arena, error) {
	return c.arenaRequest(ctx, protocol.ClientMessage{Type: protocol.TypeWatchArena, Arena: id, Page: page})
}

// UnwatchArena stops the arena's changes.
func (c *Conn) UnwatchArena(ctx context.Context) error {
	return c.simple(ctx, protocol.TypeUnwatchArena)
}

// Berserk halves this player's clock in an arena game, before their first
// move, for an extra point on a win.
func (c *Conn) Berserk(ctx context.Context) error { return c.simple(ctx, protocol.TypeBerserk) }

func (c *Conn) arenaRequest(ctx context.Context, m protocol.ClientMessage) (protocol.Arena, error) {
	reply, err := c.request(ctx, m)
	if err != nil {
		return protocol.Arena{}, err
	}
	return *reply.Arena, nil
}

// arenaEvent is the event of an arena message nobody asked for (c.mu held).
func arenaEvent(m protocol.ServerMessage) *Event {
	switch {
	case m.Type == protocol.TypeArenaUpdate && m.Arena != nil:
		return &Event{Kind: KindArena, Arena: m.Arena}
	case m.Type == protocol.TypeSeated && m.Re == 0 && m.ArenaID != "":
		return &Event{Kind: KindArenaPaired, Game: m.Game, ArenaID: m.ArenaID}
	}
	return nil
}
