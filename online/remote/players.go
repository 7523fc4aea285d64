package remote

import (
	"errors"
	"fmt"
	"strings"

	"bashni/online/protocol"
	"bashni/storage"
)

// What the screens of names, profiles and leaderboards will need, in the
// game's types: the player key kept on the device like the seat tokens,
// and a finished rated game's rating changes (Info.Ratings).

// RatingChange is one player's rating before and after a rated game.
type RatingChange struct {
	Before, After int
	Change        int  // After − Before as the unrounded ratings differ
	Provisional   bool // the new rating is not yet established
}

func ratingsFrom(r *protocol.GameRatings) (rated bool, out [2]RatingChange) {
	if r == nil {
		return false, out
	}
	conv := func(c protocol.RatingChange) RatingChange {
		return RatingChange{Before: c.Before, After: c.After, Change: c.Change, Provisional: c.Provisional}
	}
	return true, [2]RatingChange{conv(r.White), conv(r.Black)}
}

// Card is what a game's card shows of a seat's player.
type Card struct {
	Name        string // "" for an unnamed player, and in games by link
	Rating      int    // the game's variant and speed, when it began; 0 if none
	Provisional bool
}

func cardOf(p protocol.Player) Card {
	return Card{Name: p.Name, Rating: p.Rating, Provisional: p.Provisional}
}

// PlayerKeyRecord is this device's player key on one server: the secret
// that is the player (docs/ONLINE.md, "Players"). It is never shown.
type PlayerKeyRecord struct {
	Server string `json:"server"`
	Key    string `json:"key"`
}

// PlayerKeys are the device's keys, one per server.
type PlayerKeys struct {
	Keys []PlayerKeyRecord `json:"keys"`
}

// PlayerKeysDocument is where the keys live, beside the seat tokens.
func PlayerKeysDocument() storage.Document[PlayerKeys] {
	return storage.Document[PlayerKeys]{
		Name: "online-player", Label: "online player file", Schema: 1,
		Check: func(k *PlayerKeys) error {
			for _, r := range k.Keys {
				if err := protocol.ValidKey(r.Key); err != nil {
					return fmt.Errorf("the key for %s: %w", r.Server, err)
				}
			}
			return nil
		},
	}
}

// FindPlayerKey is the device's key on server, if it has one.
func FindPlayerKey(st *storage.Store, server string) (string, bool) {
	if st == nil {
		return "", false
	}
	keys, _, _ := PlayerKeysDocument().Load(st)
	for _, r := range keys.Keys {
		if sameServer(r.Server, server) {
			return r.Key, true
		}
	}
	return "", false
}

// PlayerKey is the device's key on server, made and kept the first time.
func PlayerKey(st *storage.Store, server string) (string, error) {
	if key, ok := FindPlayerKey(st, server); ok {
		return key, nil
	}
	key := protocol.NewKey()
	return key, SavePlayerKey(st, server, key)
}

// NewPlayerKey makes a key to receive a transfer with; keep it with
// SavePlayerKey once the transfer is claimed (it replaces the device's
// key on that server).
func NewPlayerKey() string { return protocol.NewKey() }

// SavePlayerKey keeps key as the device's key on server.
func SavePlayerKey(st *storage.Store, server, key string) error {
	if st == nil {
		return errors.New("no storage for the player key")
	}
	if err := protocol.ValidKey(key); err != nil {
		return err
	}
	doc := PlayerKeysDocument()
	keys, _, _ := doc.Load(st)
	kept := []PlayerKeyRecord{{Server: server, Key: key}}
	for _, r := range keys.Keys {
		if !sameServer(r.Server, server) {
			kept = append(kept, r)
		}
	}
	return doc.Save(st, PlayerKeys{Keys: kept})
}

// ForgetPlayerKey drops the device's key on server: after its player
// moved to another device (RefusedKeyMoved) the device plays unnamed, and
// PlayerKey makes it a new key.
func ForgetPlayerKey(st *storage.Store, server string) error {
	if st == nil {
		return nil
	}
	doc := PlayerKeysDocument()
	keys, _, _ := doc.Load(st)
	kept := keys.Keys[:0]
	for _, r := range keys.Keys {
		if !sameServer(r.Server, server) {
			kept = append(kept, r)
		}
	}
	return doc.Save(st, PlayerKeys{Keys: kept})
}

// TransferLink is the link form of a transfer code on server.
func TransferLink(server, code string) string {
	return protocol.TransferLink(strings.TrimRight(server, "/")+"/", code)
}
