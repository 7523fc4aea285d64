package scenes

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"bashni/i18n"
	lt "bashni/learn/text"
	"bashni/rules"
	"bashni/session"
	"bashni/storage"
)

// LearnSay is a learning text (package learn/text) in the player's
// language: from the game's message files, where these texts have the
// sections learn…, or learn/text's English if the files lack it.
func LearnSay(c Context, t lt.T) string {
	if t.IsZero() {
		return ""
	}
	k := t.Key()
	if cat := c.Text(); cat != nil {
		if s := cat.F(k, t.Pairs()...); s != k {
			return s
		}
	}
	return t.English()
}

// LearnWord is LearnSay of the message id with name/value pairs.
func LearnWord(c Context, id string, pairs ...string) string {
	return LearnSay(c, lt.Of(id, pairs...))
}

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
	"own-game":               "refusal.own_game",
	"replaced":               "refusal.replaced",
}

// RefusalWords says why a move was refused. A judge's refusal is its own
// message (a lesson's "learn.why…"); a code this version does not know (a
// newer server's) is named in a sentence that says the server refused.
func RefusalWords(cat *i18n.Catalog, r *session.Refusal) string {
	if key, ok := refusalKeys[r.Code]; ok {
		return cat.F(key, r.Args...)
	}
	if code := string(r.Code); strings.HasPrefix(code, lt.Prefix) {
		return cat.F(code, r.Args...)
	}
	return cat.F("refusal.unknown", "Code", string(r.Code))
}

// SlotNoticeWords tells what claiming a game slot found ("" for nothing):
// another copy of the game is open, or games of other copies wait.
func SlotNoticeWords(cat *i18n.Catalog, n storage.SlotNotice) string {
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

// arenaScheduleKeys are the messages of the server's arena schedules
// (online/arena.DefaultSchedules' keys): the server sends the key, and the
// title is made here in the player's language.
var arenaScheduleKeys = map[string]string{
	"hourly-bashni-blitz": "arena.schedule.hourly_bashni_blitz",
	"daily-lasca-rapid":   "arena.schedule.daily_lasca_rapid",
}

// ArenaTitle is an arena's title on every screen (the arena pages, the
// lobby, the title, a profile): a server's arena by its schedule's code in
// the player's language; a player's arena by its name as they typed it. A
// schedule this version does not know (an operator's own, a newer
// server's) keeps the server's readable name rather than show the code.
func ArenaTitle(cat *i18n.Catalog, schedule, name string) string {
	if key, ok := arenaScheduleKeys[schedule]; ok {
		return cat.T(key)
	}
	if name == "" {
		return schedule
	}
	return name
}

// NoticeWords tells what loading a document had to do ("" for nothing),
// in the player's language: "the saved game was damaged (…); kept as …,
// restored the previous save". The start-up's notices use it too.
func NoticeWords(cat *i18n.Catalog, n storage.Notice) string {
	if n.IsZero() {
		return ""
	}
	first := problemWords(cat, documentLabel(cat, n.Doc), n.Main)
	switch n.Then {
	case storage.Restored:
		return cat.F("storage.restored", "Notice", first)
	case storage.RestoredForNow:
		return cat.F("storage.join", "First", cat.F("storage.restored_for_now", "Notice", first),
			"Second", cat.F("storage.not_put_back", "Error", n.PutBackError))
	}
	if n.Backup.Kind == storage.NoProblem {
		return cat.F("storage.fresh", "Notice", first)
	}
	both := cat.F("storage.join", "First", first, "Second", problemWords(cat, cat.T("storage.label_backup"), n.Backup))
	return cat.F("storage.join", "First", both, "Second", cat.T("storage.starting_fresh"))
}

// documentLabel names a document for a notice: "saved game", "settings
// file", "game archive"; another document by its name.
func documentLabel(cat *i18n.Catalog, doc string) string {
	switch {
	case doc == "settings":
		return cat.T("storage.label_settings")
	case doc == "archive":
		return cat.T("storage.label_archive")
	case doc == "game" || strings.HasPrefix(doc, "game-"):
		return cat.T("storage.label_game")
	}
	return doc
}

// problemWords says what was wrong with the file called what, and where it
// was set aside.
func problemWords(cat *i18n.Catalog, what string, p storage.Problem) string {
	var s string
	switch p.Kind {
	case storage.CannotRead:
		return cat.F("storage.cannot_read", "What", what, "Error", p.Error)
	case storage.Newer:
		s = cat.F("storage.newer", "What", what, "Found", p.Found, "Supported", p.Supported)
	default:
		s = cat.F("storage.damaged", "What", what, "Problem", p.Error)
	}
	if p.AsideError != "" {
		return cat.F("storage.not_set_aside", "Notice", s, "Error", p.AsideError)
	}
	return cat.F("storage.kept_as", "Notice", s, "Name", p.KeptAs)
}

// ErrorWords says err in the catalogue's language where rules typed it (a
// rejected move or square), keeping the context wrapped around it ("move
// 3... c3-d4: "); other errors stay as they are.
func ErrorWords(cat *i18n.Catalog, err error) string {
	var me *rules.MoveError
	var se *rules.SquareError
	var inner error
	switch {
	case errors.As(err, &me):
		inner = me
	case errors.As(err, &se):
		inner = se
	default:
		return platformWords(cat, err.Error())
	}
	full, in := err.Error(), inner.Error()
	if strings.HasSuffix(full, in) {
		return full[:len(full)-len(in)] + cat.Error(inner)
	}
	return cat.Error(inner)
}

// platformTexts are the messages whose English text package platform
// writes into its errors (the clipboard, downloads), longest first so that
// a longer one is put in words before a shorter one it contains.
var platformTexts = func() []string {
	ids := []string{"clipboard.browser_no_access", "clipboard.browser_no_read", "clipboard.browser_refused_paste",
		"clipboard.browser_refused_copy", "clipboard.browser_refused", "clipboard.no_tool",
		"clipboard.hint_macos", "clipboard.hint_windows", "clipboard.hint_no_display", "clipboard.hint_wayland",
		"clipboard.hint_x11", "export.no_download", "export.download_refused", "export.no_home"}
	en := i18n.New(i18n.English)
	sort.SliceStable(ids, func(i, j int) bool { return len(en.T(ids[i])) > len(en.T(ids[j])) })
	return ids
}()

// platformWords puts the English texts package platform writes in its
// errors in the catalogue's language; the rest (a tool's own output, a
// path) stays as it is.
func platformWords(cat *i18n.Catalog, s string) string {
	if cat.Lang() == i18n.English {
		return s
	}
	en := i18n.New(i18n.English)
	for _, id := range platformTexts {
		if t := en.T(id); strings.Contains(s, t) {
			s = strings.Replace(s, t, cat.T(id), 1)
		}
	}
	return s
}

// Countdown is a time left as a countdown shows it: m:ss, or h:mm:ss from
// an hour on; a time past is 0:00. The arenas' page and the title's list
// of arenas show the same.
func Countdown(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	sec := int(d / time.Second)
	if sec >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", sec/3600, sec/60%60, sec%60)
	}
	return fmt.Sprintf("%d:%02d", sec/60, sec%60)
}
