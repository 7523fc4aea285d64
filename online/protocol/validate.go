package protocol

import (
	"encoding/base64"
	"strings"
)

// Game codes are short enough to read out and type: CodeLength characters
// from an alphabet without the look-alikes 0/O, 1/I/L and U. Codes are
// public (they are in the link); seats are held by tokens.
const (
	CodeAlphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
	CodeLength   = 6
)

// TokenBytes is the randomness in a seat token; the token is its unpadded
// base64url form (43 characters).
const (
	TokenBytes  = 32
	TokenLength = 43
)

// Clock limits.
const (
	MinInitialSeconds = 30
	MaxInitialSeconds = 3 * 60 * 60
	MaxIncrement      = 180
	MinDays           = 1
	MaxDays           = 14
)

// NormalizeCode reads a code as a person may type it: any case, with spaces
// or dashes between groups. It returns the canonical code, or an error that
// names the character no code contains.
func NormalizeCode(s string) (string, error) {
	if len(s) > 32 {
		return "", Errorf(ErrBadMessage, "game code too long (%d characters; a code has %d)", len(s), CodeLength)
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
			return "", Errorf(ErrBadMessage, "game code %q has %q, which no code contains", clip(s), r)
		}
		b.WriteRune(r)
	}
	if b.Len() != CodeLength {
		return "", Errorf(ErrBadMessage, "game code %q has %d characters; a code has %d", clip(s), b.Len(), CodeLength)
	}
	return b.String(), nil
}

// ValidToken checks a token's form (not whether it holds a seat).
func ValidToken(t string) error {
	if len(t) != TokenLength {
		return Errorf(ErrBadToken, "a seat token has %d characters, this one %d", TokenLength, len(t))
	}
	if _, err := base64.RawURLEncoding.DecodeString(t); err != nil {
		return Errorf(ErrBadToken, "the seat token is not base64url")
	}
	return nil
}

// ValidateClock checks a time control.
func ValidateClock(c Clock) error {
	switch c.Kind {
	case ClockNone, "":
		if c.Initial != 0 || c.Increment != 0 || c.Days != 0 {
			return Errorf(ErrBadMessage, "clock \"none\" takes no initial, increment or days")
		}
	case ClockLive:
		if c.Initial < MinInitialSeconds || c.Initial > MaxInitialSeconds {
			return Errorf(ErrBadMessage, "clock initial %d s is outside %d–%d s", c.Initial, MinInitialSeconds, MaxInitialSeconds)
		}
		if c.Increment < 0 || c.Increment > MaxIncrement {
			return Errorf(ErrBadMessage, "clock increment %d s is outside 0–%d s", c.Increment, MaxIncrement)
		}
		if c.Days != 0 {
			return Errorf(ErrBadMessage, "a live clock takes no days")
		}
	case ClockCorrespondence:
		if c.Days < MinDays || c.Days > MaxDays {
			return Errorf(ErrBadMessage, "clock days %d is outside %d–%d", c.Days, MinDays, MaxDays)
		}
		if c.Initial != 0 || c.Increment != 0 {
			return Errorf(ErrBadMessage, "a correspondence clock takes days, not initial or increment")
		}
	default:
		return Errorf(ErrBadMessage, "clock kind %q is not none, live or correspondence", clip(c.Kind))
	}
	return nil
}

// Validate checks a client message's type and the fields that type needs,
// so that the server acts only on well-formed requests. It does not know the
// game: whether a move is legal or a token holds a seat is the server's job.
// It canonicalises what it checks (game codes, the variant, the clock kind).
// What a struct cannot show — a field of the wrong JSON type, a move
// without its ply — ParseClientMessage checks while reading the message.
func (m *ClientMessage) Validate() error {
	if m.ID < 0 {
		return Errorf(ErrBadMessage, "\"id\" must be a positive whole number, not %d", m.ID)
	}
	switch m.Type {
	case TypeHello:
		if m.Protocol == 0 {
			return Errorf(ErrBadMessage, "hello needs \"protocol\" (this server speaks %d)", Version)
		}
		if err := validClientName(m.Client); err != nil {
			return err
		}
	case TypeCreate:
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
			m.Clock = &Clock{Kind: ClockNone}
		}
		if m.Clock.Kind == "" {
			m.Clock.Kind = ClockNone
		}
		if err := ValidateClock(*m.Clock); err != nil {
			return err
		}
	case TypeJoin, TypeWatch:
		code, err := NormalizeCode(m.Game)
		if err != nil {
			return err
		}
		m.Game = code
	case TypeResume:
		code, err := NormalizeCode(m.Game)
		if err != nil {
			return err
		}
		m.Game = code
		if err := ValidToken(m.Token); err != nil {
			return err
		}
	case TypeMove:
		if m.Move == "" {
			return Errorf(ErrBadMessage, "move needs \"move\", e.g. \"c3-d4\"")
		}
		if len(m.Move) > MaxMoveText {
			return Errorf(ErrBadMessage, "move text longer than %d bytes", MaxMoveText)
		}
		for _, r := range m.Move {
			if !(r >= 'a' && r <= 'h' || r >= 'A' && r <= 'H' || r >= '1' && r <= '8' || r == '-' || r == ':' || r == 'x' || r == 'X') {
				return Errorf(ErrIllegalMove, "move %q has %q; moves are written like c3-d4 or a3:c5:e7", clip(m.Move), r)
			}
		}
		if m.Ply < 0 {
			return Errorf(ErrBadMessage, "\"ply\" %d is negative", m.Ply)
		}
	case TypeAnswerDraw, TypeAnswerTakeback, TypeAnswerRematch:
		if m.Accept == nil {
			return Errorf(ErrBadMessage, "%s needs \"accept\": true or false", m.Type)
		}
	case TypeIdentify, TypeSetName, TypeClaimTransfer, TypeProfile, TypeLeaderboard:
		return m.validatePlayers()
	case TypeSeek, TypeQuickPair, TypeCancelSeek, TypeAcceptSeek:
		return m.validateLobby()
	case TypeLobby, TypeLeaveLobby, TypePlaying, TypeWatchTop:
	case TypeCreateArena, TypeJoinArena, TypeLeaveArena, TypeWatchArena:
		return m.validateArena()
	case TypeArenas, TypeUnwatchArena, TypeBerserk:
	case TypeLeave, TypeSync, TypeResign, TypeOfferDraw, TypeRequestTakeback, TypeOfferRematch, TypePing, TypeTransferCode:
	case "":
		return Errorf(ErrBadMessage, "the message has no \"type\"")
	default:
		return Errorf(ErrBadMessage, "unknown message type %q", clip(m.Type))
	}
	return nil
}

// clip shortens text quoted back in an error, so that an error never
// repeats a large input.
func clip(s string) string {
	if len(s) > 24 {
		return s[:24] + "…"
	}
	return s
}
