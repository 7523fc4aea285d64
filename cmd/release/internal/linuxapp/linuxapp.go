// Package linuxapp makes what a Linux desktop needs to list a program in its
// application menu: a .desktop entry (freedesktop.org Desktop Entry
// Specification 1.4), icons in the hicolor theme's layout, and a small
// script that installs both for the current user, pointing at wherever the
// tarball was unpacked.
package linuxapp

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"strings"

	"bashni/cmd/release/internal/archive"
)

// IconSizes are the hicolor theme's usual application icon sizes.
var IconSizes = []int{16, 22, 24, 32, 48, 64, 128, 256, 512}

// App describes the program.
type App struct {
	ID          string // the .desktop file's and the icon's name: "bashni"
	Name        string // "Bashni"
	GenericName string // "Column draughts"
	Comment     string
	Executable  string // file name beside the .desktop file
	WMClass     string // the window's WM_CLASS, so docks match the window to the entry
	Categories  []string
	Keywords    []string
}

// Desktop renders the .desktop entry. Exec names the bare executable; the
// install script rewrites it to the unpacked location.
func Desktop(a App) []byte {
	var b strings.Builder
	line := func(k, v string) {
		if v != "" {
			fmt.Fprintf(&b, "%s=%s\n", k, escape(v))
		}
	}
	b.WriteString("[Desktop Entry]\n")
	line("Type", "Application")
	line("Version", "1.4") // 1.5 is newer than the validator of Debian 12 (desktop-file-utils 0.26); nothing here needs it
	line("Name", a.Name)
	line("GenericName", a.GenericName)
	line("Comment", a.Comment)
	line("Exec", a.Executable)
	line("TryExec", a.Executable)
	line("Icon", a.ID)
	line("Terminal", "false")
	line("StartupWMClass", a.WMClass)
	if len(a.Categories) > 0 {
		b.WriteString("Categories=" + strings.Join(a.Categories, ";") + ";\n")
	}
	if len(a.Keywords) > 0 {
		b.WriteString("Keywords=" + strings.Join(a.Keywords, ";") + ";\n")
	}
	return []byte(b.String())
}

// escape applies the specification's escapes for string values.
func escape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "\n", `\n`, "\t", `\t`, "\r", `\r`).Replace(s)
}

// Icons draws the icon in hicolor's layout under dir:
// dir/hicolor/<n>x<n>/apps/<id>.png.
func Icons(a App, dir string, draw func(size int) image.Image) ([]archive.File, error) {
	var files []archive.File
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	for _, s := range IconSizes {
		img := draw(s)
		if b := img.Bounds(); b.Dx() != s || b.Dy() != s {
			return nil, fmt.Errorf("linuxapp: the %d-pixel icon is %v", s, b)
		}
		var buf bytes.Buffer
		if err := enc.Encode(&buf, img); err != nil {
			return nil, fmt.Errorf("linuxapp: icon %d: %w", s, err)
		}
		files = append(files, archive.File{Name: fmt.Sprintf("%s/hicolor/%dx%d/apps/%s.png", dir, s, s, a.ID), Data: buf.Bytes()})
	}
	return files, nil
}

// InstallScript is a POSIX shell script, kept beside the executable, the
// .desktop file and the icons directory it is given, that copies the icons
// into the user's hicolor theme and writes the .desktop entry with Exec set
// to the executable's absolute path (quoted and escaped as the specification
// wants). With --uninstall it removes everything it added: the entry, the
// icons, and the folders and cache files (icon-theme.cache,
// mimeinfo.cache) that were not there before it ran, which it lists in
// comment lines at the end of the entry (MadeMark); caches that were there
// before are brought up to date instead.
func InstallScript(a App, iconDir string) []byte {
	r := strings.NewReplacer("@ID@", a.ID, "@NAME@", a.Name, "@EXE@", a.Executable, "@ICONS@", iconDir, "@MARK@", MadeMark)
	return []byte(r.Replace(installScript))
}

// MadeMark begins the installed entry's comment lines that name what the
// install script made (a folder or a cache file, one a line), for
// --uninstall.
const MadeMark = "# install-desktop-entry.sh made: "

