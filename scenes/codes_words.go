package scenes

import (
	"strings"

	"bashni/i18n"
	lt "bashni/learn/text"
	"bashni/session"
	"bashni/storage"
)

// Codes cross package boundaries, words are made here: a refused move's
// code and a storage notice's code become a sentence in the player's
// language only when a screen shows them.

// refusalKeys are the messages of the refusal codes a screen may be handed:
// the session's own and a server's (online/protocol's error codes, kept as
// they came).
var refusalKeys = map[session.RefusalCode]string{
	session.RefusedNotWanted: "refusal.not_wanted",
	session.RefusedIllegal:   "refusal.illegal_move",
	session.RefusedStale:     "refusal.stale",
	session.RefusedDiverged:  "refusal.diverged",
	"not-your-turn":          "refusal.not_your_turn",
	"game-over":              "refusal.game_over",
	"not-started":            "refusal.not_started",
	"spectator":              "refusal.spectator",
	"bad-token":              "refusal.bad_token",
	"no-game":                "refusal.no_game",
	"not-found":              "refusal.not_found",
	"game-full":              "refusal.game_full",
	"rate-limited":           "refusal.rate_limited",
	"unavailable":            "refusal.unavailable",
	"bad-message":            "refusal.bad_message",
	"unsupported-version":    "refusal.unsupported_version",
	"no-offer":               "refusal.no_offer",
	"already-offered":        "refusal.already_offered",
	"nothing-to-take-back":   "refusal.nothing_to_take_back",
}

// refusalWords says why a move was refused. A judge's refusal is its own
// message (a lesson's "learn.why…"); a code this version does not know (a
// newer server's) is named in a sentence that says the server refused.
func refusalWords(cat *i18n.Catalog, r *session.Refusal) string {
	if key, ok := refusalKeys[r.Code]; ok {
		return cat.F(key, r.Args...)
	}
	if code := string(r.Code); strings.HasPrefix(code, lt.Prefix) {
		return cat.F(code, r.Args...)
	}
	return cat.F("refusal.unknown", "Code", string(r.Code))
}

// slotNoticeWords tells what claiming a game slot found ("" for nothing):
// another copy of the game is open, or games of other copies wait.
func slotNoticeWords(cat *i18n.Catalog, n storage.SlotNotice) string {
	switch n.Code {
	case storage.SlotShared:
		return cat.T("storage_slot.shared")
	case storage.SlotNotKept:
		return cat.N("storage_slot.not_kept", n.Count)
	case storage.SlotWaiting:
		return cat.N("storage_slot.waiting", n.Count)
	}
	return ""
}
