package client

import (
	"context"

	"bashni/online/protocol"
)

// KindMoved: this device's player moved to another device (a transfer
// code was claimed there); the connection is no longer identified and the
// key no longer works. Event.Err says so.
const KindMoved = "moved"

// Identify becomes the player key holds, the server making that player the
// first time it sees the key. The key is a secret the device makes once
// (protocol.NewKey) and keeps like seat tokens.
func (c *Conn) Identify(ctx context.Context, key string) (protocol.Identity, error) {
	return c.identityRequest(ctx, protocol.ClientMessage{Type: protocol.TypeIdentify, Key: key})
}

// SetName names (or renames, once a month) the identified player.
func (c *Conn) SetName(ctx context.Context, name string) (protocol.Identity, error) {
	return c.identityRequest(ctx, protocol.ClientMessage{Type: protocol.TypeSetName, Name: name})
}

// TransferCode makes a one-time code (protocol.TransferLink gives its link
// form) that moves the identified player to another device.
func (c *Conn) TransferCode(ctx context.Context) (protocol.Transfer, error) {
	reply, err := c.request(ctx, protocol.ClientMessage{Type: protocol.TypeTransferCode})
	if err != nil {
		return protocol.Transfer{}, err
	}
	if reply.Transfer == nil {
		return protocol.Transfer{}, protocol.Errorf(protocol.ErrBadMessage, "the server's transfer answer has no code")
	}
	return *reply.Transfer, nil
}

// ClaimTransfer moves the player of a transfer code to this device, whose
// new key (protocol.NewKey, holding no player yet) holds it from now on.
func (c *Conn) ClaimTransfer(ctx context.Context, code, key string) (protocol.Identity, error) {
	return c.identityRequest(ctx, protocol.ClientMessage{Type: protocol.TypeClaimTransfer, Code: code, Key: key})
}

// Profile reads a named player's profile.
func (c *Conn) Profile(ctx context.Context, name string) (protocol.Profile, error) {
	reply, err := c.request(ctx, protocol.ClientMessage{Type: protocol.TypeProfile, Name: name})
	if err != nil {
		return protocol.Profile{}, err
	}
	if reply.Profile == nil {
		return protocol.Profile{}, protocol.Errorf(protocol.ErrBadMessage, "the server's profile answer has no profile")
	}
	return *reply.Profile, nil
}

// Leaderboard reads the leaderboard of a variant and speed.
func (c *Conn) Leaderboard(ctx context.Context, variant, speed string) (protocol.Leaderboard, error) {
	reply, err := c.request(ctx, protocol.ClientMessage{Type: protocol.TypeLeaderboard, Variant: variant, Speed: speed})
	if err != nil {
		return protocol.Leaderboard{}, err
	}
	if reply.Leaderboard == nil {
		return protocol.Leaderboard{}, protocol.Errorf(protocol.ErrBadMessage, "the server's leaderboard answer has no leaderboard")
	}
	return *reply.Leaderboard, nil
}

func (c *Conn) identityRequest(ctx context.Context, m protocol.ClientMessage) (protocol.Identity, error) {
	reply, err := c.request(ctx, m)
	if err != nil {
		return protocol.Identity{}, err
	}
	if reply.Identity == nil {
		return protocol.Identity{}, protocol.Errorf(protocol.ErrBadMessage, "the server's identity answer has no identity")
	}
	return *reply.Identity, nil
}