const installScript = `#!/bin/sh
# Adds @NAME@ to your desktop's application menu, for you alone: copies the
# icons and a .desktop entry that starts @NAME@ from this folder. Run it
# again after moving the folder; "--uninstall" takes away all it added: the
# entry, the icons, and the folders and caches it made.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
entry="$data/applications/@ID@.desktop"
icons="$data/icons/hicolor"
mark='@MARK@'
nl='
'

# made: the folders and cache files that were not there before this script
# ran, one a line; the installed entry keeps them in comment lines.
made=
if [ -f "$entry" ]; then
	while IFS= read -r line || [ -n "$line" ]; do
		case $line in
		"$mark"*) made="$made${line#"$mark"}$nl" ;;
		esac
	done <"$entry"
fi

# mkdirs makes a folder and the missing ones above it, noting each.
mkdirs() {
	d=$1 missing=
	while [ ! -d "$d" ]; do
		missing="$d$nl$missing"
		d=$(dirname "$d")
	done
	while [ -n "$missing" ]; do
		d=${missing%%"$nl"*}
		missing=${missing#*"$nl"}
		mkdir "$d"
		made="$made$d$nl"
	done
}

# refresh brings the menus' caches up to date where the tools exist (most
# desktops notice anyway); with "existing", only caches already there.
refresh() {
	if [ -d "$data/applications" ] && { [ "${1:-}" != existing ] || [ -e "$data/applications/mimeinfo.cache" ]; }; then
		command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$data/applications" || true
	fi
	if [ -d "$icons" ] && { [ "${1:-}" != existing ] || [ -e "$icons/icon-theme.cache" ]; }; then
		command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -f -t "$icons" 2>/dev/null || true
	fi
}

if [ "${1:-}" = "--uninstall" ]; then
	rm -f "$entry"
	for icon in "$icons"/*/apps/@ID@.png; do
		[ -e "$icon" ] && rm -f "$icon"
	done
	# What this script made, the deepest first: its caches go, its
	# folders go when nothing else is in them.
	printf '%s' "$made" | sort -ru | while IFS= read -r p; do
		if [ -d "$p" ] && [ ! -L "$p" ]; then
			rmdir "$p" 2>/dev/null || true
		elif [ -n "$p" ]; then
			rm -f "$p"
		fi
	done
	refresh existing
	echo "@NAME@ is no longer in your applications menu."
	exit 0
fi

for dir in "$here"/@ICONS@/hicolor/*/apps; do
	size=$(basename "$(dirname "$dir")")
	mkdirs "$icons/$size/apps"
	cp "$dir/@ID@.png" "$icons/$size/apps/@ID@.png"
done

# Exec's argument in double quotes: \ " $ and backquote are escaped with a
# backslash, % is doubled; then each backslash is doubled once more because a
# .desktop value is itself an escaped string.
exe=$(printf '%s/@EXE@' "$here" | sed -e 's/[\\"$` + "`" + `]/\\&/g' -e 's/%/%%/g' -e 's/\\/\\\\/g')
tryexec=$(printf '%s/@EXE@' "$here" | sed -e 's/\\/\\\\/g')
mkdirs "$data/applications"
for cache in "$data/applications/mimeinfo.cache" "$icons/icon-theme.cache"; do
	[ -e "$cache" ] || [ -L "$cache" ] || made="$made$cache$nl"
done
tmp="$entry.tmp"
{
	while IFS= read -r line || [ -n "$line" ]; do
		case $line in
		Exec=*) printf 'Exec="%s"\n' "$exe" ;;
		TryExec=*) printf 'TryExec=%s\n' "$tryexec" ;;
		*) printf '%s\n' "$line" ;;
		esac
	done <"$here/@ID@.desktop"
	printf '%s' "$made" | sort -u | while IFS= read -r p; do
		[ -n "$p" ] && printf '%s%s\n' "$mark" "$p"
	done
} >"$tmp"
mv "$tmp" "$entry"

refresh
echo "@NAME@ is in your applications menu (entry: $entry)."
`
