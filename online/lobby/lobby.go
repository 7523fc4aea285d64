// Package lobby is the lobby's logic without I/O: who seeks (Seeker), open
// seeks and what they accept (Seek), and the board of open seeks a node
// keeps in memory (Board), with the changes it has to push to the lobby's
// watchers. The server (online/server/lobby.go) stores seeks, claims them
// in the database and carries the board's changes between nodes.
package lobby

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"time"

	"bashni/online/protocol"
)

// Seeker is who seeks or takes a seek: the player (ID, from the player
// identity; "" for a connection that has not identified), their name ("" if
// they have none) and their rating in the variant and speed at stake. The
// zero value is an anonymous player.
type Seeker struct {
	ID          string
	Name        string
	Rating      int
	Provisional bool
}

// Named reports whether the player has a name.
func (s Seeker) Named() bool { return s.Name != "" }

// OwnerID is who owns a seek, the same on every node: an identified
// player by their id (hashed: it goes into the lobby's storage and bus),
// anyone else by their connection (conn, unique across nodes).
func OwnerID(s Seeker, conn string) string {
	if s.ID != "" {
		h := sha256.Sum256([]byte(s.ID))
		return "p:" + hex.EncodeToString(h[:16])
	}
	return "c:" + conn
}

// Request is what a seek or a quick pairing asks for.
type Request struct {
	Variant string
	Clock   protocol.Clock
	Rated   bool
	Color   string                // the seeker's colour: white, black or random
	Range   *protocol.RatingRange // ratings accepted; nil: anyone
}

// Kind is what a player may have only one open seek of, and what quick
// pairing matches: the variant, the clock and whether it is rated.
func (r Request) Kind() string {
	rated := "casual"
	if r.Rated {
		rated = "rated"
	}
	switch r.Clock.Kind {
	case protocol.ClockCorrespondence:
		return fmt.Sprintf("%s %dd %s", r.Variant, r.Clock.Days, rated)
	default:
		return fmt.Sprintf("%s %d+%d %s", r.Variant, r.Clock.Initial, r.Clock.Increment, rated)
	}
}

// Check refuses a request its seeker cannot make: rated play needs a name.
func (r Request) Check(s Seeker) error {
	if r.Rated && !s.Named() {
		return protocol.Errorf(protocol.ErrNameRequired, "rated games are between named players: choose a name first, or seek a casual game")
	}
	return nil
}

// Seek is an open seek as the nodes share it (JSON, stored and sent on the
// bus). TokenHash is the hash of the seat token its owner will hold in the
// game: whichever node pairs it creates the game with it, and only the
// owner's node knows the token.
type Seek struct {
	ID          string                `json:"id"`
	Owner       string                `json:"owner"`
	Node        string                `json:"node"`
	Player      string                `json:"player,omitempty"` // the seeker's player id, for the game's match
	Name        string                `json:"name,omitempty"`
	Rating      int                   `json:"rating,omitempty"`
	Provisional bool                  `json:"prov,omitempty"`
	Variant     string                `json:"variant"`
	Clock       protocol.Clock        `json:"clock"`
	Rated       bool                  `json:"rated,omitempty"`
	Color       string                `json:"color"`
	Range       *protocol.RatingRange `json:"range,omitempty"`
	TokenHash   []byte                `json:"token"`
	CreatedMs   int64                 `json:"at"`
}

// NewSeek is the seek a seeker opens for a request.
func NewSeek(id, owner, node string, s Seeker, r Request, tokenHash []byte, now time.Time) Seek {
	return Seek{ID: id, Owner: owner, Node: node, Player: s.ID, Name: s.Name, Rating: s.Rating, Provisional: s.Provisional,
		Variant: r.Variant, Clock: r.Clock, Rated: r.Rated, Color: r.Color, Range: r.Range, TokenHash: tokenHash, CreatedMs: now.UnixMilli()}
}

// Request is what the seek asks for.
func (s Seek) Request() Request {
	return Request{Variant: s.Variant, Clock: s.Clock, Rated: s.Rated, Color: s.Color, Range: s.Range}
}

// Kind is the seek's kind (Request.Kind).
func (s Seek) Kind() string { return s.Request().Kind() }

// Created is when the seek was opened.
func (s Seek) Created() time.Time { return time.UnixMilli(s.CreatedMs) }

// Seeker is the seek's owner as a player.
func (s Seek) Seeker() Seeker {
	return Seeker{Name: s.Name, Rating: s.Rating, Provisional: s.Provisional}
}

// Wire is the seek as the lobby shows it: no owner, node or token.
func (s Seek) Wire() protocol.Seek {
	return protocol.Seek{ID: s.ID, Variant: s.Variant, Clock: s.Clock, Rated: s.Rated, Color: s.Color,
		Name: s.Name, Rating: s.Rating, Provisional: s.Provisional, Range: s.Range}
}

