// Package text holds every sentence the learning screens show (lessons, the
// explanations of wrong tries, puzzle themes and tiers, the analysis board's
// words) in one place, ready to move into message files for translation.
//
// A Message has a stable ID, a note for translators and the English text,
// which may name values as {{.Name}} — the template syntax of
// github.com/nicksnyder/go-i18n (a Message maps onto its i18n.Message: ID,
// Description, Other), with IDs in the style of the game's message files
// (i18n/locales: "section.key", keys in snake_case). Code refers to
// messages by ID only and passes the values in a T, so the game's catalogue
// can render the same T in any language (cat.F(t.ID, t.Pairs()...)) once
// these texts are in its files (TOML writes them in that format); English
// renders T here.
package text

import (
	"fmt"
	"strings"
	"text/template"
)

// Message is one text: its stable ID, a note for translators, and the
// English.
type Message struct {
	ID          string
	Description string
	Other       string
}

// T is a message to show: its ID and the values of its placeholders (square
// names such as "e3", moves such as "c3:e5", numbers written out).
type T struct {
	ID   string
	Args map[string]string
}

// Of makes a T from an ID and name/value pairs: Of("why.occupied", "Square", "d4").
func Of(id string, pairs ...string) T {
	t := T{ID: id}
	if len(pairs) > 0 {
		t.Args = make(map[string]string, len(pairs)/2)
		for i := 0; i+1 < len(pairs); i += 2 {
			t.Args[pairs[i]] = pairs[i+1]
		}
	}
	return t
}

// IsZero reports whether t names no message.
func (t T) IsZero() bool { return t.ID == "" }

// All returns every message, in the order of messages.go.
func All() []Message { return append([]Message(nil), messages...) }

// Lookup finds a message by ID.
func Lookup(id string) (Message, bool) {
	i, ok := index()[id]
	if !ok {
		return Message{}, false
	}
	return messages[i], true
}

// English renders t in English. An unknown ID or a template error renders
// as the ID in brackets, so a mistake shows on screen rather than crashing.
func (t T) English() string {
	if t.ID == "" {
		return ""
	}
	tm, ok := templates()[t.ID]
	if !ok {
		return "[" + t.ID + "]"
	}
	if tm == nil {
		m, _ := Lookup(t.ID)
		return m.Other
	}
	var b strings.Builder
	if err := tm.Execute(&b, t.Args); err != nil {
		return "[" + t.ID + "]"
	}
	return b.String()
}

// String is English.
func (t T) String() string { return t.English() }

// byID and tmpls are built once at start-up from messages and never
// written again.
var (
	byID  = buildIndex()
	tmpls = buildTemplates()
)

func index() map[string]int                    { return byID }
func templates() map[string]*template.Template { return tmpls }

func buildIndex() map[string]int {
	m := make(map[string]int, len(messages))
	for i, msg := range messages {
		m[msg.ID] = i
	}
	return m
}

// buildTemplates parses every message with placeholders (nil for the
// others). One that does not parse is left out: Check reports it, English
// shows its ID.
func buildTemplates() map[string]*template.Template {
	out := make(map[string]*template.Template, len(messages))
	for _, m := range messages {
		if !strings.Contains(m.Other, "{{") {
			out[m.ID] = nil
			continue
		}
		if tm, err := parse(m); err == nil {
			out[m.ID] = tm
		}
	}
	return out
}

func parse(m Message) (*template.Template, error) {
	return template.New(m.ID).Option("missingkey=error").Parse(m.Other)
}

// Check validates the catalogue: unique, non-empty IDs and English, a
// description for each, and templates that parse. The tests call it.
func Check() error {
	seen := map[string]bool{}
	for _, m := range messages {
		switch {
		case m.ID == "" || m.Other == "" || m.Description == "":
			return fmt.Errorf("message %q: ID, Description and Other are all required", m.ID)
		case seen[m.ID]:
			return fmt.Errorf("message %q defined twice", m.ID)
		}
		seen[m.ID] = true
		if _, err := parse(m); err != nil {
			return fmt.Errorf("message %q: %w", m.ID, err)
		}
	}
	return nil
}

// Prefix is put before every ID in the game's message files
// (i18n/locales), where the learning texts have sections of their own:
// "why.occupied" is "learn.why.occupied" there.
const Prefix = "learn."

// Key is the ID of t's message in the game's message files.
func (t T) Key() string { return Prefix + t.ID }

// Key is the ID of message id in the game's message files.
func Key(id string) string { return Prefix + id }
