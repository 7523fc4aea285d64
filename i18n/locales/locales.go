// Package locales holds the game's message files, one a language
// (en.toml, ru.toml, ko.toml, ja.toml), as translators edit them, and
// parses them with go-i18n. The game itself reads their compiled form
// (package i18n, compiled/*.json, made by `go generate ./i18n`); this
// package is for that generator, the tests and the font subsetter.
package locales

import (
	"embed"
	"fmt"

	"github.com/BurntSushi/toml"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
)

//go:embed *.toml
var files embed.FS

// File returns the message file of the language with BCP 47 code code.
func File(code string) ([]byte, error) {
	return files.ReadFile(code + ".toml")
}

// Messages are a language's messages: by ID, the text by plural form
// ("other" for a message without a count; "one", "few", "many"… for one
// with a count).
type Messages map[string]map[string]string

// Parse parses the message file of code with go-i18n.
func Parse(code string) (Messages, error) {
	data, err := File(code)
	if err != nil {
		return nil, fmt.Errorf("locales: %w", err)
	}
	mf, err := goi18n.ParseMessageFileBytes(data, code+".toml", map[string]goi18n.UnmarshalFunc{"toml": toml.Unmarshal})
	if err != nil {
		return nil, fmt.Errorf("locales: %s.toml: %w", code, err)
	}
	out := Messages{}
	for _, m := range mf.Messages {
		forms := map[string]string{}
		for form, s := range map[string]string{"zero": m.Zero, "one": m.One, "two": m.Two, "few": m.Few, "many": m.Many, "other": m.Other} {
			if s != "" {
				forms[form] = s
			}
		}
		out[m.ID] = forms
	}
	return out, nil
}
