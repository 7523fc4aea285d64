package macapp

import (
	"bytes"
	"debug/macho"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"io"
	"strings"
	"testing"
	"time"

	"howett.net/plist"

	"bashni/cmd/release/internal/archive"
	"bashni/version"
)

func testApp() App {
	return App{
		Name:       "Bashni",
		Identifier: "org.bashni.Bashni",
		Executable: "bashni",
		Copyright:  "© the Bashni authors",
		Version:    version.Info{Version: "v1.2.0-3-ge97c113", Commit: "e97c113abcdef", Date: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), Number: "1.2.0", Since: 3},
		Binary:     []byte("binary"),
		Icon:       []byte("icns"),
		Resources:  []archive.File{{Name: "THIRD-PARTY-LICENSES.txt", Data: []byte("licences")}},
	}
}

func TestInfoPlist(t *testing.T) {
	b, err := InfoPlist(testApp())
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	format, err := plist.Unmarshal(b, &got)
	if err != nil {
		t.Fatalf("Info.plist does not parse: %v\n%s", err, b)
	}
	if format != plist.XMLFormat {
		t.Errorf("format %d, want XML", format)
	}
	want := map[string]any{
		"CFBundleDevelopmentRegion":     "en",
		"CFBundleDisplayName":           "Bashni",
		"CFBundleExecutable":            "bashni",
		"CFBundleIconFile":              "bashni.icns",
		"CFBundleIdentifier":            "org.bashni.Bashni",
		"CFBundleInfoDictionaryVersion": "6.0",
		"CFBundleName":                  "Bashni",
		"CFBundlePackageType":           "APPL",
		"CFBundleShortVersionString":    "1.2.0",
		"CFBundleVersion":               "1.2.3",
		"LSApplicationCategoryType":     "public.app-category.board-games",
		"LSMinimumSystemVersion":        "12.0",
		"NSHighResolutionCapable":       true,
		"NSHumanReadableCopyright":      "© the Bashni authors",
		"BashniVersion":                 "v1.2.0-3-ge97c113",
		"BashniCommit":                  "e97c113abcdef",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %#v, want %#v", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d keys, want %d: %v", len(got), len(want), got)
	}
	if !bytes.HasPrefix(b, []byte(`<?xml version="1.0" encoding="UTF-8"?>`)) || !bytes.Contains(b, []byte("<!DOCTYPE plist")) {
		t.Errorf("not an XML property list:\n%s", b)
	}

	// Without a tag the numbers are version/VERSION's; the full version
	// is kept.
	a := testApp()
	a.Version = version.Info{Version: "e97c113-dirty", Number: "0.9.0"}
	b, _ = InfoPlist(a)
	got = nil
	if _, err := plist.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got["CFBundleShortVersionString"] != "0.9.0" || got["CFBundleVersion"] != "0.9.0" || got["BashniVersion"] != "e97c113-dirty" || got["BashniCommit"] != nil {
		t.Errorf("untagged: %v", got)
	}
	// Without a release number there is no bundle: 0.0.0 is never written.
	a.Version = version.Info{Version: "e97c113"}
	if b, err := InfoPlist(a); err == nil {
		t.Errorf("no release number, yet an Info.plist:\n%s", b)
	}
}

func TestBundle(t *testing.T) {
	files, err := Bundle(testApp())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{ // name: executable
		"Bashni.app/Contents/Info.plist":                         false,
		"Bashni.app/Contents/PkgInfo":                            false,
		"Bashni.app/Contents/MacOS/bashni":                       true,
		"Bashni.app/Contents/Resources/bashni.icns":              false,
		"Bashni.app/Contents/Resources/THIRD-PARTY-LICENSES.txt": false,
	}
	for _, f := range files {
		exe, ok := want[f.Name]
		if !ok {
			t.Errorf("unexpected %s", f.Name)
			continue
		}
		if f.Executable != exe {
			t.Errorf("%s: executable %v", f.Name, f.Executable)
		}
		delete(want, f.Name)
	}
	for name := range want {
		t.Errorf("missing %s", name)
	}
	if _, err := Bundle(App{Name: "X"}); err == nil {
		t.Error("an empty app makes a bundle")
	}
}

