package i18n

import "testing"

func TestParse(t *testing.T) {
	for code, want := range map[string]Lang{"ru": Russian, "ru-RU": Russian, "ru_RU.UTF-8": Russian, "ko_KR@euro": Korean,
		"ja-JP": Japanese, "JA": Japanese, "en-GB": English, " en ": English} {
		if l, ok := Parse(code); !ok || l != want {
			t.Errorf("Parse(%q) = %v %v, want %v", code, l, ok, want)
		}
	}
	for _, code := range []string{"", "C", "POSIX", "de-DE", "zh-Hans", "russian"} {
		if _, ok := Parse(code); ok {
			t.Errorf("Parse(%q) is a language", code)
		}
	}
	if Match("de", "fr-FR", "ja", "ru") != Japanese || Match("de") != English {
		t.Error("Match")
	}
}

func TestFromEnv(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		want Lang
		ok   bool
	}{
		{"LANG", map[string]string{"LANG": "ru_RU.UTF-8"}, Russian, true},
		{"LC_ALL wins over LANG", map[string]string{"LC_ALL": "ja_JP.UTF-8", "LANG": "ru_RU.UTF-8"}, Japanese, true},
		{"LC_MESSAGES over LANG", map[string]string{"LC_MESSAGES": "ko_KR.UTF-8", "LANG": "en_US.UTF-8"}, Korean, true},
		{"LANGUAGE list first", map[string]string{"LANGUAGE": "de:ko:en", "LANG": "en_US.UTF-8"}, Korean, true},
		{"C ignores LANGUAGE", map[string]string{"LANGUAGE": "ru", "LC_ALL": "C"}, English, false},
		{"C.UTF-8", map[string]string{"LANG": "C.UTF-8"}, English, false},
		{"unsupported", map[string]string{"LANG": "de_DE.UTF-8"}, English, false},
		{"nothing", nil, English, false},
	} {
		l, ok := FromEnv(func(k string) string { return tc.env[k] })
		if l != tc.want || ok != tc.ok {
			t.Errorf("%s: %v %v, want %v %v", tc.name, l, ok, tc.want, tc.ok)
		}
	}
}

func TestFromBrowser(t *testing.T) {
	for _, tc := range []struct {
		search string
		langs  []string
		want   Lang
		ok     bool
	}{
		{"", []string{"ru-RU", "en"}, Russian, true},
		{"?lang=ja", []string{"ru-RU"}, Japanese, true},
		{"?watch=1&lang=ko-KR", nil, Korean, true},
		{"?lang=xx", []string{"de", "ja"}, Japanese, true},
		{"?lang=", []string{"de"}, English, false},
		{"%%%", []string{"ko"}, Korean, true},
	} {
		l, ok := FromBrowser(tc.search, tc.langs)
		if l != tc.want || ok != tc.ok {
			t.Errorf("%q %v: %v %v, want %v %v", tc.search, tc.langs, l, ok, tc.want, tc.ok)
		}
	}
}
