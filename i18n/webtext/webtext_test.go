package webtext

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bashni/i18n"
)

var web = filepath.Join("..", "..", "wasm", "web")

// The page and the manifests carry the messages' words: after a change to
// a [web] message, run `go run ./i18n/cmd/webtext`.
func TestPageAndManifestsAreInStep(t *testing.T) {
	page, err := os.ReadFile(filepath.Join(web, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := Page(string(page))
	if err != nil {
		t.Fatal(err)
	}
	if want != string(page) {
		t.Error("wasm/web/index.html is out of step with the messages: go run ./i18n/cmd/webtext")
	}
	base, err := os.ReadFile(filepath.Join(web, ManifestName(i18n.English)))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range i18n.Langs() {
		got, err := os.ReadFile(filepath.Join(web, ManifestName(l)))
		if err != nil {
			t.Fatalf("%s: %v (go run ./i18n/cmd/webtext)", l, err)
		}
		want, err := Manifest(string(base), l)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("%s is out of step with the messages: go run ./i18n/cmd/webtext", ManifestName(l))
		}
		var m map[string]any
		if err := json.Unmarshal(got, &m); err != nil {
			t.Fatalf("%s: %v", ManifestName(l), err)
		}
		if m["lang"] != l.Code() || m["short_name"] != i18n.New(l).T("web.manifest_short_name") || m["start_url"] != "./" {
			t.Errorf("%s: %v", ManifestName(l), m)
		}
	}
}

// Every language has every text the script uses, with the script's
// placeholders.
func TestTable(t *testing.T) {
	table := Table()
	for _, l := range i18n.Langs() {
		m := table[l.Code()]
		for _, k := range keys {
			if m[k] == "" || strings.HasPrefix(m[k], "web.") {
				t.Errorf("%s %s: %q", l, k, m[k])
			}
		}
		if !strings.Contains(m["loading_percent"], "{{.Percent}}") || !strings.Contains(m["load_failed"], "{{.Error}}") || !strings.Contains(m["loading_mb"], "{{.MB}}") {
			t.Errorf("%s: the placeholders are lost: %v", l, m)
		}
	}
}
