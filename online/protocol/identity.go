package protocol

import (
	"encoding/base64"
	"slices"
	"strings"
)

// Identities, names, ratings, profiles and leaderboards (docs/ONLINE.md,
// "Players"). A client that only plays friends by link never sends these.

// Client message types of identities and profiles.
const (
	TypeIdentify      = "identify"       // key: become (or first create) the key's player
	TypeSetName       = "set-name"       // name
	TypeTransferCode  = "transfer-code"  // make a one-time code that moves the identity
	TypeClaimTransfer = "claim-transfer" // code, key: move an identity to this device's new key
	TypeProfile       = "profile"        // name
	TypeLeaderboard   = "leaderboard"    // variant, speed
)

// Server message types of identities and profiles. Profile and
// leaderboard answers have their requests' type names.
const (
	TypeIdentity = "identity" // answers identify, set-name, claim-transfer
	TypeTransfer = "transfer" // answers transfer-code
	// TypeMoved answers no request: the connection's identity moved to
	// another device; the connection is no longer identified.
	TypeMoved = "moved"
)

// Error codes of identities.
const (
	ErrNotIdentified = "not-identified" // identify first
	ErrKeyMoved      = "key-moved"      // the key's identity moved to another device
	ErrBadName       = "bad-name"       // not a valid name, or a reserved one
	ErrNameTaken     = "name-taken"     // another player has it (case and accents aside)
	ErrTooSoon       = "too-soon"       // the name changed less than a month ago
	ErrBadCode       = "bad-code"       // no usable transfer code: wrong, used or expired
)

// Name and key limits.
const (
	MinNameRunes = 3
	MaxNameRunes = 20
	// MaxNameBytes bounds a name field before it is looked at: 20
	// characters of at most 4 bytes, and combining marks.
	MaxNameBytes = 160
	// KeyLength is a player key's length: 32 random bytes, unpadded
	// base64url, like a seat token.
	KeyLength = TokenLength
	// TransferCodeLength is a transfer code's length in CodeAlphabet
	// characters (about 49 bits; attempts are rate limited and a code
	// lives TransferMinutes).
	TransferCodeLength = 10
	TransferMinutes    = 10
	// TransferParam is the query parameter of a transfer link:
	// <the game's address>?transfer=CODE.
	TransferParam = "transfer"
)

// Identity is a player as the player sees themself.
type Identity struct {
	Player string `json:"player"`         // the public player id
	Name   string `json:"name,omitempty"` // absent until one is set
	// RenameAfter is when the name can change next (Unix ms); absent
	// when it can change now.
	RenameAfter int64        `json:"renameAfter,omitempty"`
	Ratings     []RatingInfo `json:"ratings,omitempty"`
}

// RatingInfo is a rating as shown: rounded, with its class.
type RatingInfo struct {
	Variant     string `json:"variant"`
	Speed       string `json:"speed"`
	Rating      int    `json:"rating"`
	RD          int    `json:"rd"`
	Provisional bool   `json:"provisional,omitempty"`
	Games       int    `json:"games"`
	Wins        int    `json:"wins"`
	Draws       int    `json:"draws"`
	Losses      int    `json:"losses"`
	// History is the rating after each rated game, oldest first (the
	// last 100; profiles only).
	History []RatingPoint `json:"history,omitempty"`
}

// RatingPoint is a point of a rating graph.
type RatingPoint struct {
	At     int64  `json:"at"` // Unix ms
	Rating int    `json:"rating"`
	Game   string `json:"game"`
}

// Transfer is a one-time code that moves an identity to another device.
type Transfer struct {
	Code    string `json:"code"`
	Expires int64  `json:"expires"` // Unix ms
}

// RatingChange is one player's rating before and after a rated game.
type RatingChange struct {
	Before      int  `json:"before"`
	After       int  `json:"after"`
	Change      int  `json:"change"` // After − Before, as the unrounded ratings differ
	Provisional bool `json:"provisional,omitempty"`
}

// GameRatings are both players' changes, in the state and update of a
// rated game once it has ended.
type GameRatings struct {
	Speed string       `json:"speed"`
	White RatingChange `json:"white"`
	Black RatingChange `json:"black"`
}

// Profile is a player's public page.
type Profile struct {
	Name    string       `json:"name"`
	Since   int64        `json:"since"` // Unix ms
	Ratings []RatingInfo `json:"ratings,omitempty"`
	Wins    int          `json:"wins"` // rated games, all variants and speeds
	Draws   int          `json:"draws"`
	Losses  int          `json:"losses"`
	Games   []GameLine   `json:"games,omitempty"`   // the latest, newest first
	Playing []string     `json:"playing,omitempty"` // codes of the games going on now (watch them)
	Arenas  []ArenaLine  `json:"arenas,omitempty"`  // the arenas played, newest first (arena.go)
}

