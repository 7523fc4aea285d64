// Command webtext writes the page shell's words from the message files:
// the dictionary and <noscript> text of wasm/web/index.html and the web
// manifests of every language (package i18n/webtext). Run it from the
// module's root after changing a [web] message:
//
//	go run ./i18n/cmd/webtext
package main

import (
	"log"
	"os"
	"path/filepath"

	"bashni/i18n"
	"bashni/i18n/webtext"
)

func main() {
	dir := filepath.Join("wasm", "web")
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		log.Fatalf("%v (run from the module's root)", err)
	}
	out, err := webtext.Page(string(page))
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(out), 0o644); err != nil {
		log.Fatal(err)
	}
	base, err := os.ReadFile(filepath.Join(dir, webtext.ManifestName(i18n.English)))
	if err != nil {
		log.Fatal(err)
	}
	for _, l := range i18n.Langs() {
		m, err := webtext.Manifest(string(base), l)
		if err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, webtext.ManifestName(l)), []byte(m), 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