func TestICNS(t *testing.T) {
	drawn := map[int]int{}
	b, err := ICNS(func(size int) image.Image {
		drawn[size]++
		img := image.NewNRGBA(image.Rect(0, 0, size, size))
		img.SetNRGBA(size/2, size/2, color.NRGBA{R: uint8(size), A: 255})
		return img
	})
	if err != nil {
		t.Fatal(err)
	}
	if string(b[:4]) != "icns" || int(binary.BigEndian.Uint32(b[4:8])) != len(b) {
		t.Fatalf("header %q %d, file %d bytes", b[:4], binary.BigEndian.Uint32(b[4:8]), len(b))
	}
	got := map[string]int{}
	for rest := b[8:]; len(rest) > 0; {
		if len(rest) < 8 {
			t.Fatalf("%d stray bytes", len(rest))
		}
		typ, n := string(rest[:4]), int(binary.BigEndian.Uint32(rest[4:8]))
		if n < 8 || n > len(rest) {
			t.Fatalf("%s: length %d of %d", typ, n, len(rest))
		}
		img, err := png.Decode(bytes.NewReader(rest[8:n]))
		if err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		size := img.Bounds().Dx()
		if img.Bounds().Dy() != size {
			t.Errorf("%s: not square: %v", typ, img.Bounds())
		}
		if r, _, _, _ := img.At(size/2, size/2).RGBA(); int(r>>8) != size&0xff {
			t.Errorf("%s holds the wrong drawing", typ)
		}
		got[typ] = size
		rest = rest[n:]
	}
	want := map[string]int{"icp4": 16, "ic11": 32, "icp5": 32, "ic12": 64, "ic07": 128, "ic13": 256, "ic08": 256, "ic14": 512, "ic09": 512, "ic10": 1024}
	if len(got) != len(want) {
		t.Errorf("types %v, want %v", got, want)
	}
	for typ, size := range want {
		if got[typ] != size {
			t.Errorf("%s is %d pixels, want %d", typ, got[typ], size)
		}
	}
	for size, n := range drawn {
		if n != 1 {
			t.Errorf("size %d drawn %d times", size, n)
		}
	}
	if _, err := ICNS(func(int) image.Image { return image.NewRGBA(image.Rect(0, 0, 3, 3)) }); err == nil {
		t.Error("a wrong-sized drawing is accepted")
	}
}

// thinMachO is the smallest valid executable header for a CPU, with a
// payload after it.
func thinMachO(cpu macho.Cpu, sub uint32, payload string) []byte {
	var b bytes.Buffer
	binary.Write(&b, binary.LittleEndian, macho.FileHeader{Magic: macho.Magic64, Cpu: cpu, SubCpu: sub, Type: macho.TypeExec})
	binary.Write(&b, binary.LittleEndian, uint32(0)) // reserved field of the 64-bit header
	b.WriteString(payload)
	return b.Bytes()
}

func TestUniversal(t *testing.T) {
	arm := thinMachO(macho.CpuArm64, 0, "arm64 code")
	amd := thinMachO(macho.CpuAmd64, 3, "x86-64 code")
	fat, err := Universal(arm, amd)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := Universal(amd, arm)
	if !bytes.Equal(fat, again) {
		t.Error("the order of the inputs changes the output")
	}
	ff, err := macho.NewFatFile(bytes.NewReader(fat))
	if err != nil {
		t.Fatalf("debug/macho cannot read it: %v", err)
	}
	if len(ff.Arches) != 2 {
		t.Fatalf("%d architectures", len(ff.Arches))
	}
	for _, a := range ff.Arches {
		want := map[macho.Cpu][]byte{macho.CpuArm64: arm, macho.CpuAmd64: amd}[a.Cpu]
		if a.Offset%(1<<14) != 0 || a.Align != 14 {
			t.Errorf("%v at %d, alignment 2^%d", a.Cpu, a.Offset, a.Align)
		}
		got, _ := io.ReadAll(io.NewSectionReader(bytes.NewReader(fat), int64(a.Offset), int64(a.Size)))
		if !bytes.Equal(got, want) {
			t.Errorf("%v slice changed", a.Cpu)
		}
	}
	if ff.Arches[0].Cpu != macho.CpuAmd64 || ff.Arches[0].SubCpu != 3 {
		t.Errorf("first %v/%d", ff.Arches[0].Cpu, ff.Arches[0].SubCpu)
	}
	for _, bad := range [][][]byte{{}, {arm, arm}, {[]byte("not a binary")}, {fat}} {
		if _, err := Universal(bad...); err == nil || !strings.HasPrefix(err.Error(), "macapp:") {
			t.Errorf("%d inputs: %v", len(bad), err)
		}
	}
}
