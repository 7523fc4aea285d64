//go:build !js

package scenes

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"bashni/i18n"
	"bashni/online/protocol"
	"bashni/rules"
	"bashni/session"
	"bashni/storage"
)

// spoken is one text a screen makes of a code: the message it comes from
// and the words.
type spoken struct {
	what, key string
	say       func(cat *i18n.Catalog) string
}

// everyCodeSpoken is every result reason, refusal and storage notice a
// screen puts in words.
func everyCodeSpoken() []spoken {
	var all []spoken
	add := func(what, key string, say func(cat *i18n.Catalog) string) {
		all = append(all, spoken{what, key, say})
	}
	sides := map[rules.Result]string{rules.WhiteWins: "white", rules.BlackWins: "black", rules.Draw: "draw"}
	for _, tc := range []struct {
		reason  rules.Reason
		key     string
		results []rules.Result
	}{
		{rules.NoMoves, "outcome.no_moves", []rules.Result{rules.WhiteWins, rules.BlackWins}},
		{rules.Resignation, "outcome.resignation", []rules.Result{rules.WhiteWins, rules.BlackWins}},
		{rules.Repetition, "outcome.repetition", []rules.Result{rules.Draw}},
		{rules.NoProgress, "outcome.no_progress", []rules.Result{rules.Draw}},
		{rules.Agreement, "outcome.agreement", []rules.Result{rules.Draw}},
		{rules.TimeOut, "outcome.time_out", []rules.Result{rules.WhiteWins, rules.BlackWins, rules.Draw}},
		{rules.Abandonment, "outcome.abandonment", []rules.Result{rules.WhiteWins, rules.BlackWins, rules.Draw}},
	} {
		for _, res := range tc.results {
			o := rules.Outcome{Result: res, Reason: tc.reason}
			key := tc.key
			if len(tc.results) > 1 {
				key += "." + sides[res]
			}
			add("outcome "+o.Status(), key, func(cat *i18n.Catalog) string { return cat.Outcome(o) })
		}
	}
	for code, key := range refusalKeys {
		r := &session.Refusal{Code: code}
		add("refusal "+string(code), key, func(cat *i18n.Catalog) string { return RefusalWords(cat, r) })
	}
	add("refusal of an unknown code", "refusal.unknown", func(cat *i18n.Catalog) string {
		return RefusalWords(cat, &session.Refusal{Code: "from-the-future"})
	})
	for _, tc := range []struct {
		n   storage.SlotNotice
		key string
	}{
		{storage.SlotNotice{Code: storage.SlotShared}, "storage_slot.shared"},
		{storage.SlotNotice{Code: storage.SlotNotKept, Count: 9}, "storage_slot.not_kept"},
		{storage.SlotNotice{Code: storage.SlotNotKept, Count: 21}, "storage_slot.not_kept"},
		{storage.SlotNotice{Code: storage.SlotWaiting, Count: 1}, "storage_slot.waiting"},
		{storage.SlotNotice{Code: storage.SlotWaiting, Count: 3}, "storage_slot.waiting"},
		{storage.SlotNotice{Code: storage.SlotWaiting, Count: 7}, "storage_slot.waiting"},
	} {
		add("slot notice "+string(tc.n.Code), tc.key, func(cat *i18n.Catalog) string { return SlotNoticeWords(cat, tc.n) })
	}
	damaged := storage.Problem{Kind: storage.Damaged, Error: "unexpected end of JSON input", KeptAs: "game.json.broken-20261201T100000"}
	for _, tc := range []struct {
		what, key string
		n         storage.Notice
	}{
		{"unreadable settings, backup restored", "storage.restored", storage.Notice{Doc: "settings",
			Main: storage.Problem{Kind: storage.CannotRead, Error: "permission denied"}, Then: storage.Restored}},
		{"damaged game, starting fresh", "storage.fresh", storage.Notice{Doc: "game-2", Main: damaged, Then: storage.Fresh}},
		{"newer archive not set aside, backup not put back", "storage.restored_for_now", storage.Notice{Doc: "archive",
			Main: storage.Problem{Kind: storage.Newer, Found: 9, Supported: 3, AsideError: "read-only file system"},
			Then: storage.RestoredForNow, PutBackError: "read-only file system"}},
		{"damaged game and backup", "storage.starting_fresh", storage.Notice{Doc: "game", Main: damaged,
			Backup: storage.Problem{Kind: storage.Newer, Found: 4, Supported: 2, KeptAs: "game.json.bak.newer-20261201T100000"}, Then: storage.Fresh}},
	} {
		add("notice: "+tc.what, tc.key, func(cat *i18n.Catalog) string { return NoticeWords(cat, tc.n) })
	}
	return all
}

// TestCodesInEveryLanguage: every result reason, refusal and storage notice
// is said in every language from the language's own message, never in
// English outside English.
func TestCodesInEveryLanguage(t *testing.T) {
	en := i18n.New(i18n.English)
	for _, l := range i18n.Langs() {
		cat := i18n.New(l)
		for _, s := range everyCodeSpoken() {
			got, english := s.say(cat), s.say(en)
			switch {
			case !cat.Has(s.key):
				t.Errorf("%s: %s: no message %s", l, s.what, s.key)
			case strings.TrimSpace(got) == "" || strings.Contains(got, "<no value>") || strings.Contains(got, "{{"):
				t.Errorf("%s: %s says %q", l, s.what, got)
			case l != i18n.English && got == english:
				t.Errorf("%s: %s is said in English: %q", l, s.what, got)
			case l == i18n.English && got != en.F(s.key, "Level", 4, "Code", "from-the-future") && !strings.HasPrefix(s.key, "storage"):
				t.Errorf("en: %s says %q, not its message %s", s.what, got, s.key)
			}
		}
	}
}

// TestEveryServerRefusalHasWords: every error code of the online protocol
// (every Err constant of online/protocol/errors.go, read from the source so
// that a code added there fails here until it has words) has a message of
// its own, so no refusal of a known server is named by its code.
func TestEveryServerRefusalHasWords(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join("..", "online", "protocol", "errors.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	codes := 0
	ast.Inspect(f, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok {
			return true
		}
		for i, name := range spec.Names {
			lit, ok := spec.Values[i].(*ast.BasicLit)
			if !strings.HasPrefix(name.Name, "Err") || !ok {
				continue
			}
			code, _ := strconv.Unquote(lit.Value)
			codes++
			if _, ok := refusalKeys[session.RefusalCode(code)]; !ok {
				t.Errorf("the server's %s (%q) has no message", name.Name, code)
			}
		}
		return true
	})
	if codes < 19 || refusalKeys[protocol.ErrNotYourTurn] == "" {
		t.Fatalf("read %d codes from online/protocol/errors.go", codes)
	}
	// A judge's refusal is its own message.
	r := &session.Refusal{Code: "learn.why.occupied", Args: []any{"Square", "d4"}}
	if got, want := RefusalWords(i18n.New(i18n.Russian), r), i18n.New(i18n.Russian).F("learn.why.occupied", "Square", "d4"); got != want || strings.Contains(got, "learn.") {
		t.Errorf("a lesson's refusal says %q, want %q", got, want)
	}
}
