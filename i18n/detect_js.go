//go:build js

package i18n

import "syscall/js"

// detect reads the page's ?lang= parameter and navigator.languages.
func detect() (Lang, bool) {
	search := ""
	if loc := js.Global().Get("location"); loc.Truthy() {
		search = loc.Get("search").String()
	}
	var langs []string
	if nav := js.Global().Get("navigator"); nav.Truthy() {
		if list := nav.Get("languages"); list.Truthy() {
			for i := 0; i < list.Length(); i++ {
				langs = append(langs, list.Index(i).String())
			}
		} else if one := nav.Get("language"); one.Type() == js.TypeString {
			langs = append(langs, one.String())
		}
	}
	return FromBrowser(search, langs)
}
