//go:build js

package storage

import (
	"fmt"
	"syscall/js"
)

// OpenDefault opens the Store on window.localStorage. It fails when the
// browser has no usable storage (blocked cookies, some private modes, or
// not a browser at all); fall back to OpenMemory and tell the player.
func OpenDefault() (*Store, error) {
	return openFromGlobal(js.Global())
}

// openFromGlobal reads localStorage from global, which tests replace.
func openFromGlobal(global js.Value) (*Store, error) {
	storage, err := safeGet(global, "localStorage")
	if err != nil {
		return nil, fmt.Errorf("storage: browser storage is unavailable: %w", err)
	}
	return OpenLocalStorage(storage)
}

// OpenLocalStorage returns a Store on a Web Storage object: normally
// window.localStorage, in tests any object with getItem, setItem and
// removeItem (and, optionally, length and key). Failures of the object
// later (a full quota, storage blocked) become errors and notices, not
// panics.
func OpenLocalStorage(storage js.Value) (*Store, error) {
	if t := storage.Type(); t != js.TypeObject {
		return nil, fmt.Errorf("storage: browser storage is unavailable (localStorage is %s)", t)
	}
	for _, method := range []string{"getItem", "setItem", "removeItem"} {
		fn, err := safeGet(storage, method)
		if err != nil {
			return nil, fmt.Errorf("storage: browser storage is unavailable: %w", err)
		}
		if fn.Type() != js.TypeFunction {
			return nil, fmt.Errorf("storage: browser storage is unavailable (no %s method)", method)
		}
	}
	return newStore(&localStorageBackend{storage: storage}, "browser localStorage"), nil
}
