//go:build !js

package storage

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ConfigDirEnv names the environment variable that, when set, overrides the
// directory used by OpenDefault. End-to-end tests point it at a fresh
// temporary directory so runs never touch the player's real saves.
const ConfigDirEnv = "BASHNI_CONFIG_DIR"

// DefaultDir returns where OpenDefault keeps the documents:
// $BASHNI_CONFIG_DIR if set, else <os.UserConfigDir()>/bashni.
func DefaultDir() (string, error) {
	if dir := os.Getenv(ConfigDirEnv); dir != "" {
		return dir, nil
	}
	config, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("storage: finding the configuration directory: %w", err)
	}
	return filepath.Join(config, "bashni"), nil
}

// OpenDefault opens the Store in DefaultDir for a copy of the game. If it
// fails (no home directory), fall back to OpenMemory and tell the player
// nothing will be kept.
//
// Unlike Open, it claims a game slot (slots.go): when another copy of the
// game already runs on the same directory, this one keeps its game in
// progress apart, and TakeSlotNotice tells the player.
func OpenDefault() (*Store, error) {
	dir, err := DefaultDir()
	if err != nil {
		return nil, err
	}
	s, err := Open(dir)
	if err != nil {
		return nil, err
	}
	s.slotNotice = s.claimGameSlot()
	return s, nil
}

// Open returns a Store keeping its documents as files in dir. The directory
// is created on the first save, not here, so an unusable directory does not
// stop the game: loads then give defaults with a notice and saves return
// errors. Open also deletes temporary files left by an interrupted save.
func Open(dir string) (*Store, error) {
	if dir == "" {
		return nil, errors.New("storage: no directory given")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("storage: resolving %s: %w", dir, err)
	}
	b := &fileBackend{dir: abs}
	s := newStore(b, abs)
	b.removeStaleTemps(s.now())
	return s, nil
}
