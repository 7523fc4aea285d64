// Package macapp makes a macOS application bundle: Bashni.app with its
// Info.plist, its icon (.icns) and one universal binary that runs on Apple
// silicon and Intel Macs. Everything is written in Go, so the bundle is made
// on any system; it is not signed (see docs/INSTALL.md for codesign and
// notarytool on a Mac).
package macapp

import (
	"fmt"
	"path"

	"howett.net/plist"

	"bashni/cmd/release/internal/archive"
	"bashni/version"
)

// MinimumSystemVersion is the oldest macOS the Go toolchain supports
// (Go 1.25 and later: macOS 12 Monterey).
const MinimumSystemVersion = "12.0"

// App describes a bundle.
type App struct {
	Name       string // shown in the Finder and the menu bar, and the bundle's name: Name.app
	Identifier string // reverse-DNS bundle identifier, e.g. org.bashni.Bashni
	Executable string // file name in Contents/MacOS
	Copyright  string
	Version    version.Info
	Binary     []byte         // the executable, usually Universal(...)
	Icon       []byte         // the .icns, from ICNS
	Resources  []archive.File // more files for Contents/Resources (names relative to it)
}

// infoPlist is the bundle's Info.plist: what the Finder, the Dock and
// Gatekeeper read.
type infoPlist struct {
	DevelopmentRegion     string `plist:"CFBundleDevelopmentRegion"`
	DisplayName           string `plist:"CFBundleDisplayName"`
	Executable            string `plist:"CFBundleExecutable"`
	IconFile              string `plist:"CFBundleIconFile"`
	Identifier            string `plist:"CFBundleIdentifier"`
	InfoDictionaryVersion string `plist:"CFBundleInfoDictionaryVersion"`
	Name                  string `plist:"CFBundleName"`
	PackageType           string `plist:"CFBundlePackageType"`
	ShortVersion          string `plist:"CFBundleShortVersionString"`
	BundleVersion         string `plist:"CFBundleVersion"`
	Category              string `plist:"LSApplicationCategoryType"`
	MinimumSystemVersion  string `plist:"LSMinimumSystemVersion"`
	HighResolutionCapable bool   `plist:"NSHighResolutionCapable"`
	Copyright             string `plist:"NSHumanReadableCopyright"`
	// The full version (git describe) and commit, which the numeric
	// CFBundle versions cannot hold.
	GitVersion string `plist:"BashniVersion"`
	GitCommit  string `plist:"BashniCommit,omitempty"`
}

// IconFile is the icon's name in Contents/Resources.
func (a App) iconFile() string { return a.Executable + ".icns" }

// InfoPlist renders the bundle's Info.plist (XML).
func InfoPlist(a App) ([]byte, error) {
	n, ok := a.Version.Numeric()
	if !ok {
		return nil, fmt.Errorf("macapp: no release number in %+v", a.Version)
	}
	short := fmt.Sprintf("%d.%d.%d", n[0], n[1], n[2])
	build := short
	if n[3] > 0 {
		// CFBundleVersion takes up to three numbers: count the commits
		// since the release number was set in the third, so later builds
		// sort later (up to 999 of them).
		build = fmt.Sprintf("%d.%d.%d", n[0], n[1], int(n[2])*1000+min(int(n[3]), 999))
	}
	p := infoPlist{
		DevelopmentRegion:     "en",
		DisplayName:           a.Name,
		Executable:            a.Executable,
		IconFile:              a.iconFile(),
		Identifier:            a.Identifier,
		InfoDictionaryVersion: "6.0",
		Name:                  a.Name,
		PackageType:           "APPL",
		ShortVersion:          short,
		BundleVersion:         build,
		Category:              "public.app-category.board-games",
		MinimumSystemVersion:  MinimumSystemVersion,
		HighResolutionCapable: true,
		Copyright:             a.Copyright,
		GitVersion:            a.Version.Version,
		GitCommit:             a.Version.Commit,
	}
	b, err := plist.MarshalIndent(p, plist.XMLFormat, "\t")
	if err != nil {
		return nil, fmt.Errorf("macapp: Info.plist: %w", err)
	}
	return append(b, '\n'), nil
}

// Bundle lays out Name.app as archive files.
func Bundle(a App) ([]archive.File, error) {
	if a.Name == "" || a.Executable == "" || a.Identifier == "" || len(a.Binary) == 0 || len(a.Icon) == 0 {
		return nil, fmt.Errorf("macapp: the bundle needs a name, an identifier, an executable and an icon")
	}
	info, err := InfoPlist(a)
	if err != nil {
		return nil, err
	}
	root := a.Name + ".app/Contents"
	files := []archive.File{
		{Name: root + "/Info.plist", Data: info},
		{Name: root + "/PkgInfo", Data: []byte("APPL????")},
		{Name: root + "/MacOS/" + a.Executable, Data: a.Binary, Executable: true},
		{Name: root + "/Resources/" + a.iconFile(), Data: a.Icon},
	}
	for _, r := range a.Resources {
		r.Name = path.Join(root, "Resources", r.Name)
		files = append(files, r)
	}
	return files, nil
}
