package client

import (
	"context"

	"bashni/online/protocol"
)

// Lobby event kinds (Event.Kind).
const (
	KindLobby  = "lobby"  // the lobby changed: Lobby says how (after Lobby)
	KindPaired = "paired" // a seek of this connection was taken: it is seated in Game (Seat() tells the seat and token)
	KindTop    = "top"    // watch-top moved on to Game, the highest-rated game now
)

// SeekRequest is what Seek and QuickPair ask for.
type SeekRequest struct {
	Variant string                // "bashni" (default) or "lasca"
	Clock   protocol.Clock        // live or correspondence
	Rated   bool                  // rated games need a name
	Color   string                // Seek only: "white", "black" or "random" (default)
	Range   *protocol.RatingRange // ratings accepted; nil: anyone
}

func (r SeekRequest) message(typ string) protocol.ClientMessage {
	clock := r.Clock
	m := protocol.ClientMessage{Type: typ, Variant: r.Variant, Clock: &clock, Range: r.Range}
	if typ == protocol.TypeSeek {
		m.Color = r.Color
	}
	if r.Rated {
		rated := true
		m.Rated = &rated
	}
	return m
}

// Seek opens a seek in the lobby. When someone takes it the connection is
// seated in the new game: a KindPaired event, after its KindState.
func (c *Conn) Seek(ctx context.Context, r SeekRequest) (protocol.Seek, error) {
	reply, err := c.request(ctx, r.message(protocol.TypeSeek))
	if err != nil {
		return protocol.Seek{}, err
	}
	return *reply.Seek, nil
}

// CancelSeek withdraws one of this connection's seeks.
func (c *Conn) CancelSeek(ctx context.Context, id string) error {
	_, err := c.request(ctx, protocol.ClientMessage{Type: protocol.TypeCancelSeek, Seek: id})
	return err
}

// AcceptSeek takes an open seek: the game starts, and this connection
// holds its seat.
func (c *Conn) AcceptSeek(ctx context.Context, id string) (Seat, error) {
	return c.seatRequest(ctx, protocol.ClientMessage{Type: protocol.TypeAcceptSeek, Seek: id})
}

// QuickPair takes the longest-waiting open seek that matches, or opens
// one: paired tells which (the seat, or the seek now open).
func (c *Conn) QuickPair(ctx context.Context, r SeekRequest) (seat Seat, seek protocol.Seek, paired bool, err error) {
	reply, err := c.request(ctx, r.message(protocol.TypeQuickPair))
	if err != nil {
		return Seat{}, protocol.Seek{}, false, err
	}
	if reply.Type == protocol.TypeSeated {
		return Seat{Game: reply.Game, Color: reply.Seat, Token: reply.Token}, *reply.Seek, true, nil
	}
	return Seat{}, *reply.Seek, false, nil
}

// Lobby returns the lobby now and has its changes pushed from then on
// (KindLobby events) until LeaveLobby.
func (c *Conn) Lobby(ctx context.Context) (protocol.Lobby, error) {
	reply, err := c.request(ctx, protocol.ClientMessage{Type: protocol.TypeLobby})
	if err != nil {
		return protocol.Lobby{}, err
	}
	return *reply.Lobby, nil
}

// LeaveLobby stops the lobby's changes.
func (c *Conn) LeaveLobby(ctx context.Context) error { return c.simple(ctx, protocol.TypeLeaveLobby) }

// Playing lists the games being played, highest rated first.
func (c *Conn) Playing(ctx context.Context) ([]protocol.LiveGame, error) {
	reply, err := c.request(ctx, protocol.ClientMessage{Type: protocol.TypePlaying})
	if err != nil {
		return nil, err
	}
	return reply.Games, nil
}

// WatchTop watches the highest-rated game being played, and the next one
// whenever it ends (KindTop events). It returns the game watched, or ""
// when none is being played yet (the first one will come as KindTop).
func (c *Conn) WatchTop(ctx context.Context) (string, error) {
	reply, err := c.request(ctx, protocol.ClientMessage{Type: protocol.TypeWatchTop})
	if err != nil {
		return "", err
	}
	return reply.Game, nil
}

// lobbyEvent is the event of a lobby message nobody asked for (c.mu held).
func lobbyEvent(m protocol.ServerMessage) *Event {
	switch {
	case m.Type == protocol.TypeLobbyUpdate && m.LobbyUpdate != nil:
		return &Event{Kind: KindLobby, Lobby: m.LobbyUpdate}
	case m.Type == protocol.TypeSeated && m.Re == 0 && m.Seek != nil:
		return &Event{Kind: KindPaired, Seek: m.Seek, Game: m.Game}
	case m.Type == protocol.TypeWatching && m.Re == 0 && m.Top:
		return &Event{Kind: KindTop, Game: m.Game}
	}
	return nil
}
