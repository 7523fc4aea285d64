package i18n

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"text/template"
)

//go:generate go run gen.go

// The compiled messages (gen.go): English is in every build, as the
// fallback; the other languages are compiled into desktop builds
// (compiled_other.go) and fetched from beside main.wasm in the browser
// (compiled_js.go).
//
//go:embed compiled/en.json
var englishJSON []byte

// messages are one language's compiled messages: by ID, the text by plural
// form name ("other", "one", "few", "many").
type messages map[string]map[string]string

var (
	loadedMu sync.Mutex
	loaded   = map[Lang]messages{} // read-only once stored
)

// Load returns the catalog of l, reading its messages first if needed:
// they are compiled in on desktop; in the browser they are fetched from
// beside main.wasm, which blocks: call Load before the game starts or from
// a goroutine, never from Update or Draw.
func Load(l Lang) (*Catalog, error) {
	if l >= langCount {
		l = English
	}
	if _, err := messagesOf(l); err != nil {
		return nil, err
	}
	return New(l), nil
}

// messagesOf returns l's messages, reading them on first use.
func messagesOf(l Lang) (messages, error) {
	loadedMu.Lock()
	m, ok := loaded[l]
	loadedMu.Unlock()
	if ok {
		return m, nil
	}
	var data []byte
	var err error
	if l == English {
		data = englishJSON
	} else if data, err = compiledMessages(l.Code()); err != nil {
		return nil, fmt.Errorf("i18n: the %s messages: %w", l.Name(), err)
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("i18n: the %s messages: %w", l.Name(), err)
	}
	loadedMu.Lock()
	loaded[l] = m
	loadedMu.Unlock()
	return m, nil
}

// Catalog looks messages up in one language, falling back to English for a
// message the language lacks (the tests make sure none does) and to the
// message's ID when even English lacks it.
//
// A Catalog is safe for concurrent use. Plain messages (T, Side) and
// counts without other arguments (N) are cached: asking again costs a map
// lookup and does not allocate.
type Catalog struct {
	lang    Lang
	own, en messages

	mu    sync.Mutex
	cache map[cacheKey]string
	tmpl  map[string]*template.Template // parsed texts with placeholders
}

type cacheKey struct {
	id    string
	side  int8 // -1 none, else rules.Color
	count int
	plur  bool
}

// New returns the catalog of l. Desktop builds have every language
// compiled in; in the browser a language other than English must have been
// loaded (Load) first, or the catalog speaks English. The compiled messages
// are part of the build, so failing to read them is a broken build, and
// New panics.
func New(l Lang) *Catalog {
	if l >= langCount {
		l = English
	}
	en, err := messagesOf(English)
	if err != nil {
		panic(err)
	}
	own := en
	if l != English {
		loadedMu.Lock()
		m, ok := loaded[l]
		loadedMu.Unlock()
		if !ok && compiledIn {
			if m, err = messagesOf(l); err != nil {
				panic(err)
			}
			ok = true
		}
		if ok {
			own = m
		} else {
			l = English
		}
	}
	return &Catalog{lang: l, own: own, en: en,
		cache: map[cacheKey]string{}, tmpl: map[string]*template.Template{}}
}

// Lang is the catalog's language.
func (c *Catalog) Lang() Lang { return c.lang }

// T returns a message without placeholders.
func (c *Catalog) T(id string) string {
	return c.cached(cacheKey{id: id, side: -1}, func() string { return c.localize(id, -1, nil) })
}

// N returns a message with a count ({{.Count}}), in the plural form the
// language uses for n.
func (c *Catalog) N(id string, n int) string {
	return c.cached(cacheKey{id: id, side: -1, count: n, plur: true}, func() string {
		return c.localize(id, n, map[string]any{"Count": n})
	})
}

// F returns a message with placeholders, given as name, value pairs:
// F("play.replaying", "Ply", 3, "Plies", 40). It is not cached.
func (c *Catalog) F(id string, pairs ...any) string {
	return c.localize(id, -1, data(pairs))
}

// NF is F for a message with a count: n picks the plural form and is
// {{.Count}}; pairs fill the other placeholders.
func (c *Catalog) NF(id string, n int, pairs ...any) string {
	d := data(pairs)
	d["Count"] = n
	return c.localize(id, n, d)
}

func (c *Catalog) cached(k cacheKey, make func() string) string {
	c.mu.Lock()
	s, ok := c.cache[k]
	c.mu.Unlock()
	if ok {
		return s
	}
	s = make()
	c.mu.Lock()
	c.cache[k] = s
	c.mu.Unlock()
	return s
}

func data(pairs []any) map[string]any {
	d := make(map[string]any, len(pairs)/2+1)
	for i := 0; i+1 < len(pairs); i += 2 {
		if name, ok := pairs[i].(string); ok {
			d[name] = pairs[i+1]
		}
	}
	return d
}

// pluralForm is a CLDR plural form, numbered as golang.org/x/text's
// plural.Form.
type pluralForm uint8

// formNames are the plural forms' names in the message files, by
// pluralForm.
var formNames = [...]string{"other", "zero", "one", "two", "few", "many"}

// form is the plural form language l uses for the whole number n (CLDR's
// rules, tabulated by gen.go from golang.org/x/text).
func form(l Lang, n int) string {
	if n < 0 {
		n = -n
	}
	if n >= 200 {
		n = 100 + n%100
	}
	return formNames[pluralTable[l][n]]
}

// text finds the text of id for count n (-1: no count) in msgs of l.
func text(msgs messages, l Lang, id string, n int) (string, bool) {
	forms, ok := msgs[id]
	if !ok {
		return "", false
	}
	if n >= 0 {
		if s, ok := forms[form(l, n)]; ok {
			return s, true
		}
	}
	s, ok := forms["other"]
	return s, ok
}

func (c *Catalog) localize(id string, n int, d map[string]any) string {
	s, ok := text(c.own, c.lang, id, n)
	if !ok {
		// A missing message: the English text is better than nothing.
		if s, ok = text(c.en, English, id, n); !ok {
			return id
		}
	}
	if !strings.Contains(s, "{{") {
		return s
	}
	c.mu.Lock()
	t, ok := c.tmpl[s]
	if !ok {
		var err error
		if t, err = template.New(id).Option("missingkey=zero").Parse(s); err != nil {
			t = nil
		}
		c.tmpl[s] = t
	}
	c.mu.Unlock()
	if t == nil {
		return s
	}
	var b strings.Builder
	if err := t.Execute(&b, d); err != nil {
		return s
	}
	return b.String()
}

// Has reports whether the catalog's own language has the message (without
// falling back to English).
func (c *Catalog) Has(id string) bool {
	_, ok := c.own[id]
	return ok
}