// GameLine is a game in a profile.
type GameLine struct {
	Game    string       `json:"game"` // its code: the record is at GamesPath+code+"/record" while the server keeps it
	Variant string       `json:"variant"`
	Speed   string       `json:"speed,omitempty"`
	Rated   bool         `json:"rated,omitempty"`
	White   string       `json:"white,omitempty"` // names; absent for an unnamed player
	Black   string       `json:"black,omitempty"`
	Started int64        `json:"started"` // Unix ms
	Status  string       `json:"status"`  // "playing", "over" or "aborted"
	Result  string       `json:"result,omitempty"`
	Ratings *GameRatings `json:"ratings,omitempty"`
}

// Leaderboard lists the best established, active players of a variant and
// speed.
type Leaderboard struct {
	Variant string   `json:"variant"`
	Speed   string   `json:"speed"`
	Players []Leader `json:"players"`
}

// Leader is a leaderboard line.
type Leader struct {
	Rank   int    `json:"rank"`
	Name   string `json:"name"`
	Rating int    `json:"rating"`
	RD     int    `json:"rd"`
	Games  int    `json:"games"`
}

// Speeds are the rating speed classes' names (package rating decides
// which a clock is).
var Speeds = []string{"bullet", "blitz", "rapid", "classical", "correspondence"}

// ValidKey checks a player key's form (not whether it holds a player).
func ValidKey(k string) error {
	if len(k) != KeyLength {
		return Errorf(ErrBadMessage, "\"key\" must be a player key of %d characters, not %d", KeyLength, len(k))
	}
	if _, err := base64.RawURLEncoding.DecodeString(k); err != nil {
		return Errorf(ErrBadMessage, "\"key\" must be base64url (a player key made by the device)")
	}
	return nil
}

// NormalizeTransferCode reads a transfer code as a person may type it: any
// case, with spaces or dashes between groups.
func NormalizeTransferCode(s string) (string, error) {
	if len(s) > 40 {
		return "", Errorf(ErrBadCode, "\"code\" is too long for a transfer code (%d characters; a code has %d)", len(s), TransferCodeLength)
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == ' ' || r == '-':
			continue
		case r >= 'a' && r <= 'z':
			r -= 'a' - 'A'
		}
		if r > 127 || !strings.ContainsRune(CodeAlphabet, r) {
			return "", Errorf(ErrBadCode, "\"code\" %q has %q, which no transfer code contains", clip(s), r)
		}
		b.WriteRune(r)
	}
	if b.Len() != TransferCodeLength {
		return "", Errorf(ErrBadCode, "\"code\" %q has %d characters; a transfer code has %d", clip(s), b.Len(), TransferCodeLength)
	}
	return b.String(), nil
}

// TransferLink is the link form of a transfer code: the game's address
// (the page or the desktop game's online address) with ?transfer=CODE.
func TransferLink(base, code string) string {
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	return base + sep + TransferParam + "=" + code
}

// validatePlayers checks the fields of the identity and profile requests.
func (m *ClientMessage) validatePlayers() error {
	switch m.Type {
	case TypeIdentify, TypeClaimTransfer:
		if m.Key == "" {
			return Errorf(ErrBadMessage, "%s needs \"key\": this device's player key", m.Type)
		}
		if err := ValidKey(m.Key); err != nil {
			return err
		}
		if m.Type == TypeClaimTransfer {
			if m.Code == "" {
				return Errorf(ErrBadMessage, "claim-transfer needs \"code\": the transfer code shown on the other device")
			}
			code, err := NormalizeTransferCode(m.Code)
			if err != nil {
				return err
			}
			m.Code = code
		}
	case TypeSetName, TypeProfile:
		if m.Name == "" {
			return Errorf(ErrBadMessage, "%s needs \"name\"", m.Type)
		}
		if len(m.Name) > MaxNameBytes {
			return Errorf(ErrBadName, "\"name\" has at most %d characters", MaxNameRunes)
		}
	case TypeLeaderboard:
		switch strings.ToLower(m.Variant) {
		case "bashni", "":
			m.Variant = "bashni"
		case "lasca":
			m.Variant = "lasca"
		default:
			return Errorf(ErrBadMessage, "variant %q is not bashni or lasca", clip(m.Variant))
		}
		if !slices.Contains(Speeds, m.Speed) {
			return Errorf(ErrBadMessage, "leaderboard needs \"speed\": one of %s", strings.Join(Speeds, ", "))
		}
	}
	return nil
}
