package online

import (
	"strings"
	"testing"

	"bashni/i18n"
)

// TestLobbyWordsEveryLanguage: every word a language lists for a lobby
// command (a message may list several: the button's word and the word a
// player would type) is understood, and so is the English word, in every
// language: a blind player types what the mirrored button said.
func TestLobbyWordsEveryLanguage(t *testing.T) {
	verbs := []struct {
		key, english, arg string
		verb              lobbyVerb
	}{
		{"lobby.word_seek", "seek", "", verbSeek},
		{"lobby.word_accept", "accept", " 2", verbAccept},
		{"lobby.word_cancel", "cancel", "", verbCancel},
		{"lobby.word_name", "name", " Anna", verbName},
		{"lobby.word_profile", "profile", " Anna", verbProfile},
		{"lobby.word_leaders", "leaders", "", verbLeaders},
		{"lobby.word_live", "live", "", verbLive},
		{"lobby.word_watch", "watch", "", verbWatch},
	}
	for _, lang := range i18n.Langs() {
		cat, err := i18n.Load(lang)
		if err != nil {
			t.Fatalf("%s: %v", lang.Code(), err)
		}
		for _, v := range verbs {
			words := []string{v.english}
			for _, w := range strings.Split(cat.T(v.key), ",") {
				w = strings.TrimSpace(w)
				if w == "" || strings.ContainsAny(w, " \t") {
					t.Errorf("%s %s = %q: each word must be one word (the line is split at spaces)", lang.Code(), v.key, cat.T(v.key))
					continue
				}
				words = append(words, w)
			}
			for _, w := range words {
				got, ok := parseLobbyCommand(cat, w+v.arg)
				if !ok || got.verb != v.verb {
					t.Errorf("%s %q: understood %v as verb %v, want verb %v", lang.Code(), w+v.arg, ok, got.verb, v.verb)
				}
			}
		}
	}
}
