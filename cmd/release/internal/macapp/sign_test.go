package macapp

import (
	"bytes"
	"debug/macho"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var tiny struct {
	once sync.Once
	exe  []byte
	err  error
}

// tinyArm64 is a small program built by the Go linker for Apple silicon,
// as the release builds the game (no cgo, -trimpath, stripped): the
// linker signs it ad hoc as "a.out".
func tinyArm64(t *testing.T) []byte {
	t.Helper()
	tiny.once.Do(func() {
		dir, err := os.MkdirTemp("", "macapp-sign-")
		if err != nil {
			tiny.err = err
			return
		}
		defer os.RemoveAll(dir)
		os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module tiny\n\ngo 1.26\n"), 0o644)
		os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nfunc main() { println(\"tiny\") }\n"), 0o644)
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", "tiny", ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOOS=darwin", "GOARCH=arm64", "CGO_ENABLED=0", "GOFLAGS=")
		if out, err := cmd.CombinedOutput(); err != nil {
			tiny.err = &buildError{err, out}
			return
		}
		tiny.exe, tiny.err = os.ReadFile(filepath.Join(dir, "tiny"))
	})
	if tiny.err != nil {
		t.Fatal(tiny.err)
	}
	return tiny.exe
}

type buildError struct {
	err error
	out []byte
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + string(e.out) }

// The reader agrees with the Go linker: the linker's own signature reads
// back as "a.out" with every page's hash right; a changed byte is caught.
func TestReadSignatureOfTheLinker(t *testing.T) {
	exe := tinyArm64(t)
	sig, err := ReadSignature(exe)
	if err != nil {
		t.Fatal(err)
	}
	if sig.Identifier != "a.out" || sig.Flags != csAdhoc|csLinkerSigned || sig.Pages < len(exe)/2/sigPageSize {
		t.Errorf("the linker's signature: %+v", sig)
	}
	bad := bytes.Clone(exe)
	bad[5000] ^= 1
	if _, err := ReadSignature(bad); err == nil || !strings.Contains(err.Error(), "page 1 ") {
		t.Errorf("a changed byte in page 1: %v", err)
	}
}

func TestSign(t *testing.T) {
	exe := tinyArm64(t)
	for _, id := range []string{"org.bashni.Bashni", "a", "org.example.a-much-longer-bundle-identifier-than-the-linker-wrote.by-far"} {
		signed, err := Sign(exe, id)
		if err != nil {
			t.Fatal(err)
		}
		sig, err := ReadSignature(signed)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if sig.Identifier != id || sig.Flags != csAdhoc|csLinkerSigned || sig.Pages == 0 {
			t.Errorf("signed as %q: %+v", id, sig)
		}
		// Still the same program: everything but the header's sizes and
		// the signature is unchanged, and the file parses.
		f, err := macho.NewFile(bytes.NewReader(signed))
		if err != nil {
			t.Fatalf("%s: the signed file does not parse: %v", id, err)
		}
		orig, _ := macho.NewFile(bytes.NewReader(exe))
		if f.Cpu != macho.CpuArm64 || f.Type != macho.TypeExec || len(f.Loads) != len(orig.Loads) {
			t.Errorf("%s: %v %v, %d load commands", id, f.Cpu, f.Type, len(f.Loads))
		}
		for _, name := range []string{"__TEXT", "__DATA"} {
			a, b := f.Segment(name), orig.Segment(name)
			if a == nil || b == nil || a.SegmentHeader != b.SegmentHeader {
				t.Errorf("%s: segment %s changed", id, name)
			}
		}
		if le := f.Segment("__LINKEDIT"); le.Offset+le.Filesz != uint64(len(signed)) || le.Memsz < le.Filesz {
			t.Errorf("%s: __LINKEDIT %+v, file %d bytes", id, le.SegmentHeader, len(signed))
		}
		// Signing again with the same name gives the same bytes (the
		// release is reproducible), and signing the linker's name back
		// gives the linker's file.
		again, _ := Sign(signed, id)
		if !bytes.Equal(again, signed) {
			t.Errorf("%s: signing twice differs", id)
		}
	}
	back, err := Sign(exe, "a.out")
	if err != nil || !bytes.Equal(back, exe) {
		t.Errorf("signing as a.out does not give the linker's own file back (%v)", err)
	}
	for _, bad := range []string{"", "a\x00b", strings.Repeat("x", 2000)} {
		if _, err := Sign(exe, bad); err == nil {
			t.Errorf("identifier %q accepted", bad)
		}
	}
	if _, err := Sign([]byte("not a Mach-O file"), "x"); err == nil {
		t.Error("a file that is not Mach-O is signed")
	}
}
