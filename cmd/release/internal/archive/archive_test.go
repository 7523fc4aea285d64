package archive

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

var mtime = time.Date(2026, 12, 1, 1, 4, 5, 0, time.UTC)

func sample() []File {
	big := make([]byte, 200_000)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range big {
		big[i] = byte(r.IntN(16)) // compressible, not trivially
	}
	return []File{
		{Name: "Bashni.app/Contents/MacOS/bashni", Data: big, Executable: true},
		{Name: "Bashni.app/Contents/Info.plist", Data: []byte("<plist/>")},
		{Name: "README.txt", Data: []byte("hello\n")},
		{Name: "Bashni.app/Contents/Resources/bashni.icns", Data: []byte("icns")},
		{Name: "empty", Data: nil},
	}
}

type listed struct {
	name string
	mode string
	data string
	time time.Time
}

func TestZip(t *testing.T) {
	var a, b bytes.Buffer
	if err := WriteZip(&a, sample(), mtime); err != nil {
		t.Fatal(err)
	}
	// The same files in another order give the same bytes.
	files := sample()
	rand.Shuffle(len(files), func(i, j int) { files[i], files[j] = files[j], files[i] })
	if err := WriteZip(&b, files, mtime); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two zips of the same files differ")
	}
	zr, err := zip.NewReader(bytes.NewReader(a.Bytes()), int64(a.Len()))
	if err != nil {
		t.Fatal(err)
	}
	var got []listed
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(rc)
		rc.Close()
		got = append(got, listed{f.Name, f.Mode().String(), string(data), f.Modified.UTC()})
	}
	checkListing(t, got)
	if a.Len() > 150_000 {
		t.Errorf("zip of 200 kB of 4-bit noise is %d bytes: not compressed", a.Len())
	}
}

func TestTarGz(t *testing.T) {
	var a, b bytes.Buffer
	if err := WriteTarGz(&a, sample(), mtime); err != nil {
		t.Fatal(err)
	}
	files := sample()
	rand.Shuffle(len(files), func(i, j int) { files[i], files[j] = files[j], files[i] })
	if err := WriteTarGz(&b, files, mtime); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two tarballs of the same files differ")
	}
	gz, err := gzip.NewReader(bytes.NewReader(a.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !gz.ModTime.IsZero() || gz.Name != "" {
		t.Errorf("gzip header has time %v, name %q", gz.ModTime, gz.Name)
	}
	tr := tar.NewReader(gz)
	var got []listed
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Uid != 0 || h.Gid != 0 || h.Uname != "" || h.Gname != "" {
			t.Errorf("%s: owner %d:%d %q:%q", h.Name, h.Uid, h.Gid, h.Uname, h.Gname)
		}
		if !h.AccessTime.IsZero() || !h.ChangeTime.IsZero() || len(h.PAXRecords) > 0 {
			t.Errorf("%s: extra times or PAX records: %v %v %v", h.Name, h.AccessTime, h.ChangeTime, h.PAXRecords)
		}
		data, _ := io.ReadAll(tr)
		got = append(got, listed{h.Name, h.FileInfo().Mode().String(), string(data), h.ModTime.UTC()})
	}
	checkListing(t, got)
}

func checkListing(t *testing.T, got []listed) {
	t.Helper()
	want := []struct{ name, mode string }{
		{"Bashni.app/", "drwxr-xr-x"},
		{"Bashni.app/Contents/", "drwxr-xr-x"},
		{"Bashni.app/Contents/Info.plist", "-rw-r--r--"},
		{"Bashni.app/Contents/MacOS/", "drwxr-xr-x"},
		{"Bashni.app/Contents/MacOS/bashni", "-rwxr-xr-x"},
		{"Bashni.app/Contents/Resources/", "drwxr-xr-x"},
		{"Bashni.app/Contents/Resources/bashni.icns", "-rw-r--r--"},
		{"README.txt", "-rw-r--r--"},
		{"empty", "-rw-r--r--"},
	}
	if len(got) != len(want) {
		t.Fatalf("%d entries, want %d: %v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.name != w.name || g.mode != w.mode {
			t.Errorf("entry %d: %s %s, want %s %s", i, g.name, g.mode, w.name, w.mode)
		}
		if !g.time.Equal(mtime) {
			t.Errorf("%s: time %v, want %v", g.name, g.time, mtime)
		}
	}
	if got[7].data != "hello\n" || len(got[4].data) != 200_000 {
		t.Errorf("contents changed: %q, %d bytes", got[7].data, len(got[4].data))
	}
}

func TestBadNames(t *testing.T) {
	for _, files := range [][]File{
		{{Name: "/etc/passwd"}},
		{{Name: "../x"}},
		{{Name: "a//b"}},
		{{Name: ""}},
		{{Name: "a"}, {Name: "a"}},
		{{Name: "a"}, {Name: "a/b"}},
	} {
		err := WriteZip(io.Discard, files, mtime)
		if err == nil || !strings.HasPrefix(err.Error(), "archive:") {
			t.Errorf("%v: %v", files, err)
		}
		if err := WriteTarGz(io.Discard, files, mtime); err == nil {
			t.Errorf("tar %v: no error", files)
		}
	}
}
