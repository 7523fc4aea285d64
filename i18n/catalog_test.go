package i18n

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"

	"bashni/i18n/locales"
)

// parsed is one language's message file, by message ID.
func parsed(t *testing.T, l Lang) locales.Messages {
	t.Helper()
	m, err := locales.Parse(l.Code())
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// forms are a message's texts by plural form.
func forms(m map[string]string) map[plural.Form]string {
	byName := map[string]plural.Form{}
	for f, n := range formNames {
		byName[n] = plural.Form(f)
	}
	f := map[plural.Form]string{}
	for name, s := range m {
		f[byName[name]] = s
	}
	return f
}

// isCount reports whether the English message is a count message (it has
// more forms than "other").
func isCount(m map[string]string) bool { return len(m) > 1 }

// integerForms are the plural forms language l uses for whole numbers
// (CLDR, as golang.org/x/text has them): English one/other, Russian
// one/few/many, Korean and Japanese other.
func integerForms(l Lang) []plural.Form {
	tag := language.MustParse(l.Code())
	seen := map[plural.Form]bool{}
	for n := 0; n <= 1000; n++ {
		seen[plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0)] = true
	}
	var out []plural.Form
	for f := range seen {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}

var action = regexp.MustCompile(`\{\{.*?\}\}`)
var field = regexp.MustCompile(`^\{\{\.([A-Z][A-Za-z]*)\}\}$`)

// placeholders are the {{.Name}} fields of s; any other template action is
// an error (translators get plain fields only).
func placeholders(s string) (map[string]bool, error) {
	p := map[string]bool{}
	for _, a := range action.FindAllString(s, -1) {
		m := field.FindStringSubmatch(a)
		if m == nil {
			return nil, fmt.Errorf("unsupported template action %s (use {{.Name}})", a)
		}
		p[m[1]] = true
	}
	if strings.Count(s, "{{") != strings.Count(s, "}}") {
		return nil, fmt.Errorf("unbalanced {{ }}")
	}
	return p, nil
}

func keys(m map[string]bool) string {
	var k []string
	for s := range m {
		k = append(k, s)
	}
	sort.Strings(k)
	return strings.Join(k, ",")
}

// TestEveryMessageInEveryLanguage fails when a language lacks a message of
// the English file or has one English lacks, when a message's placeholders
// differ from English, or when a count message lacks a plural form its
// language needs (or has one it never uses).
func TestEveryMessageInEveryLanguage(t *testing.T) {
	en := parsed(t, English)
	if len(en) < 300 {
		t.Fatalf("only %d English messages: the file did not parse as expected", len(en))
	}
	// English's own placeholders: the union over its forms.
	want := map[string]map[string]bool{}
	for id, m := range en {
		want[id] = map[string]bool{}
		for _, s := range forms(m) {
			p, err := placeholders(s)
			if err != nil {
				t.Errorf("en %s: %v", id, err)
			}
			for k := range p {
				want[id][k] = true
			}
		}
	}
	for _, l := range Langs() {
		msgs := parsed(t, l)
		need := integerForms(l)
		for id, m := range msgs {
			if en[id] == nil {
				t.Errorf("%s has %s, which English has not", l, id)
			}
			_ = m
		}
		for id, em := range en {
			m := msgs[id]
			if m == nil {
				t.Errorf("%s lacks %s (en: %q)", l, id, em["other"])
				continue
			}
			f := forms(m)
			if isCount(em) {
				for _, form := range need {
					if f[form] == "" {
						t.Errorf("%s %s lacks the plural form %v", l, id, form)
					}
				}
				for form := range f {
					if !slices.Contains(need, form) {
						t.Errorf("%s %s has the plural form %v, which %s never uses for whole numbers", l, id, form, l)
					}
				}
			} else if len(f) != 1 || f[plural.Other] == "" {
				t.Errorf("%s %s should be one text (as in English), has forms %v", l, id, f)
			}
			for form, s := range f {
				got, err := placeholders(s)
				if err != nil {
					t.Errorf("%s %s (%v): %v", l, id, form, err)
					continue
				}
				// English may leave the count out of "one" (it is 1);
				// every other form must keep every placeholder.
				exempt := l == English && form == plural.One
				for k := range got {
					if !want[id][k] {
						t.Errorf("%s %s (%v) has {{.%s}}, which English has not", l, id, form, k)
					}
				}
				if !exempt && keys(got) != keys(want[id]) {
					t.Errorf("%s %s (%v): placeholders {%s}, English has {%s}: %q", l, id, form, keys(got), keys(want[id]), s)
				}
			}
		}
	}
}

// TestCountMessagesRender renders every count message in every language
// for many counts: no form may be missing and no text may fall back.
func TestCountMessagesRender(t *testing.T) {
	en := parsed(t, English)
	for _, l := range Langs() {
		c := New(l)
		for id, m := range en {
			if !isCount(m) {
				continue
			}
			for _, n := range []int{0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 111, 200} {
				args := []any{}
				for k := range mustPlaceholders(t, m["other"]) {
					args = append(args, k, "X")
				}
				s := c.NF(id, n, args...)
				if s == id || strings.Contains(s, "<no value>") {
					t.Errorf("%s %s(%d) = %q", l, id, n, s)
				}
				if !c.Has(id) {
					t.Errorf("%s %s falls back to English", l, id)
				}
			}
		}
	}
}

func mustPlaceholders(t *testing.T, s string) map[string]bool {
	p, err := placeholders(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The plural forms the test asks for are the ones CLDR gives.
func TestIntegerForms(t *testing.T) {
	for l, want := range map[Lang][]plural.Form{
		English:  {plural.One, plural.Other},
		Russian:  {plural.One, plural.Few, plural.Many},
		Korean:   {plural.Other},
		Japanese: {plural.Other},
	} {
		slices.Sort(want)
		if got := integerForms(l); !slices.Equal(got, want) {
			t.Errorf("%s: forms %v, want %v", l, got, want)
		}
	}
}

func TestRussianPlurals(t *testing.T) {
	c := New(Russian)
	for n, want := range map[int]string{1: "1 ход", 2: "2 хода", 5: "5 ходов", 11: "11 ходов", 21: "21 ход", 22: "22 хода", 25: "25 ходов"} {
		if got := c.N("common.moves", n); got != want {
			t.Errorf("common.moves(%d) = %q, want %q", n, got, want)
		}
	}
}

// The compiled messages the game reads are the message files, compiled:
// after editing a message file, run go generate ./i18n.
func TestCompiledMessagesAreInStep(t *testing.T) {
	for _, l := range Langs() {
		data, err := compiledMessages(l.Code())
		if err != nil {
			t.Fatal(err)
		}
		var got locales.Messages
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatal(err)
		}
		if want := parsed(t, l); !reflect.DeepEqual(got, want) {
			t.Errorf("compiled/%s.json is out of step with locales/%s.toml: go generate ./i18n", l, l)
		}
	}
	var en locales.Messages
	if err := json.Unmarshal(englishJSON, &en); err != nil || !reflect.DeepEqual(en, parsed(t, English)) {
		t.Error("the embedded English messages are out of step")
	}
}
