package text

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
)

func TestCatalogue(t *testing.T) {
	if err := Check(); err != nil {
		t.Fatal(err)
	}
	if len(All()) < 50 {
		t.Fatalf("only %d messages", len(All()))
	}
}

func TestEnglish(t *testing.T) {
	tests := []struct {
		t    T
		want string
	}{
		{Of("why.occupied", "Square", "d4"), "d4 is taken: a column moves or jumps to an empty square only."},
		{Of("why.man_forward"), "A man moves forward only. It may capture backwards, but not move there."},
		{Of("no.such.message"), "[no.such.message]"},
		{Of("why.occupied"), "[why.occupied]"}, // a missing value shows the ID, never "<no value>"
		{T{}, ""},
	}
	for _, tc := range tests {
		if got := tc.t.English(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.t, got, tc.want)
		}
	}
}

// TestEveryMessageUsed: every message of the catalogue is referred to by
// its ID somewhere in the learning packages (no dead texts for translators),
// and every ID-looking string there is in the catalogue.
func TestEveryMessageUsed(t *testing.T) {
	var src strings.Builder
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.HasSuffix(path, "messages.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		src.Write(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	all := src.String()
	for _, m := range All() {
		if !strings.Contains(all, `"`+m.ID+`"`) {
			t.Errorf("message %s is never used", m.ID)
		}
	}
}

// TestTOML: the catalogue written as a message file parses with go-i18n,
// as the game's message files do, into the same IDs and texts.
func TestTOML(t *testing.T) {
	mf, err := goi18n.ParseMessageFileBytes(TOML(), "en.toml", map[string]goi18n.UnmarshalFunc{"toml": toml.Unmarshal})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, m := range mf.Messages {
		got[strings.TrimPrefix(m.ID, Prefix)] = m.Other
	}
	if len(got) != len(All()) {
		t.Fatalf("%d messages read back, %d written", len(got), len(All()))
	}
	for _, m := range All() {
		if got[m.ID] != m.Other {
			t.Errorf("%s: read back %q, want %q", m.ID, got[m.ID], m.Other)
		}
	}
}

func TestPairs(t *testing.T) {
	p := Of("why.choose_route", "To", "e5", "From", "a1").Pairs()
	if len(p) != 4 || p[0] != "From" || p[1] != "a1" || p[2] != "To" || p[3] != "e5" {
		t.Fatalf("pairs %v", p)
	}
}

// TestInGameMessageFiles: every text is in the game's English message file
// (i18n/locales/en.toml, sections learn…) with the same English, so the
// screens show what this catalogue says (`go run ./learn/text/cmd/learntoml`
// prints the section to paste after a change).
func TestInGameMessageFiles(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "i18n", "locales", "en.toml"))
	if err != nil {
		t.Fatal(err)
	}
	mf, err := goi18n.ParseMessageFileBytes(data, "en.toml", map[string]goi18n.UnmarshalFunc{"toml": toml.Unmarshal})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, m := range mf.Messages {
		got[m.ID] = m.Other
	}
	for _, m := range All() {
		if g, ok := got[Key(m.ID)]; !ok {
			t.Errorf("%s is not in en.toml", Key(m.ID))
		} else if g != m.Other {
			t.Errorf("%s: en.toml says %q, the catalogue %q", Key(m.ID), g, m.Other)
		}
	}
}
