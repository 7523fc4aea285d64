//go:build !js

package records

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bashni/i18n"
	"bashni/rules"
	"bashni/scenes"
	"bashni/scenes/scenetest"
	"bashni/sprites"
	"bashni/storage"
)

// TestArchiveCodesInEveryLanguage: every reason and opponent Past games
// keeps as a code is said in every language from the language's own
// message, never in English outside English.
func TestArchiveCodesInEveryLanguage(t *testing.T) {
	type spoken struct {
		what, key string
		say       func(cat *i18n.Catalog) string
	}
	var all []spoken
	add := func(what, key string, say func(cat *i18n.Catalog) string) {
		all = append(all, spoken{what, key, say})
	}
	for _, tc := range []struct {
		reason rules.Reason
		key    string
	}{
		{rules.NoMoves, "outcome.no_moves"},
		{rules.Resignation, "outcome.resignation"},
		{rules.Repetition, "outcome.repetition"},
		{rules.NoProgress, "outcome.no_progress"},
		{rules.Agreement, "outcome.agreement"},
		{rules.TimeOut, "outcome.time_out"},
		{rules.Abandonment, "outcome.abandonment"},
	} {
		// The list of finished games: the reason stored as a code.
		short := "outcome.short." + strings.TrimPrefix(tc.key, "outcome.")
		if tc.reason == rules.TimeOut || tc.reason == rules.Abandonment {
			short = tc.key + ".short"
		}
		g := storage.ArchivedGame{Reason: storage.ReasonOf(tc.reason)}
		add("archived reason "+string(g.Reason), short, func(cat *i18n.Catalog) string { return reasonWords(cat, g) })
	}
	for _, tc := range []struct {
		g   storage.ArchivedGame
		key string
	}{
		{storage.ArchivedGame{Opponent: storage.OpponentComputer, Level: 4}, "archive.computer_level"},
		{storage.ArchivedGame{Opponent: storage.OpponentFriend}, "archive.friend"},
		{storage.ArchivedGame{Opponent: storage.OpponentOnline}, "archive.opponent.online"},
		{storage.ArchivedGame{Opponent: storage.OpponentItself}, "archive.computer_itself"},
	} {
		add("archived opponent "+string(tc.g.Opponent), tc.key, func(cat *i18n.Catalog) string { return opponentWords(cat, tc.g) })
	}
	for _, l := range i18n.Langs() {
		cat := i18n.New(l)
		for _, s := range all {
			got, english := s.say(cat), s.say(en)
			switch {
			case !cat.Has(s.key):
				t.Errorf("%s: %s: no message %s", l, s.what, s.key)
			case strings.TrimSpace(got) == "" || strings.Contains(got, "<no value>") || strings.Contains(got, "{{"):
				t.Errorf("%s: %s says %q", l, s.what, got)
			case l != i18n.English && got == english:
				t.Errorf("%s: %s is said in English: %q", l, s.what, got)
			case l == i18n.English && got != en.F(s.key, "Level", 4):
				t.Errorf("en: %s says %q, not its message %s", s.what, got, s.key)
			}
		}
	}
}

