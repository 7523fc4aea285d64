// Package identity is a player without an account: a key the device makes
// and keeps (the server stores its hash only), a display name, a one-time
// code that moves the identity to another device, and the ratings,
// profiles and leaderboards of named players. It decides; package store
// keeps; package server binds identities to connections.
package identity

import (
	"crypto/sha256"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"

	"bashni/i18n/fonts"
	"bashni/online/protocol"
)

// reserved are names nobody may take, compared folded and without "_" and
// "-": names that would pass for the game, its staff or its computer
// player.
var reserved = map[string]bool{
	"admin": true, "administrator": true, "system": true, "bashni": true, "lasca": true,
	"computer": true, "moderator": true, "mod": true, "root": true, "server": true,
	"support": true, "official": true, "staff": true, "bot": true, "engine": true,
	"guest": true, "anonymous": true, "nobody": true, "null": true, "owner": true,
	"башни": true, "администратор": true, "компьютер": true, "модератор": true,
}

var folder = cases.Fold()

// CheckName reads a display name: NFC-normalised, 3–20 characters, each a
// letter or digit of any script, "_" or "-" (combining marks allowed after
// a letter, as many scripts need them), at least one letter or digit, not
// reserved. It returns the name as stored and shown (NFC) and its folded
// form (Unicode case folding, then NFC), which is what must be unique:
// "Ōkami", "ŌKAMI" and "ōkami" are one name.
func CheckName(s string) (name, folded string, err error) {
	if !utf8.ValidString(s) {
		return "", "", protocol.Errorf(protocol.ErrBadName, "the name is not UTF-8 text")
	}
	name = norm.NFC.String(s)
	n := utf8.RuneCountInString(name)
	if n < protocol.MinNameRunes || n > protocol.MaxNameRunes {
		return "", "", protocol.Errorf(protocol.ErrBadName, "a name has %d to %d characters, this one %d", protocol.MinNameRunes, protocol.MaxNameRunes, n)
	}
	alnum := false
	var prev rune
	for i, r := range name {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			alnum = true
		case r == '_' || r == '-':
		case unicode.Is(unicode.M, r) && i > 0 && (unicode.IsLetter(prev) || unicode.Is(unicode.M, prev)):
		default:
			return "", "", protocol.Errorf(protocol.ErrBadName, "a name has letters, digits, _ and - only, not %q", r)
		}
		prev = r
	}
	if !alnum {
		return "", "", protocol.Errorf(protocol.ErrBadName, "a name needs a letter or a digit")
	}
	if a, b, mixed := mixedScripts(name); mixed {
		return "", "", protocol.Errorf(protocol.ErrBadName, "a name's letters are of one script, not %s and %s (a name that mixes them can pass for another's)", a, b)
	}
	folded = norm.NFC.String(folder.String(name))
	if reserved[strings.NewReplacer("_", "", "-", "").Replace(folded)] {
		return "", "", protocol.Errorf(protocol.ErrBadName, "%q is reserved: choose another name", name)
	}
	return name, folded, nil
}

// CheckNewName is CheckName for a name being chosen, which must also be
// drawable: every letter, digit and mark one that the game's fonts have
// on every screen (fonts.CanDraw: Latin, Greek, Cyrillic, Hangul, kana and
// the Han characters of JIS X 0208, GB 2312 and KS X 1001). A name in
// another script (Arabic, Devanagari, Thai…) would be drawn as empty boxes
// in the lobby, on game cards and leaderboards, so it is refused. Names
// chosen before this rule are still found (CheckName) and shown as they
// can be.
func CheckNewName(s string) (name, folded string, err error) {
	name, folded, err = CheckName(s)
	if err != nil {
		return "", "", err
	}
	for _, r := range name {
		if r == '_' || r == '-' || fonts.CanDraw(r) {
			continue
		}
		script := scriptOf(r)
		if script == "" {
			script = "no"
		}
		return "", "", protocol.Errorf(protocol.ErrBadName,
			"the game's fonts have no %q (U+%04X, %s script): a name is written in Latin, Greek, Cyrillic, Hangul, kana or common Han characters, so that every screen can show it", r, r, script)
	}
	return name, folded, nil
}

// HashKey is what the server stores of a player key (or a transfer code):
// its SHA-256. Keys are 256 random bits, so a fast hash is enough: nobody
// can search that space, and the database never holds anything that
// would act for a player.
func HashKey(key string) []byte {
	h := sha256.Sum256([]byte(key))
	return h[:]
}

// together are the scripts one name may mix: Japanese writes Han with both
// kana, Korean Hangul with Han.
var together = []map[string]bool{
	{"Han": true, "Hiragana": true, "Katakana": true},
	{"Hangul": true, "Han": true},
}

// mixedScripts reports two scripts of name's letters that a name may not
// mix ("Аnna", a Cyrillic А among Latin letters, would pass for "Anna").
// Digits, "_" and "-" belong to no script here.
func mixedScripts(name string) (string, string, bool) {
	seen := map[string]bool{}
	var order []string
	for _, r := range name {
		if !unicode.IsLetter(r) {
			continue
		}
		sc := scriptOf(r)
		if sc != "" && !seen[sc] {
			seen[sc] = true
			order = append(order, sc)
		}
	}
	if len(order) < 2 {
		return "", "", false
	}
	for _, group := range together {
		all := true
		for _, sc := range order {
			all = all && group[sc]
		}
		if all {
			return "", "", false
		}
	}
	return order[0], order[1], true
}

// scriptOf is the Unicode script of a letter ("" for Common and
// Inherited).
func scriptOf(r rune) string {
	for name, table := range unicode.Scripts {
		if name != "Common" && name != "Inherited" && unicode.Is(table, r) {
			return name
		}
	}
	return ""
}
