package browser

import (
	"strings"
	"testing"
)

// TestPageLanguage: the page speaks the language ?lang= or the browser asks
// for, points to that language's web manifest, and downloads the messages
// and the CJK font of that language only; the English page downloads
// neither.
func TestPageLanguage(t *testing.T) {
	srv := startServer(t)
	for _, tc := range []struct {
		query, lang, title string
		fonts, messages    bool
	}{
		{"", "en", "Bashni — column draughts", false, false},
		{"?lang=ru", "ru", "Башни — столбовые шашки", false, true},
		{"?lang=ja", "ja", "バシュニ — コラムドラフト", true, true},
		{"?lang=ko-KR", "ko", "바스니 — 기둥 체커", true, true},
	} {
		before := map[string]int{}
		for _, p := range []string{"/fonts/ja-regular.otf", "/fonts/ko-regular.otf", "/fonts/ja-bold.otf", "/fonts/ko-bold.otf", "/locales/" + tc.lang + ".json"} {
			before[p] = srv.served(p)
		}
		b := newBrowser(t, desktop)
		b.open(srv.url(tc.query))
		var lang, title, manifest, docLang string
		b.eval(`window.bashniLang`, &lang)
		b.eval(`document.title`, &title)
		b.eval(`document.querySelector('link[rel="manifest"]').getAttribute('href')`, &manifest)
		b.eval(`document.documentElement.lang`, &docLang)
		if lang != tc.lang || docLang != tc.lang || title != tc.title {
			t.Errorf("%q: language %q (html lang %q), title %q; want %q, %q", tc.query, lang, docLang, title, tc.lang, tc.title)
		}
		wantManifest := "manifest.webmanifest"
		if tc.lang != "en" {
			wantManifest = "manifest." + tc.lang + ".webmanifest"
		}
		if manifest != wantManifest {
			t.Errorf("%q: manifest %q, want %q", tc.query, manifest, wantManifest)
		}
		fonts := 0
		for p, n := range before {
			if strings.HasPrefix(p, "/fonts/") {
				fonts += srv.served(p) - n
			}
		}
		if tc.fonts != (fonts > 0) || (tc.fonts && srv.served("/fonts/"+tc.lang+"-regular.otf") == before["/fonts/"+tc.lang+"-regular.otf"]) {
			t.Errorf("%q: %d font downloads (want some: %v)", tc.query, fonts, tc.fonts)
		}
		if got := srv.served("/locales/"+tc.lang+".json") > before["/locales/"+tc.lang+".json"]; got != tc.messages {
			t.Errorf("%q: messages downloaded: %v, want %v", tc.query, got, tc.messages)
		}
	}
}