// Admits refuses a taker the seek does not accept: the owner themself, an
// unnamed player for a rated seek, a rating outside the seek's range (a
// player without a rating is outside every range).
func (s Seek) Admits(taker Seeker, owner string) error {
	if owner == s.Owner {
		return protocol.Errorf(protocol.ErrOwnSeek, "seek %s is your own: wait for someone to take it, or cancel it", s.ID)
	}
	if err := s.Request().Check(taker); err != nil {
		return err
	}
	if !inRange(s.Range, taker) {
		return protocol.Errorf(protocol.ErrOutOfRange, "seek %s accepts ratings %d–%d", s.ID, s.Range.Min, s.Range.Max)
	}
	return nil
}

func inRange(r *protocol.RatingRange, s Seeker) bool {
	return r == nil || s.Named() && s.Rating >= r.Min && s.Rating <= r.Max
}

// Matches reports whether quick pairing may pair the request with the
// seek: the same kind, each in the other's range, and not the taker's own.
func (s Seek) Matches(r Request, taker Seeker, owner string) bool {
	return s.Kind() == r.Kind() && s.Admits(taker, owner) == nil && inRange(r.Range, s.Seeker())
}

// Top is the rating a paired game is listed by in "playing now": the
// higher of its players'.
func Top(a, b Seeker) int { return max(a.Rating, b.Rating) }

// Board is the open seeks a node knows of, and the changes its lobby
// watchers have not been told yet. It is not safe for concurrent use.
//
// Messages between nodes may arrive out of order (a seek's removal by one
// node before its addition by another): a removed seek's id is remembered
// for a while, and an addition of it is ignored.
type Board struct {
	seeks   map[string]Seek
	gone    map[string]time.Time // removed seeks' ids, and when
	added   []Seek
	removed []string
}

// NewBoard makes an empty board.
func NewBoard() *Board { return &Board{seeks: map[string]Seek{}, gone: map[string]time.Time{}} }

// Add puts a seek on the board; false if it is there already or was
// removed.
func (b *Board) Add(s Seek) bool {
	if _, ok := b.seeks[s.ID]; ok {
		return false
	}
	if _, ok := b.gone[s.ID]; ok {
		return false
	}
	b.seeks[s.ID] = s
	b.added = append(b.added, s)
	return true
}

// Remove takes a seek off the board.
func (b *Board) Remove(id string, now time.Time) (Seek, bool) {
	b.gone[id] = now
	s, ok := b.seeks[id]
	if !ok {
		return s, false
	}
	delete(b.seeks, id)
	b.removed = append(b.removed, id)
	return s, true
}

// Get finds an open seek.
func (b *Board) Get(id string) (Seek, bool) {
	s, ok := b.seeks[id]
	return s, ok
}

// Removed reports whether the board took the seek off lately (taken,
// cancelled, its node stopped): the store may hold it a little longer.
func (b *Board) Removed(id string) bool {
	_, ok := b.gone[id]
	return ok
}

// Len is how many seeks are open.
func (b *Board) Len() int { return len(b.seeks) }

// List is every open seek, oldest first.
func (b *Board) List() []Seek {
	out := make([]Seek, 0, len(b.seeks))
	for _, s := range b.seeks {
		out = append(out, s)
	}
	slices.SortFunc(out, func(x, y Seek) int {
		if x.CreatedMs != y.CreatedMs {
			return int(x.CreatedMs - y.CreatedMs)
		}
		if x.ID < y.ID {
			return -1
		}
		return 1
	})
	return out
}

// Candidates are the seeks quick pairing may take for the request, oldest
// first (the longest waiting is served first).
func (b *Board) Candidates(r Request, taker Seeker, owner string) []Seek {
	var out []Seek
	for _, s := range b.List() {
		if s.Matches(r, taker, owner) {
			out = append(out, s)
		}
	}
	return out
}

// OfNode lists the seeks whose owners are connected to node.
func (b *Board) OfNode(node string) []Seek {
	var out []Seek
	for _, s := range b.seeks {
		if s.Node == node {
			out = append(out, s)
		}
	}
	return out
}

// Flush returns the changes since the last Flush, for the watchers.
func (b *Board) Flush() (added []Seek, removed []string) {
	added, removed = b.added, b.removed
	b.added, b.removed = nil, nil
	return added, removed
}

// Reconcile brings the board to the stored seeks (all, read at readAt):
// seeks missing from it that were opened before the read (by margin, the
// nodes' clock skew) are removed, and stored seeks the board lacks are
// added (unless removed meanwhile). It reports how many changed.
func (b *Board) Reconcile(all []Seek, readAt time.Time, margin time.Duration) int {
	stored := make(map[string]bool, len(all))
	n := 0
	for _, s := range all {
		stored[s.ID] = true
		if b.Add(s) {
			n++
		}
	}
	for id, s := range b.seeks {
		if !stored[id] && s.Created().Before(readAt.Add(-margin)) {
			b.Remove(id, readAt)
			n++
		}
	}
	return n
}

// Forget drops the memory of seeks removed before t.
func (b *Board) Forget(t time.Time) {
	for id, at := range b.gone {
		if at.Before(t) {
			delete(b.gone, id)
		}
	}
}
