package protocol

import (
	"encoding/json"
	"strings"
)

// The lobby (docs/ONLINE.md "The lobby"): seeks, quick pairing, the lobby's
// pushed changes, the games playing now and the top game. A client that
// only plays friends by link never sends these and never gets them.

// Client message types of the lobby.
const (
	TypeSeek       = "seek"        // open a seek: variant, clock, rated, color, range
	TypeCancelSeek = "cancel-seek" // seek: the seek's id
	TypeAcceptSeek = "accept-seek" // seek: the seek's id
	TypeQuickPair  = "quick-pair"  // variant, clock, rated, range: take a matching seek or open one
	TypeLobby      = "lobby"       // the lobby now, and its changes pushed from then on
	TypeLeaveLobby = "leave-lobby" // no more lobby changes
	TypePlaying    = "playing"     // the games playing now, highest rated first
	TypeWatchTop   = "watch-top"   // watch the highest-rated game, and the next one when it ends
)

// Server message types of the lobby.
const (
	TypeSeeking     = "seeking"      // answer to seek or quick-pair: the open seek (Seek)
	TypeLobbyState  = "lobby"        // answer to lobby (Lobby)
	TypeLobbyUpdate = "lobby-update" // pushed to lobby watchers (LobbyUpdate)
	TypePlayingList = "playing"      // answer to playing (Games)
)

// Refusal codes of the lobby.
const (
	ErrNameRequired   = "name-required"   // rated play needs a player name
	ErrOwnSeek        = "own-seek"        // a player cannot take their own seek
	ErrSeekGone       = "seek-gone"       // no open seek with that id: taken, cancelled, or its owner left
	ErrAlreadySeeking = "already-seeking" // you have an open seek of this kind (variant, clock, rated)
	ErrOutOfRange     = "out-of-range"    // your rating is outside the seek's range
	ErrLobbyFull      = "lobby-full"      // the server holds as many seeks as it allows, or you as many as one player may
)

// EventAborted ends a paired game whose side to move did not make its
// first move in time: no result, no rating change.
const EventAborted = "aborted"

// ReasonAborted is the reason of an aborted game (result "*").
const ReasonAborted = "aborted"

// Lobby bounds.
const (
	SeekIDLength = 8    // seek ids: characters of CodeAlphabet
	MaxRating    = 4000 // a rating range lies within 0–MaxRating
	MaxPlaying   = 50   // the longest "playing" list
)

// RatingRange is the ratings a seek accepts (both ends included).
type RatingRange struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// Seek is an open seek as the lobby shows it.
type Seek struct {
	ID          string       `json:"id"`
	Variant     string       `json:"variant"`
	Clock       Clock        `json:"clock"`
	Rated       bool         `json:"rated"`
	Color       string       `json:"color"`                 // the seeker's: white, black or random
	Name        string       `json:"name,omitempty"`        // the seeker's name; absent for a player without one
	Rating      int          `json:"rating,omitempty"`      // the seeker's rating in this variant and speed
	Provisional bool         `json:"provisional,omitempty"` // the rating is still uncertain
	Range       *RatingRange `json:"range,omitempty"`       // the ratings the seek accepts; absent: anyone
}

// Lobby is the lobby as one watcher sees it when it starts watching.
type Lobby struct {
	Seeks   []Seek `json:"seeks"`   // oldest first
	Players int    `json:"players"` // connections open on every node
	Games   int    `json:"games"`   // games being played
}

// LobbyUpdate is what changed in the lobby since the last one: seeks added
// and removed, and the counts now.
type LobbyUpdate struct {
	Added   []Seek   `json:"added,omitempty"`
	Removed []string `json:"removed,omitempty"`
	Players int      `json:"players"`
	Games   int      `json:"games"`
}

// LivePlayer is a player of a game in the "playing" list.
type LivePlayer struct {
	Name        string `json:"name,omitempty"`
	Rating      int    `json:"rating,omitempty"`
	Provisional bool   `json:"provisional,omitempty"`
}

// LiveGame is a game in the "playing" list.
type LiveGame struct {
	Game    string     `json:"game"`
	Variant string     `json:"variant"`
	Clock   Clock      `json:"clock"`
	Rated   bool       `json:"rated"`
	White   LivePlayer `json:"white"`
	Black   LivePlayer `json:"black"`
}

