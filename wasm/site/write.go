package site

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
)

// WriteDir writes the site to dir, with .br and .gz copies beside every
// compressible file for hosts that serve pre-compressed files (nginx
// brotli_static and gzip_static, most static hosting services).
//
// Every file is written to a temporary file in its folder and renamed over
// its name, so a reader never sees half a file and a symbolic link found at
// a file's name is replaced, never written through. A folder of the site
// (icons/) that is a symbolic link is refused: the files would land
// wherever it points. All of it happens inside dir (os.Root), whatever
// links dir holds.
func (s *Site) WriteDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("writing the site: %w", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return fmt.Errorf("writing the site: %w", err)
	}
	defer root.Close()
	for _, name := range s.Names() {
		f := s.files[name]
		if err := makeFolder(root, dir, path.Dir(name)); err != nil {
			return err
		}
		for _, c := range []struct {
			suffix string
			data   []byte
		}{{"", f.data}, {".br", f.br}, {".gz", f.gz}} {
			if c.data == nil {
				continue
			}
			if err := writeFile(root, name+c.suffix, c.data); err != nil {
				return fmt.Errorf("writing the site: %s: %w", path.Join(dir, name+c.suffix), err)
			}
		}
	}
	return nil
}

// makeFolder makes the folder folder (a slash-separated path inside root)
// and checks that neither it nor any folder above it is a symbolic link.
func makeFolder(root *os.Root, dir, folder string) error {
	if folder == "." {
		return nil
	}
	if err := makeFolder(root, dir, path.Dir(folder)); err != nil {
		return err
	}
	if err := root.Mkdir(folder, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("writing the site: %w", err)
	}
	info, err := root.Lstat(folder)
	if err != nil {
		return fmt.Errorf("writing the site: %w", err)
	}
	if !info.IsDir() {
		return fmt.Errorf("writing the site: %s is a %s, not a folder: not writing through it (remove it first)", path.Join(dir, folder), describeMode(info.Mode()))
	}
	return nil
}

func describeMode(m fs.FileMode) string {
	if m&fs.ModeSymlink != 0 {
		return "symbolic link"
	}
	return "file"
}

// writeFile writes data to a new temporary file beside name and renames it
// over name.
func writeFile(root *os.Root, name string, data []byte) error {
	var random [6]byte
	rand.Read(random[:])
	tmp := path.Join(path.Dir(name), "."+path.Base(name)+"."+hex.EncodeToString(random[:])+".tmp")
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		root.Remove(tmp)
		return err
	}
	if err := root.Rename(tmp, name); err != nil {
		root.Remove(tmp)
		return err
	}
	return nil
}
