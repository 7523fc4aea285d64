package identity

import (
	"strings"
	"testing"

	"bashni/online/protocol"
)

func TestCheckName(t *testing.T) {
	for _, c := range []struct {
		in, name, folded string
		bad              bool
	}{
		{in: "Anna", name: "Anna", folded: "anna"},
		{in: "dark_knight-7", name: "dark_knight-7", folded: "dark_knight-7"},
		{in: "Иван", name: "Иван", folded: "иван"},
		{in: "김철수", name: "김철수", folded: "김철수"},
		{in: "たろう", name: "たろう", folded: "たろう"},
		{in: "Straße", name: "Straße", folded: "strasse"},
		{in: "O\u0304kami", name: "Ōkami", folded: "ōkami"}, // NFC joins the macron
		{in: "नमस्ते", name: "नमस्ते", folded: "नमस्ते"},    // Devanagari vowel signs are marks
		{in: "123", name: "123", folded: "123"},             // digits alone are fine
		{in: "ab", bad: true},                               // too short
		{in: strings.Repeat("я", 21), bad: true},            // too long
		{in: strings.Repeat("я", 20), name: strings.Repeat("я", 20), folded: strings.Repeat("я", 20)},
		{in: "a b c", bad: true},     // space
		{in: "bob!", bad: true},      // punctuation
		{in: "a\u200bbc", bad: true}, // zero-width space
		{in: "___", bad: true},       // no letter
		{in: "\u0301abc", bad: true}, // a mark first
		{in: "ADMIN", bad: true},     // reserved, any case
		{in: "Sys_tem", bad: true},   // reserved, with separators
		{in: "Компьютер", bad: true}, // reserved in Russian
		{in: "bashni", bad: true},
		{in: "bad\xffutf", bad: true},
		{in: "x😀y", bad: true},                        // emoji are not letters
		{in: "\u0410nna", bad: true},                  // a Cyrillic А among Latin letters
		{in: "Player_Иван", bad: true},                // two scripts
		{in: "山田たろう", name: "山田たろう", folded: "山田たろう"}, // Han with kana
		{in: "김민준金", name: "김민준金", folded: "김민준金"},    // Hangul with Han
		{in: "Иван_2000", name: "Иван_2000", folded: "иван_2000"},
	} {
		name, folded, err := CheckName(c.in)
		if c.bad {
			if err == nil {
				t.Errorf("%q accepted as %q", c.in, name)
			} else if pe, ok := err.(*protocol.Error); !ok || pe.Code != protocol.ErrBadName {
				t.Errorf("%q: %v, want a bad-name refusal", c.in, err)
			}
			continue
		}
		if err != nil || name != c.name || folded != c.folded {
			t.Errorf("%q: %q %q %v; want %q %q", c.in, name, folded, err, c.name, c.folded)
		}
	}
}

// Names that differ only in case fold alike, in every script.
func TestFoldingAcrossScripts(t *testing.T) {
	for _, pair := range [][2]string{
		{"Anna", "aNNA"}, {"ИВАН", "иван"}, {"ΣΟΦΙΑ", "σοφια"}, {"Straße", "STRASSE"}, {"Ōkami", "o\u0304kami"},
	} {
		_, a, err1 := CheckName(pair[0])
		_, b, err2 := CheckName(pair[1])
		if err1 != nil || err2 != nil || a != b {
			t.Errorf("%q and %q fold to %q and %q (%v %v)", pair[0], pair[1], a, b, err1, err2)
		}
	}
}

// A new name must be one every screen can draw: names in scripts the
// game's fonts lack are refused, saying which letter; a name chosen before
// the rule is still found.
func TestCheckNewName(t *testing.T) {
	for _, c := range []struct {
		in   string
		bad  string // a part of the refusal; "" when accepted
		name string
	}{
		{in: "김철수", name: "김철수"},
		{in: "たろう", name: "たろう"},
		{in: "山田太郎", name: "山田太郎"},
		{in: "佐々木_7", name: "佐々木_7"},
		{in: "钱学森", name: "钱学森"},
		{in: "Иван", name: "Иван"},
		{in: "Αλέξης", name: "Αλέξης"},
		{in: "O\u0304kami", name: "Ōkami"},
		{in: "ㅋㅋㅋ", name: "ㅋㅋㅋ"},
		{in: "नमस्ते", bad: "Devanagari"},
		{in: "محمد", bad: "Arabic"},
		{in: "สมชาย", bad: "Thai"},
		{in: "\U00020BB7野家", bad: "U+20BB7"}, // 𠮷, beyond the national sets
		{in: "ab", bad: "3 to 20"},           // CheckName's rules first
	} {
		name, _, err := CheckNewName(c.in)
		if c.bad == "" {
			if err != nil || name != c.name {
				t.Errorf("%q: %q %v; want %q", c.in, name, err, c.name)
			}
			continue
		}
		pe, ok := err.(*protocol.Error)
		if !ok || pe.Code != protocol.ErrBadName || !strings.Contains(pe.Message, c.bad) {
			t.Errorf("%q: %v; want a bad-name refusal naming %q", c.in, err, c.bad)
		}
	}
	if _, _, err := CheckName("नमस्ते"); err != nil {
		t.Errorf("an older Devanagari name is not found: %v", err)
	}
}
