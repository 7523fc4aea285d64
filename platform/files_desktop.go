//go:build !js

package platform

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/adrg/xdg"

	"bashni/storage"
)

// CanSaveFiles reports whether "Save to file" writes a file the player can
// find (desktop) rather than a download (browser).
const CanSaveFiles = true

// exportDir is where records are saved: the player's documents folder
// (XDG_DOCUMENTS_DIR, from the environment or ~/.config/user-dirs.dirs, as
// xdg-user-dir finds it; the system's Documents on macOS and Windows),
// made when it does not exist yet; else the home directory, else the
// game's own directory.
func exportDir() (string, error) {
	// The folders are read again at each save: the player may have moved
	// Documents (xdg-user-dirs-update) since the game started.
	xdg.Reload()
	var tried []string
	if docs := xdg.UserDirs.Documents; docs != "" && filepath.IsAbs(docs) {
		if err := os.MkdirAll(docs, 0o755); err == nil {
			return docs, nil
		}
	}
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		tried = append(tried, home)
	}
	if dir, err := storage.DefaultDir(); err == nil {
		tried = append(tried, dir)
	}
	for _, dir := range tried {
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			return dir, nil
		}
	}
	if len(tried) > 0 {
		last := tried[len(tried)-1]
		if err := os.MkdirAll(last, 0o755); err == nil {
			return last, nil
		}
	}
	return "", errors.New("no folder to save in (no home directory)")
}

// SaveFile writes a record as a new file named name (a free variant
// of it if taken) in exportDir, atomically: the file appears whole or not
// at all. It returns the path.
func SaveFile(name, text string) (string, error) {
	dir, err := exportDir()
	if err != nil {
		return "", err
	}
	return writeNewFile(dir, name, []byte(text))
}

// writeNewFile writes data to a file in dir named name, or name-2, name-3
// … if taken, through a temporary file and a rename.
func writeNewFile(dir, name string, data []byte) (string, error) {
	tmp, err := os.CreateTemp(dir, ".bashni-export-*")
	if err != nil {
		return "", fmt.Errorf("couldn't write in %s: %w", dir, unwrapPath(err))
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return "", fmt.Errorf("couldn't write %s: %w", tmp.Name(), unwrapPath(err))
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return "", fmt.Errorf("couldn't write %s: %w", tmp.Name(), unwrapPath(err))
	}
	if err := tmp.Close(); err != nil {
		return "", fmt.Errorf("couldn't write %s: %w", tmp.Name(), unwrapPath(err))
	}
	base, ext := strings.TrimSuffix(name, filepath.Ext(name)), filepath.Ext(name)
	for n := 1; n < 100; n++ {
		path := filepath.Join(dir, name)
		if n > 1 {
			path = filepath.Join(dir, fmt.Sprintf("%s-%d%s", base, n, ext))
		}
		// A hard link never replaces an existing file; then the temporary
		// name goes. Where links are not supported, check and rename.
		if err := os.Link(tmp.Name(), path); err == nil {
			return path, nil
		} else if errors.Is(err, os.ErrExist) {
			continue
		}
		if _, err := os.Lstat(path); err == nil {
			continue
		}
		if err := os.Rename(tmp.Name(), path); err != nil {
			return "", fmt.Errorf("couldn't save %s: %w", path, unwrapPath(err))
		}
		return path, nil
	}
	return "", fmt.Errorf("couldn't find a free name for %s in %s", name, dir)
}

// unwrapPath drops the path from an *os.PathError (the message names it).
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
