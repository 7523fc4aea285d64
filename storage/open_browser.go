//go:build js

package storage

import (
	"fmt"
	"syscall/js"
)

// OpenDefault opens the Store on window.localStorage for a copy of the game
// (a tab). It fails when the browser has no usable storage (blocked
// cookies, some private modes, or not a browser at all); fall back to
// OpenMemory and tell the player.
//
// Like the desktop's, it claims a game slot (slots.go), here with the Web
// Locks API: a second tab of the game keeps its game in progress apart, and
// TakeSlotNotice says so. Call it before the game runs: it
// waits for the browser's answer.
func OpenDefault() (*Store, error) {
	s, err := openFromGlobal(js.Global())
	if err != nil {
		return nil, err
	}
	s.slotNotice = s.claimGameSlot()
	return s, nil
}

// openFromGlobal reads localStorage and navigator.locks from global, which
// tests replace.
func openFromGlobal(global js.Value) (*Store, error) {
	storage, err := safeGet(global, "localStorage")
	if err != nil {
		return nil, fmt.Errorf("storage: browser storage is unavailable: %w", err)
	}
	s, err := OpenLocalStorage(storage)
	if err != nil {
		return nil, err
	}
	if navigator, err := safeGet(global, "navigator"); err == nil && navigator.Type() == js.TypeObject {
		if locks, err := safeGet(navigator, "locks"); err == nil {
			s.backend.(*localStorageBackend).locks = locks
		}
	}
	return s, nil
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