// TestMigratedArchiveInEveryLanguage: the archive written before codes
// (storage/testdata/archive-schema2) opens in Past games with the same
// games, each named in the player's language: the opponent, the result and
// why it ended, none of them in English outside English.
func TestMigratedArchiveInEveryLanguage(t *testing.T) {
	defer sprites.UseLanguage(i18n.English)
	data, err := os.ReadFile(filepath.Join("..", "..", "storage", "testdata", "archive-schema2", "archive.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "archive.json"), data, 0o600); err != nil {
		t.Fatal(err)
	}
	store, err := storage.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := scenetest.NewApp(t, store, scenes.Options{})
	// Newest first, as schema 2 had them: the opponent's message and
	// level, and the reason's.
	want := []struct {
		opponent string
		level    int
		reason   rules.Reason
	}{
		{"archive.computer_level", 4, rules.Resignation},
		{"archive.opponent.online", 0, rules.Resignation},
		{"archive.opponent.online", 0, rules.TimeOut},
		{"archive.opponent.online", 0, rules.Abandonment},
		{"archive.opponent.online", 0, rules.Abandonment},
		{"archive.opponent.online", 0, rules.TimeOut},
		{"archive.opponent.online", 0, rules.TimeOut},
		{"archive.computer_level", 1, rules.NoProgress},
		{"archive.friend", 0, rules.Repetition},
		{"archive.friend", 0, rules.Agreement},
		{"archive.computer_level", 7, rules.Resignation},
		{"archive.computer_level", 2, rules.NoMoves},
	}
	var english []archiveRow
	for _, l := range i18n.Langs() {
		st := a.Settings()
		st.Language = l.Code()
		a.SetSettings(st)
		cat := a.Text()
		s := NewArchiveScene(a)
		s.Layout(a, 1280, 800, 1)
		if len(s.rows) != len(want) || s.note != "" {
			t.Fatalf("%s: %d rows, note %q", l, len(s.rows), s.note)
		}
		for i, w := range want {
			row := s.rows[i]
			opponent := cat.F(w.opponent, "Level", w.level)
			if !strings.HasPrefix(row.line1, opponent+cat.T("common.separator")) {
				t.Errorf("%s: game %d: %q, want the opponent %q", l, i, row.line1, opponent)
			}
			if reason := cat.ShortReason(w.reason); !strings.HasSuffix(row.line2, cat.T("common.separator")+reason) {
				t.Errorf("%s: game %d: %q, want the reason %q", l, i, row.line2, reason)
			}
			if l == i18n.English {
				english = append(english, row)
				continue
			}
			if e := english[i]; row.line1 == e.line1 || row.outcome == e.outcome {
				t.Errorf("%s: game %d in English: %q, %q", l, i, row.line1, row.outcome)
			}
		}
	}
}

// TestOnlineOpponentsByName: Past games names an online opponent by the
// name the server gave, with the rating when there was one ("?" while
// provisional), and says whether the player here won or lost, in every
// language; a game by link, with no name, is a friend online (issue 24).
func TestOnlineOpponentsByName(t *testing.T) {
	online := func(name string, rating int, prov bool, human storage.Color) storage.ArchivedGame {
		return storage.ArchivedGame{Variant: storage.VariantBashni, Opponent: storage.OpponentOnline, Human: human,
			Result: storage.ResultBlackWins, Reason: storage.ReasonTime, OpponentName: name, OpponentRating: rating, OpponentProvisional: prov}
	}
	for _, l := range i18n.Langs() {
		cat := i18n.New(l)
		for _, tt := range []struct {
			g       storage.ArchivedGame
			name    string // what line 1 begins with
			outcome string
		}{
			{online("Ёжик_42", 1623, false, storage.Black), cat.F("archive.opponent.rated", "Name", "Ёжик_42", "Rating", "1623"), cat.T("archive.won")},
			{online("alice", 1500, true, storage.White), cat.F("archive.opponent.rated", "Name", "alice", "Rating", "1500?"), cat.T("archive.lost")},
			{online("박지성", 0, false, storage.White), "박지성", cat.T("archive.lost")},
			{online("", 0, false, storage.Black), cat.T("archive.opponent.online"), cat.T("archive.won")},
		} {
			if got := opponentWords(cat, tt.g); got != tt.name {
				t.Errorf("%s: %+v is named %q, want %q", l, tt.g, got, tt.name)
			}
			if tt.g.OpponentName != "" && !strings.Contains(tt.name, tt.g.OpponentName) {
				t.Errorf("%s: %q does not show the name %q", l, tt.name, tt.g.OpponentName)
			}
			if got, kind := archiveOutcome(cat, tt.g); got != tt.outcome || (kind == outcomeWon) != (tt.outcome == cat.T("archive.won")) {
				t.Errorf("%s: %+v: outcome %q (%v), want %q", l, tt.g, got, kind, tt.outcome)
			}
		}
	}
}
