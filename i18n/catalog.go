package i18n

import (
	"embed"
	"fmt"
	"sync"

	"github.com/BurntSushi/toml"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// The message files, one a language, named by the language's code.
//
//go:embed locales/*.toml
var locales embed.FS

// bundle is parsed once, on first use, and never changes after: every
// Catalog shares it.
var bundle = sync.OnceValues(loadBundle)

func loadBundle() (*goi18n.Bundle, error) {
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	for _, l := range Langs() {
		name := "locales/" + l.Code() + ".toml"
		data, err := locales.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("i18n: %w", err)
		}
		if _, err := b.ParseMessageFileBytes(data, name); err != nil {
			return nil, fmt.Errorf("i18n: %s: %w", name, err)
		}
	}
	return b, nil
}

// MessageFile returns the raw message file of l (for tools and tests:
// the font subsetter collects the runes it needs from these).
func MessageFile(l Lang) ([]byte, error) {
	return locales.ReadFile("locales/" + l.Code() + ".toml")
}

// Catalog looks messages up in one language, falling back to English for a
// message the language lacks (the tests make sure none does) and to the
// message's ID when even English lacks it.
//
// A Catalog is safe for concurrent use. Plain messages (T, Side) and
// counts without other arguments (N) are cached: asking again costs a map
// lookup and does not allocate.
type Catalog struct {
	lang Lang
	loc  *goi18n.Localizer

	mu    sync.Mutex
	cache map[cacheKey]string
}

type cacheKey struct {
	id    string
	side  int8 // -1 none, else rules.Color
	count int
	plur  bool
}

// New returns the catalog of l. The message files are compiled into the
// game, so it cannot fail short of a broken build, and then it panics.
func New(l Lang) *Catalog {
	if l >= langCount {
		l = English
	}
	b, err := bundle()
	if err != nil {
		panic(err)
	}
	return &Catalog{lang: l, loc: goi18n.NewLocalizer(b, l.Code(), "en"), cache: map[cacheKey]string{}}
}

// Lang is the catalog's language.
func (c *Catalog) Lang() Lang { return c.lang }

// T returns a message without placeholders.
func (c *Catalog) T(id string) string {
	return c.cached(cacheKey{id: id, side: -1}, func() string { return c.localize(id, nil, nil) })
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
	return c.localize(id, nil, data(pairs))
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

func (c *Catalog) localize(id string, count any, d map[string]any) string {
	cfg := &goi18n.LocalizeConfig{MessageID: id, PluralCount: count}
	if d != nil {
		cfg.TemplateData = d
	}
	s, err := c.loc.Localize(cfg)
	if err != nil || s == "" {
		// A missing form or message: the English text is better than
		// nothing; the ID says what is missing.
		if c.lang != English {
			return New(English).localize(id, count, d)
		}
		return id
	}
	return s
}

// Has reports whether the language's own file has the message (without
// falling back to English).
func (c *Catalog) Has(id string) bool {
	_, tag, err := c.loc.LocalizeWithTag(&goi18n.LocalizeConfig{MessageID: id, PluralCount: 5})
	if err != nil {
		_, tag, err = c.loc.LocalizeWithTag(&goi18n.LocalizeConfig{MessageID: id})
	}
	return err == nil && tag.String() == c.lang.Code()
}
