// Package webtext writes the page shell's words (wasm/web: the loading and
// error texts of index.html, its title and description, the web manifests)
// from the [web] messages of package i18n, so that the page speaks the
// game's four languages from the same translated files.
// `go run ./i18n/cmd/webtext` rewrites the files; the package's test fails
// when they are out of step with the messages.
package webtext

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"bashni/i18n"
)

// keys are the [web] messages the page uses, by the name its script knows
// them by. {{.Percent}}, {{.MB}} and {{.Error}} stay in the text for the
// script to fill in.
var keys = []string{"title", "page_description", "loading", "loading_percent", "loading_mb", "starting",
	"no_wasm", "no_webgl", "stopped", "load_failed"}

// Table is the script's dictionary: language code → name → text.
func Table() map[string]map[string]string {
	t := map[string]map[string]string{}
	for _, l := range i18n.Langs() {
		c := i18n.New(l)
		m := map[string]string{}
		for _, k := range keys {
			// Keep the placeholders as they are: the script fills them.
			m[k] = c.F("web."+k, "Percent", "{{.Percent}}", "MB", "{{.MB}}", "Error", "{{.Error}}")
		}
		t[l.Code()] = m
	}
	return t
}

const (
	begin = "// i18n:begin"
	end   = "// i18n:end"
)

var block = regexp.MustCompile(`(?s)` + regexp.QuoteMeta(begin) + `.*?` + regexp.QuoteMeta(end))
var noscript = regexp.MustCompile(`(?s)<noscript>.*?</noscript>`)

// Page returns index.html with its dictionary and its <noscript> text made
// from the messages.
func Page(html string) (string, error) {
	if !block.MatchString(html) {
		return "", fmt.Errorf("index.html has no %q … %q block", begin, end)
	}
	js, err := json.MarshalIndent(Table(), "  ", "  ")
	if err != nil {
		return "", err
	}
	dict := begin + " (written by `go run ./i18n/cmd/webtext` from i18n/locales: edit those)\n  const TEXT = " + string(js) + ";\n  " + end
	html = block.ReplaceAllLiteralString(html, dict)
	var ns []string
	for _, l := range i18n.Langs() {
		ns = append(ns, `<p lang="`+l.Code()+`">`+escape(i18n.New(l).T("web.noscript"))+`</p>`)
	}
	html = noscript.ReplaceAllLiteralString(html, `<noscript><div style="padding:24px">`+strings.Join(ns, "")+`</div></noscript>`)
	return html, nil
}

func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}

// ManifestName is the file of l's web manifest: manifest.webmanifest for
// English, manifest.ru.webmanifest and so on.
func ManifestName(l i18n.Lang) string {
	if l == i18n.English {
		return "manifest.webmanifest"
	}
	return "manifest." + l.Code() + ".webmanifest"
}

// Manifest returns l's web manifest: the English one (base) with the
// language's name, short name, description and "lang".
func Manifest(base string, l i18n.Lang) (string, error) {
	var m map[string]any
	if err := json.Unmarshal([]byte(base), &m); err != nil {
		return "", fmt.Errorf("the web manifest: %w", err)
	}
	c := i18n.New(l)
	out := base
	for field, id := range map[string]string{"name": "web.manifest_name", "short_name": "web.manifest_short_name", "description": "web.manifest_description", "lang": ""} {
		value := l.Code()
		if id != "" {
			value = c.T(id)
		}
		v, _ := json.Marshal(value)
		re := regexp.MustCompile(`("` + field + `":\s*)"(?:[^"\\]|\\.)*"`)
		if re.MatchString(out) {
			out = re.ReplaceAllString(out, "${1}"+strings.ReplaceAll(string(v), "$", "$$"))
		} else {
			out = strings.Replace(out, "{\n", "{\n  \""+field+"\": "+string(v)+",\n", 1)
		}
	}
	return out, nil
}