// parseLobby reads the fields of the lobby's messages.
func (f *fieldReader) parseLobby(m *ClientMessage) {
	switch m.Type {
	case TypeSeek, TypeQuickPair:
		f.string("variant", &m.Variant)
		if m.Type == TypeSeek {
			f.string("color", &m.Color)
		}
		if raw, ok := f.get("clock"); ok {
			m.Clock = new(Clock)
			f.clock(raw, m.Clock)
		}
		if raw, ok := f.get("rated"); ok && f.err == nil {
			var b bool
			if raw[0] != 't' && raw[0] != 'f' || json.Unmarshal(raw, &b) != nil {
				f.fail("rated", "true or false", raw)
			} else {
				m.Rated = &b
			}
		}
		if raw, ok := f.get("range"); ok && f.err == nil {
			var fields map[string]json.RawMessage
			if raw[0] != '{' || json.Unmarshal(raw, &fields) != nil {
				f.fail("range", "an object like {\"min\":1400,\"max\":1700}", raw)
				return
			}
			m.Range = new(RatingRange)
			in := fieldReader{fields: fields, prefix: "range."}
			if !in.int("min", &m.Range.Min) && in.err == nil {
				in.err = Errorf(ErrBadMessage, "\"range\" needs \"min\"")
			}
			if !in.int("max", &m.Range.Max) && in.err == nil {
				in.err = Errorf(ErrBadMessage, "\"range\" needs \"max\"")
			}
			f.err = in.err
		}
	case TypeCancelSeek, TypeAcceptSeek:
		f.string("seek", &m.Seek)
	}
}

// isLobbyType reports the lobby's client message types.
func isLobbyType(t string) bool {
	switch t {
	case TypeSeek, TypeCancelSeek, TypeAcceptSeek, TypeQuickPair, TypeLobby, TypeLeaveLobby, TypePlaying, TypeWatchTop:
		return true
	}
	return false
}

// validateLobby checks the lobby's messages (Validate), canonicalising
// the variant, the colour and the seek id.
func (m *ClientMessage) validateLobby() error {
	switch m.Type {
	case TypeSeek, TypeQuickPair:
		switch strings.ToLower(m.Variant) {
		case "bashni", "":
			m.Variant = "bashni"
		case "lasca":
			m.Variant = "lasca"
		default:
			return Errorf(ErrBadMessage, "variant %q is not bashni or lasca", clip(m.Variant))
		}
		switch m.Color {
		case White, Black, Random:
		case "":
			m.Color = Random
		default:
			return Errorf(ErrBadMessage, "color %q is not white, black or random", clip(m.Color))
		}
		if m.Clock == nil {
			return Errorf(ErrBadMessage, "%s needs \"clock\": a live clock like {\"kind\":\"live\",\"initial\":300,\"increment\":3} or correspondence like {\"kind\":\"correspondence\",\"days\":1}", m.Type)
		}
		if m.Clock.Kind == ClockNone || m.Clock.Kind == "" {
			return Errorf(ErrBadMessage, "a seek's clock is live or correspondence, not none")
		}
		if err := ValidateClock(*m.Clock); err != nil {
			return err
		}
		if r := m.Range; r != nil {
			if r.Min < 0 || r.Max > MaxRating || r.Min > r.Max {
				return Errorf(ErrBadMessage, "\"range\" %d–%d must lie within 0–%d, min first", r.Min, r.Max, MaxRating)
			}
		}
	case TypeCancelSeek, TypeAcceptSeek:
		id, err := NormalizeSeekID(m.Seek)
		if err != nil {
			return err
		}
		m.Seek = id
	}
	return nil
}

// NormalizeSeekID checks a seek id, in any case.
func NormalizeSeekID(s string) (string, error) {
	if s == "" {
		return "", Errorf(ErrBadMessage, "the message needs \"seek\": the seek's id")
	}
	if len(s) != SeekIDLength {
		return "", Errorf(ErrBadMessage, "seek id %q has %d characters; an id has %d", clip(s), len(s), SeekIDLength)
	}
	up := strings.ToUpper(s)
	for _, r := range up {
		if !strings.ContainsRune(CodeAlphabet, r) {
			return "", Errorf(ErrBadMessage, "seek id %q has %q, which no id contains", clip(s), r)
		}
	}
	return up, nil
}

// IsLobby reports the lobby's client message types.
func IsLobby(t string) bool { return isLobbyType(t) }
