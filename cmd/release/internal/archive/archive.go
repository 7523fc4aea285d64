// Package archive writes zip and tar.gz files that depend on nothing but
// their contents: entries in name order, each directory listed before what it
// holds, one fixed modification time, owner root, no host-dependent fields.
// Two releases of one commit give byte-identical archives.
package archive

import (
	"archive/tar"
	"archive/zip"
	"compress/flate"
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"time"
)

// File is one regular file of an archive.
type File struct {
	Name       string // slash-separated path inside the archive, without a leading slash
	Data       []byte
	Executable bool // mode 0755 instead of 0644
}

// entry is a file or a directory, ready to be written.
type entry struct {
	name string // directories end in "/"
	mode fs.FileMode
	data []byte
}

// entries sorts the files and adds every directory they are in, each before
// its contents. It refuses absolute, unclean or repeated names.
func entries(files []File) ([]entry, error) {
	seen := map[string]bool{}
	var out []entry
	for _, f := range files {
		if f.Name == "" || strings.HasPrefix(f.Name, "/") || path.Clean(f.Name) != f.Name || strings.HasPrefix(f.Name, "../") || f.Name == ".." {
			return nil, fmt.Errorf("archive: bad file name %q", f.Name)
		}
		if seen[f.Name] {
			return nil, fmt.Errorf("archive: %q twice", f.Name)
		}
		seen[f.Name] = true
		mode := fs.FileMode(0o644)
		if f.Executable {
			mode = 0o755
		}
		out = append(out, entry{name: f.Name, mode: mode, data: f.Data})
		for dir := path.Dir(f.Name); dir != "."; dir = path.Dir(dir) {
			if seen[dir+"/"] {
				break
			}
			seen[dir+"/"] = true
			out = append(out, entry{name: dir + "/", mode: fs.ModeDir | 0o755})
		}
	}
	for _, e := range out {
		if e.mode.IsDir() && seen[strings.TrimSuffix(e.name, "/")] {
			return nil, fmt.Errorf("archive: %q is both a file and a directory", strings.TrimSuffix(e.name, "/"))
		}
	}
	// Byte order of names puts "a/" before "a/b" (a prefix sorts first).
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out, nil
}

// level is the Deflate level of both formats: the default level makes Go
// binaries 0.2 % bigger than the best and is three times faster (4.85 MB
// against 4.84 MB for the Windows game, 2.7 s against 8.1 s).
const level = flate.DefaultCompression

// WriteZip writes files as a zip archive, compressed with Deflate. Unix permissions are recorded (so the executable bit survives
// unzip and the macOS Archive Utility); every entry carries the time mtime.
func WriteZip(w io.Writer, files []File, mtime time.Time) error {
	es, err := entries(files)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(w)
	zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(out, level)
	})
	for _, e := range es {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate, Modified: mtime.UTC().Truncate(time.Second)}
		if e.mode.IsDir() {
			h.Method = zip.Store
		}
		h.SetMode(e.mode)
		fw, err := zw.CreateHeader(h)
		if err != nil {
			return fmt.Errorf("archive: %s: %w", e.name, err)
		}
		if _, err := fw.Write(e.data); err != nil {
			return fmt.Errorf("archive: %s: %w", e.name, err)
		}
	}
	return zw.Close()
}

// WriteTarGz writes files as a gzip-compressed tar archive (ustar format,
// owner and group 0 with no names, every entry at time mtime; the gzip
// header carries no time and no name).
func WriteTarGz(w io.Writer, files []File, mtime time.Time) error {
	es, err := entries(files)
	if err != nil {
		return err
	}
	gz, err := gzip.NewWriterLevel(w, level)
	if err != nil {
		return err
	}
	tw := tar.NewWriter(gz)
	for _, e := range es {
		h := &tar.Header{
			Name:    e.name,
			Mode:    int64(e.mode.Perm()),
			ModTime: mtime.UTC().Truncate(time.Second),
			Format:  tar.FormatUSTAR,
		}
		if e.mode.IsDir() {
			h.Typeflag = tar.TypeDir
		} else {
			h.Typeflag = tar.TypeReg
			h.Size = int64(len(e.data))
		}
		if err := tw.WriteHeader(h); err != nil {
			return fmt.Errorf("archive: %s: %w", e.name, err)
		}
		if _, err := tw.Write(e.data); err != nil {
			return fmt.Errorf("archive: %s: %w", e.name, err)
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}
