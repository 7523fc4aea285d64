package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"sort"
	"strings"

	"bashni/cmd/release/internal/archive"
	"bashni/cmd/release/internal/linuxapp"
	"bashni/cmd/release/internal/macapp"
	"bashni/internal/appicon"
	"bashni/internal/appid"
	"bashni/internal/targets"
	"bashni/licenses"
	"bashni/licenses/deps"
	"bashni/version"
)

// What the downloads call the game.
const (
	productName = "Bashni"
	// bundleID names the macOS app; a studio signing the app with its own
	// Apple Developer ID may want its own reverse-DNS name here.
	bundleID = "org.bashni.Bashni"
	// engineSigningID names the engine in its ad-hoc signature on Apple
	// silicon: its file name, as codesign names a bare executable.
	engineSigningID = "bashni-engine"
	copyright       = "Bashni and Lasca. Licences of the software it is built with: THIRD-PARTY-LICENSES.txt"
)

// linuxDesktop is the game's .desktop entry.
var linuxDesktop = linuxapp.App{
	ID:          "bashni",
	Name:        productName,
	GenericName: "Column draughts",
	Comment:     "Bashni (Russian column draughts) and Lasca, against the computer or a friend",
	Executable:  "bashni",
	WMClass:     appid.X11Class, // the game's window sets it (main.go)
	Categories:  []string{"Game", "BoardGame"},
	Keywords:    []string{"draughts", "checkers", "bashni", "lasca", "columns", "towers"},
}

// artifact is one file of a release.
type artifact struct {
	name string
	data []byte
}

// licenceFile is THIRD-PARTY-LICENSES.txt for an executable: the licences of
// exactly the modules linked into it.
func licenceFile(name string, exe []byte, withOwn bool) ([]byte, error) {
	mods, err := modules(exe, withOwn)
	if err != nil {
		return nil, fmt.Errorf("reading the modules of %s: %w", name, err)
	}
	return []byte(licenses.Document(name, licenses.ForModules(mods))), nil
}

const licenceName = "THIRD-PARTY-LICENSES.txt"

// readme is the short note that goes into each game download.
func readme(info version.Info, how string) []byte {
	return []byte(fmt.Sprintf("%s %s\n\nBashni (Russian column draughts) and Lasca, against the computer or a friend.\n\n%s\nThe licences of the software the game is built with are in %s.\n",
		productName, info.Version, strings.TrimLeft(how, "\n"), licenceName))
}

const windowsHow = `
Start: double-click bashni.exe. The game is not signed, so Windows SmartScreen
may say "Windows protected your PC": click "More info", then "Run anyway".
Settings and saved games are kept in %AppData%\bashni.
`

const linuxHow = `
Start: ./bashni (it needs a desktop with OpenGL, which every Linux desktop has).
To list it in your applications menu: ./install-desktop-entry.sh
(./install-desktop-entry.sh --uninstall takes it away again).
Settings and saved games are kept in ~/.config/bashni.
`

const engineHow = `
bashni-engine speaks the Bashni engine protocol on standard input and output,
for match runners, analysis tools and GUIs; PROTOCOL.txt describes it.
"bashni-engine -version" prints its version.
`

// protocolFile is the engine protocol's description in the checkout (a copy
// of the project's shared/PROTOCOL.md), shipped with the engine as
// protocolName.
const (
	protocolFile = "docs/PROTOCOL.md"
	protocolName = "PROTOCOL.txt"
)

// packWindows zips the game (bashni.exe) and the engine for one Windows
// target, each in one folder of the zip's name, like the Linux tarballs:
// unzipped anywhere (Explorer's "Extract all", unzip, 7-Zip) it makes that
// one folder.
func (r *release) packWindows(b binaries) ([]artifact, error) {
	suffix := fmt.Sprintf("%s-windows-%s", r.info.Version, b.target.Arch)
	gameDir, engineDir := "bashni-"+suffix, "bashni-engine-"+suffix
	gameLic, err := licenceFile(productName, b.game, true)
	if err != nil {
		return nil, err
	}
	engineLic, err := licenceFile("bashni-engine", b.engine, false)
	if err != nil {
		return nil, err
	}
	game, err := r.zip([]archive.File{
		{Name: gameDir + "/bashni.exe", Data: b.game, Executable: true},
		{Name: gameDir + "/README.txt", Data: crlf(readme(r.info, windowsHow))},
		{Name: gameDir + "/" + licenceName, Data: crlf(gameLic)},
	})
	if err != nil {
		return nil, err
	}
	engine, err := r.zip([]archive.File{
		{Name: engineDir + "/bashni-engine.exe", Data: b.engine, Executable: true},
		{Name: engineDir + "/README.txt", Data: crlf(engineReadme(r.info))},
		{Name: engineDir + "/" + protocolName, Data: crlf(r.protocol)},
		{Name: engineDir + "/" + licenceName, Data: crlf(engineLic)},
	})
	if err != nil {
		return nil, err
	}
	return []artifact{{gameDir + ".zip", game}, {engineDir + ".zip", engine}}, nil
}

