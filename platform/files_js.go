//go:build js

package platform

import (
	"errors"
	"syscall/js"
)

// CanSaveFiles reports whether "Save to file" writes a file the player can
// find (desktop) rather than a download (browser).
const CanSaveFiles = false

// SaveFile offers the record as a download named name.
func SaveFile(name, text string) (where string, err error) {
	doc := js.Global().Get("document")
	blobCtor := js.Global().Get("Blob")
	url := js.Global().Get("URL")
	if !doc.Truthy() || !blobCtor.Truthy() || !url.Truthy() {
		return "", errors.New("this browser cannot download files")
	}
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("the browser refused the download")
		}
	}()
	parts := js.Global().Get("Array").New(text)
	opts := js.Global().Get("Object").New()
	opts.Set("type", "application/x-pdn;charset=utf-8")
	blob := blobCtor.New(parts, opts)
	href := url.Call("createObjectURL", blob)
	a := doc.Call("createElement", "a")
	a.Set("href", href)
	a.Set("download", name)
	a.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		url.Call("revokeObjectURL", href)
		revoke.Release()
		return nil
	})
	js.Global().Call("setTimeout", revoke, 10000)
	return "your downloads as " + name, nil
}
