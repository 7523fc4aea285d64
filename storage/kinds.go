package storage

import (
	"slices"
	"strings"
)

// Variant is the game played: "Bashni" or "Lasca", as in a record's
// [Variant] tag.
type Variant string

// The variants of the game.
const (
	VariantBashni Variant = "Bashni"
	VariantLasca  Variant = "Lasca"
)

// parseVariant accepts any letter case.
func parseVariant(s string) (Variant, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "bashni":
		return VariantBashni, true
	case "lasca":
		return VariantLasca, true
	}
	return "", false
}

// Color is a side: "white" or "black".
type Color string

// The two sides.
const (
	White Color = "white"
	Black Color = "black"
)

func parseColor(s string) (Color, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "white", "w":
		return White, true
	case "black", "b":
		return Black, true
	}
	return "", false
}

// Result is a game's result as written in a game record.
type Result string

// The results of shared/PROTOCOL.md; ResultNone ("") is a game still going
// on (a record writes it "*").
const (
	ResultNone      Result = ""
	ResultWhiteWins Result = "1-0"
	ResultBlackWins Result = "0-1"
	ResultDraw      Result = "1/2-1/2"
)

func parseResult(s string) (Result, bool) {
	switch r := Result(strings.TrimSpace(s)); r {
	case ResultNone, ResultWhiteWins, ResultBlackWins, ResultDraw:
		return r, true
	case "*":
		return ResultNone, true
	}
	return "", false
}

// Opponent is who the human plays against.
type Opponent string

// The kinds of opponent. A saved game is played against the computer or a
// friend; the archive also keeps games against a friend online and the
// computer's games against itself.
const (
	OpponentComputer Opponent = "computer"
	OpponentFriend   Opponent = "friend" // two people at one screen
	OpponentOnline   Opponent = "online" // a friend elsewhere, through a server
	OpponentItself   Opponent = "itself" // the computer plays both sides
)

func parseOpponent(s string) (Opponent, bool) {
	switch o := Opponent(strings.ToLower(strings.TrimSpace(s))); o {
	case OpponentComputer, OpponentFriend:
		return o, true
	}
	return "", false
}

// parseArchivedOpponent accepts every kind an archived game may name.
func parseArchivedOpponent(s string) (Opponent, bool) {
	switch o := Opponent(strings.ToLower(strings.TrimSpace(s))); o {
	case OpponentComputer, OpponentFriend, OpponentOnline, OpponentItself:
		return o, true
	}
	return "", false
}

// Reason is why a finished game ended, a code as the engine protocol's
// status line writes it (rules.Reason.Code): the screens put it in the
// player's language.
type Reason string

// The reasons a game ends.
const (
	ReasonNone        Reason = ""
	ReasonNoMoves     Reason = "no-moves"
	ReasonRepetition  Reason = "repetition"
	ReasonNoProgress  Reason = "no-progress"
	ReasonAgreement   Reason = "agreement"
	ReasonResignation Reason = "resignation"
	ReasonTime        Reason = "time"
	ReasonAbandonment Reason = "abandonment"
)

// reasons are the codes an archive may hold, ReasonNone aside.
var reasons = []Reason{ReasonNoMoves, ReasonRepetition, ReasonNoProgress, ReasonAgreement, ReasonResignation, ReasonTime, ReasonAbandonment}

func parseReason(s string) (Reason, bool) {
	r := Reason(strings.ToLower(strings.TrimSpace(s)))
	if r == ReasonNone || slices.Contains(reasons, r) {
		return r, true
	}
	return "", false
}