// crlf gives text files Windows line endings, for Notepad's sake.
func crlf(b []byte) []byte {
	return bytes.ReplaceAll(bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n"))
}

func engineReadme(info version.Info) []byte {
	return []byte(fmt.Sprintf("bashni-engine %s\n%s\nThe licences of the software it is built with are in %s.\n", info.Version, engineHow, licenceName))
}

// packMac makes Bashni.app with one universal binary (Intel and Apple
// silicon) and zips it; the engine too is one universal binary. The arm64
// halves carry the Go linker's ad-hoc signature, which Apple silicon
// requires; it is made again to name the code as codesign would (the
// linker calls everything "a.out"): the game by the bundle identifier, the
// engine by its file name.
func (r *release) packMac(amd, arm binaries) ([]artifact, error) {
	armGame, err := macapp.Sign(arm.game, bundleID)
	if err != nil {
		return nil, fmt.Errorf("signing bashni for darwin/arm64: %w", err)
	}
	armEngine, err := macapp.Sign(arm.engine, engineSigningID)
	if err != nil {
		return nil, fmt.Errorf("signing bashni-engine for darwin/arm64: %w", err)
	}
	game, err := macapp.Universal(amd.game, armGame)
	if err != nil {
		return nil, err
	}
	engine, err := macapp.Universal(amd.engine, armEngine)
	if err != nil {
		return nil, err
	}
	icns, err := macapp.ICNS(func(s int) image.Image { return appicon.MacOS(s) })
	if err != nil {
		return nil, err
	}
	gameLic, err := licenceFile(productName, arm.game, true)
	if err != nil {
		return nil, err
	}
	engineLic, err := licenceFile("bashni-engine", arm.engine, false)
	if err != nil {
		return nil, err
	}
	files, err := macapp.Bundle(macapp.App{
		Name:       productName,
		Identifier: bundleID,
		Executable: "bashni",
		Copyright:  copyright,
		Version:    r.info,
		Binary:     game,
		Icon:       icns,
		Resources:  []archive.File{{Name: licenceName, Data: gameLic}},
	})
	if err != nil {
		return nil, err
	}
	gameZip, err := r.zip(files)
	if err != nil {
		return nil, err
	}
	suffix := r.info.Version + "-macos-universal"
	engineDir := "bashni-engine-" + suffix
	engineZip, err := r.zip([]archive.File{
		{Name: engineDir + "/bashni-engine", Data: engine, Executable: true},
		{Name: engineDir + "/README.txt", Data: engineReadme(r.info)},
		{Name: engineDir + "/" + protocolName, Data: r.protocol},
		{Name: engineDir + "/" + licenceName, Data: engineLic},
	})
	if err != nil {
		return nil, err
	}
	return []artifact{{"bashni-" + suffix + ".zip", gameZip}, {engineDir + ".zip", engineZip}}, nil
}

// packLinux makes the game's tarball (the binary, its .desktop entry, the
// icons and the script that installs both) and the engine's, each unpacking
// into one folder of its own name.
func (r *release) packLinux(b binaries) ([]artifact, error) {
	gameDir := fmt.Sprintf("bashni-%s-linux-%s", r.info.Version, b.target.Arch)
	engineDir := fmt.Sprintf("bashni-engine-%s-linux-%s", r.info.Version, b.target.Arch)
	gameLic, err := licenceFile(productName, b.game, true)
	if err != nil {
		return nil, err
	}
	engineLic, err := licenceFile("bashni-engine", b.engine, false)
	if err != nil {
		return nil, err
	}
	icons, err := linuxapp.Icons(linuxDesktop, gameDir+"/icons", func(s int) image.Image { return appicon.Icon(s, false) })
	if err != nil {
		return nil, err
	}
	files := append(icons,
		archive.File{Name: gameDir + "/bashni", Data: b.game, Executable: true},
		archive.File{Name: gameDir + "/bashni.desktop", Data: linuxapp.Desktop(linuxDesktop)},
		archive.File{Name: gameDir + "/install-desktop-entry.sh", Data: linuxapp.InstallScript(linuxDesktop, "icons"), Executable: true},
		archive.File{Name: gameDir + "/README.txt", Data: readme(r.info, linuxHow)},
		archive.File{Name: gameDir + "/" + licenceName, Data: gameLic},
	)
	game, err := r.tarGz(files)
	if err != nil {
		return nil, err
	}
	engine, err := r.tarGz([]archive.File{
		{Name: engineDir + "/bashni-engine", Data: b.engine, Executable: true},
		{Name: engineDir + "/README.txt", Data: engineReadme(r.info)},
		{Name: engineDir + "/" + protocolName, Data: r.protocol},
		{Name: engineDir + "/" + licenceName, Data: engineLic},
	})
	if err != nil {
		return nil, err
	}
	return []artifact{{gameDir + ".tar.gz", game}, {engineDir + ".tar.gz", engine}}, nil
}

// packWeb zips the static site as wasm/site writes it (with its .br and
// .gz copies), in one folder to upload.
func (r *release) packWeb(site []archive.File, licence []byte) (artifact, error) {
	dir := "bashni-" + r.info.Version + "-web"
	var files []archive.File
	for _, f := range site {
		files = append(files, archive.File{Name: dir + "/" + f.Name, Data: f.Data})
	}
	files = append(files, archive.File{Name: dir + "/" + licenceName, Data: licence})
	data, err := r.zip(files)
	return artifact{dir + ".zip", data}, err
}

// serverUnitFile is the systemd unit example in the checkout, shipped in
// the server download as serverUnitName.
const (
	serverUnitFile = "docs/bashni-server.service"
	serverUnitName = "bashni-server.service"
)

const serverHow = `
bashni-server serves the browser game (the web/ folder beside it) and online
games, with no Go toolchain: run ./bashni-server (http://127.0.0.1:8080) or
./bashni-server -addr :8080 to serve every interface. Games are kept in
bashni-games.db in the working folder (-db chooses the file, or a
postgres:// database for several nodes); ./bashni-server -h lists the flags.
To run it as a service, see bashni-server.service (a systemd unit: unpack
this folder into /opt/bashni-server, copy the unit to /etc/systemd/system).
`

// serverLicences is THIRD-PARTY-LICENSES.txt of the server download: the
// licences of what bashni-server links (on every server platform) and of
// the game it serves.
func serverLicences(ctx context.Context, stage string) ([]byte, error) {
	notices, err := deps.For(ctx, stage, serverPkg, serverTargets)
	if err != nil {
		return nil, fmt.Errorf("the server's licences: %w", err)
	}
	return []byte(licenses.Document("bashni-server, and the game it serves,", deps.Merge(notices, licenses.All()))), nil
}

// packServer makes the server download for t: bashni-server with the web
// site beside it in web/ (found there without a flag), the systemd unit
// example, a README and the licences, in one folder.
func (r *release) packServer(t targets.Target, server []byte, site []archive.File, licence []byte) (artifact, error) {
	dir := fmt.Sprintf("bashni-server-%s-%s-%s", r.info.Version, t.OS, t.Arch)
	files := []archive.File{
		{Name: dir + "/bashni-server", Data: server, Executable: true},
		{Name: dir + "/" + serverUnitName, Data: r.serverUnit},
		{Name: dir + "/README.txt", Data: []byte(fmt.Sprintf("bashni-server %s\n%s\nThe licences of the software it is built with are in %s.\n", r.info.Version, serverHow, licenceName))},
		{Name: dir + "/" + licenceName, Data: licence},
	}
	for _, f := range site {
		files = append(files, archive.File{Name: dir + "/web/" + f.Name, Data: f.Data})
	}
	data, err := r.tarGz(files)
	return artifact{dir + ".tar.gz", data}, err
}

func (r *release) zip(files []archive.File) ([]byte, error) {
	var b bytes.Buffer
	err := archive.WriteZip(&b, files, r.info.Date)
	return b.Bytes(), err
}

func (r *release) tarGz(files []archive.File) ([]byte, error) {
	var b bytes.Buffer
	err := archive.WriteTarGz(&b, files, r.info.Date)
	return b.Bytes(), err
}

// sums is SHA256SUMS: one "<hex>  <name>" line per artifact, by name, as
// sha256sum writes it (check with sha256sum -c SHA256SUMS).
func sums(arts []artifact) []byte {
	sorted := append([]artifact(nil), arts...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].name < sorted[j].name })
	var b strings.Builder
	for _, a := range sorted {
		fmt.Fprintf(&b, "%s  %s\n", sha256Hex(a.data), a.name)
	}
	return []byte(b.String())
}
