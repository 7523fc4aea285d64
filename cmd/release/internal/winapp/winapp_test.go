package winapp

import (
	"bytes"
	"debug/pe"
	"encoding/binary"
	"image"
	"image/color"
	"slices"
	"testing"

	"github.com/tc-hib/winres"

	"bashni/version"
)

func square(size int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	img.SetNRGBA(size/2, size/2, color.NRGBA{R: 200, A: 255})
	return img
}

func TestICO(t *testing.T) {
	icon, err := Icon(square)
	if err != nil {
		t.Fatal(err)
	}
	ico, err := ICO(icon)
	if err != nil {
		t.Fatal(err)
	}
	// ICONDIR: reserved 0, type 1 (icon), count.
	if binary.LittleEndian.Uint16(ico[0:]) != 0 || binary.LittleEndian.Uint16(ico[2:]) != 1 {
		t.Fatalf("not an icon file: % x", ico[:6])
	}
	if got := icoSizes(ico); !slices.Equal(sortedCopy(got), IconSizes) {
		t.Errorf("sizes %v, want %v", got, IconSizes)
	}
	// Windows' own reader (winres mirrors it) reads every image back.
	back, err := winres.LoadICO(bytes.NewReader(ico))
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := back.SaveICO(&again); err != nil || !bytes.Equal(again.Bytes(), ico) {
		t.Errorf("the .ico does not read back the same: %v", err)
	}
	if _, err := Icon(func(int) image.Image { return square(8) }); err == nil {
		t.Error("a wrong-sized drawing is accepted")
	}
}

func sortedCopy(s []int) []int {
	c := slices.Clone(s)
	slices.Sort(c)
	return c
}

func TestSyso(t *testing.T) {
	icon, err := Icon(square)
	if err != nil {
		t.Fatal(err)
	}
	e := Exe{ProductName: "Bashni", Description: "Bashni, column draughts", FileName: "bashni.exe", Copyright: "the authors",
		Version: version.Info{Version: "v1.2.0-3-ge97c113", Commit: "e97c113abc", Number: "1.2.0", Since: 3}, Icon: icon}
	for _, tc := range []struct {
		arch    string
		machine uint16
	}{{"amd64", pe.IMAGE_FILE_MACHINE_AMD64}, {"arm64", pe.IMAGE_FILE_MACHINE_ARM64}} {
		obj, err := Syso(e, tc.arch)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := Syso(e, tc.arch)
		if !bytes.Equal(obj, again) {
			t.Errorf("%s: two resource objects differ", tc.arch)
		}
		f, err := pe.NewFile(bytes.NewReader(obj))
		if err != nil {
			t.Fatalf("%s: not a COFF object: %v", tc.arch, err)
		}
		if f.Machine != tc.machine || f.TimeDateStamp != 0 {
			t.Errorf("%s: machine %#x, time %d", tc.arch, f.Machine, f.TimeDateStamp)
		}
		if s := f.Section(".rsrc"); s == nil || s.Size < 2_000 {
			t.Errorf("%s: no .rsrc section with the icon: %+v", tc.arch, s)
		}
		f.Close()
	}
	// What the object holds: read it the way Windows will (the linker puts
	// the section in the executable unchanged), through winres's own reader
	// of the resource tree in memory.
	rs, err := resources(e)
	if err != nil {
		t.Fatal(err)
	}
	var types []winres.Identifier
	rs.Walk(func(typ, _ winres.Identifier, _ uint16, _ []byte) bool {
		if !slices.Contains(types, typ) {
			types = append(types, typ)
		}
		return true
	})
	for _, want := range []winres.Identifier{winres.RT_GROUP_ICON, winres.RT_ICON, winres.RT_VERSION, winres.RT_MANIFEST} {
		if !slices.Contains(types, want) {
			t.Errorf("no resource of type %v in %v", want, types)
		}
	}
	manifest := rs.Get(winres.RT_MANIFEST, winres.ID(1), winres.LCIDDefault)
	for _, s := range []string{"permonitorv2", `level="asInvoker"`, "8e0f7a12-bfb3-4fe8-b9a5-48fd50a15a9a"} {
		if !bytes.Contains(manifest, []byte(s)) {
			t.Errorf("the manifest lacks %s:\n%s", s, manifest)
		}
	}
	noNumber := e
	noNumber.Version.Number = ""
	if _, err := Syso(noNumber, "amd64"); err == nil {
		t.Error("no release number, yet a version resource (it would say 0.0.0.0)")
	}
	if _, err := Syso(e, "mips"); err == nil {
		t.Error("an unknown architecture is accepted")
	}
}
