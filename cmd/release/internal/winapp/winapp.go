// Package winapp gives a Windows executable its icon, its version
// information (Explorer's Properties → Details) and an application manifest,
// as a COFF resource object (.syso) that the Go linker links in when it is in
// the main package's directory. It uses github.com/tc-hib/winres, which is
// pure Go, so resources are made on any system.
package winapp

import (
	"bytes"
	"debug/pe"
	"encoding/json"
	"errors"
	"fmt"
	"image"

	"github.com/tc-hib/winres"
	winversion "github.com/tc-hib/winres/version"

	"bashni/version"
)

// IconSizes are the sizes Windows picks from for the taskbar, Explorer's
// views and the title bar at display scales from 100 % to 400 %.
var IconSizes = []int{16, 20, 24, 32, 40, 48, 64, 96, 128, 256}

// Exe describes an executable's resources.
type Exe struct {
	ProductName string // "Bashni"
	Description string // Explorer's "File description", shown in Task Manager
	FileName    string // "bashni.exe"
	Copyright   string
	Version     version.Info
	Icon        *winres.Icon // from Icon
}

// Icon draws the icon at every size in IconSizes (each image size×size).
func Icon(draw func(size int) image.Image) (*winres.Icon, error) {
	var imgs []image.Image
	for _, s := range IconSizes {
		img := draw(s)
		if b := img.Bounds(); b.Dx() != s || b.Dy() != s {
			return nil, fmt.Errorf("winapp: the %d-pixel icon is %v", s, b)
		}
		imgs = append(imgs, img)
	}
	icon, err := winres.NewIconFromImages(imgs)
	if err != nil {
		return nil, fmt.Errorf("winapp: icon: %w", err)
	}
	return icon, nil
}

// ICO is the icon as a .ico file.
func ICO(icon *winres.Icon) ([]byte, error) {
	var b bytes.Buffer
	if err := icon.SaveICO(&b); err != nil {
		return nil, fmt.Errorf("winapp: .ico: %w", err)
	}
	return b.Bytes(), nil
}

// iconID is the icon group's resource ID: the only group, so Explorer shows
// it as the program's icon.
var iconID = winres.ID(1)

func resources(e Exe) (*winres.ResourceSet, error) {
	rs := &winres.ResourceSet{}
	if e.Icon != nil {
		if err := rs.SetIcon(iconID, e.Icon); err != nil {
			return nil, fmt.Errorf("winapp: icon: %w", err)
		}
	}
	n, ok := e.Version.Numeric()
	if !ok {
		return nil, fmt.Errorf("winapp: no release number in %+v", e.Version)
	}
	numeric := fmt.Sprintf("%d.%d.%d.%d", n[0], n[1], n[2], n[3])
	var vi winversion.Info
	for key, value := range map[string]string{
		winversion.ProductName:      e.ProductName,
		winversion.FileDescription:  e.Description,
		winversion.OriginalFilename: e.FileName,
		winversion.InternalName:     e.FileName,
		winversion.LegalCopyright:   e.Copyright,
		winversion.Comments:         "commit " + e.Version.Commit,
	} {
		if err := vi.Set(winversion.LangDefault, key, value); err != nil {
			return nil, fmt.Errorf("winapp: version %s: %w", key, err)
		}
	}
	vi.SetFileVersion(numeric)
	vi.SetProductVersion(numeric)
	// The product version as people read it: the release number, with the
	// git description when it says more ("0.9.0 (v0.9.0-3-ge97c113)").
	if err := vi.Set(winversion.LangDefault, winversion.ProductVersion, e.Version.Full()); err != nil {
		return nil, err
	}
	rs.SetVersionInfo(vi)
	rs.SetManifest(winres.AppManifest{
		Description:    e.Description,
		Compatibility:  winres.Win10AndAbove, // Go 1.26's minimum
		ExecutionLevel: winres.AsInvoker,
		// What Ebitengine asks for at run time (SetProcessDpiAwarenessContext);
		// saying it in the manifest too keeps Windows from scaling the window
		// before the call.
		DPIAwareness:  winres.DPIPerMonitorV2,
		LongPathAware: true,
	})
	return rs, nil
}

// Syso is the resource object for one architecture ("amd64", "arm64"); put
// it in the main package's directory as <name>_windows_<arch>.syso before
// building.
func Syso(e Exe, arch string) ([]byte, error) {
	rs, err := resources(e)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := rs.WriteObject(&b, winres.Arch(arch)); err != nil {
		return nil, fmt.Errorf("winapp: resource object for %s: %w", arch, err)
	}
	return b.Bytes(), nil
}

// Facts is what Check reads from an executable.
type Facts struct {
	Machine        uint16 // pe.IMAGE_FILE_MACHINE_*
	GUI            bool   // subsystem WINDOWS_GUI: no console window
	IconSizes      []int  // the sizes in the icon group
	ProductVersion string // the version resource's ProductVersion string
	FileVersion    string
}

// Inspect reads an executable's machine, subsystem, icon and version.
func Inspect(exe []byte) (Facts, error) {
	var f Facts
	pf, err := pe.NewFile(bytes.NewReader(exe))
	if err != nil {
		return f, fmt.Errorf("winapp: not a PE file: %w", err)
	}
	defer pf.Close()
	f.Machine = pf.Machine
	switch oh := pf.OptionalHeader.(type) {
	case *pe.OptionalHeader64:
		f.GUI = oh.Subsystem == pe.IMAGE_SUBSYSTEM_WINDOWS_GUI
	case *pe.OptionalHeader32:
		f.GUI = oh.Subsystem == pe.IMAGE_SUBSYSTEM_WINDOWS_GUI
	}
	rs, err := winres.LoadFromEXE(bytes.NewReader(exe))
	if errors.Is(err, winres.ErrNoResources) {
		return f, nil // a program without resources (no icon, no version)
	}
	if err != nil {
		return f, fmt.Errorf("winapp: reading resources: %w", err)
	}
	if icon, err := rs.GetIcon(iconID); err == nil {
		// The group's sizes, read back through a .ico (winres keeps them
		// private).
		var ico bytes.Buffer
		if err := icon.SaveICO(&ico); err == nil {
			f.IconSizes = icoSizes(ico.Bytes())
		}
	}
	var data []byte
	rs.WalkType(winres.RT_VERSION, func(_ winres.Identifier, _ uint16, d []byte) bool {
		data = d
		return false
	})
	if data != nil {
		vi, err := winversion.FromBytes(data)
		if err != nil {
			return f, fmt.Errorf("winapp: version resource: %w", err)
		}
		js, _ := json.Marshal(vi)
		var parsed struct {
			Info map[string]map[string]string `json:"info"`
		}
		if err := json.Unmarshal(js, &parsed); err == nil {
			for _, strs := range parsed.Info {
				f.ProductVersion, f.FileVersion = strs[winversion.ProductVersion], strs[winversion.FileVersion]
			}
		}
	}
	return f, nil
}

// icoSizes lists the image sizes in a .ico directory (a width or height
// byte of 0 means 256).
func icoSizes(ico []byte) []int {
	if len(ico) < 6 {
		return nil
	}
	n := int(ico[4]) | int(ico[5])<<8
	var sizes []int
	for i := range n {
		off := 6 + 16*i
		if off+16 > len(ico) {
			return sizes
		}
		w := int(ico[off])
		if w == 0 {
			w = 256
		}
		sizes = append(sizes, w)
	}
	return sizes
}
