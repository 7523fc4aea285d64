package main

import (
	"bytes"
	"context"
	"debug/buildinfo"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"fmt"
	"image"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"bashni/cmd/release/internal/winapp"
	"bashni/internal/appicon"
	"bashni/internal/targets"
	"bashni/version"
	"bashni/version/stamp"
)

// The programs a release ships, as packages of the module.
const (
	gamePkg   = "."
	enginePkg = "./cmd/bashni-engine"
	serverPkg = "./cmd/bashni-server"
)

// serverTargets are the platforms of the server download.
var serverTargets = []targets.Target{{OS: "linux", Arch: "amd64"}, {OS: "linux", Arch: "arm64"}}

// builder compiles the game and the engine from a snapshot of the checkout.
type builder struct {
	stage string       // the snapshot: the checkout's tracked files, as they are now
	info  version.Info // stamped into every binary
}

// snapshot copies the files git tracks in root (as they are in the working
// tree, so a dirty tree builds what it says) into a new temporary directory.
// The release is built there rather than in the checkout: the Windows
// resource objects must sit in the main package's directory, untracked
// files stay out of the build, and edits made while the release runs do not
// leak into it. Builds use -trimpath, so where the snapshot lies does not
// show in the binaries.
func snapshot(ctx context.Context, root string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", "ls-files", "-z", "--cached")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("listing the checkout's files (a release is made from a git checkout): %w", err)
	}
	stage, err := os.MkdirTemp("", "bashni-release-")
	if err != nil {
		return "", err
	}
	for _, name := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		if name == "" {
			continue
		}
		src := filepath.Join(root, filepath.FromSlash(name))
		info, err := os.Lstat(src)
		if os.IsNotExist(err) {
			continue // deleted in the working tree: not part of this build
		}
		if err != nil {
			os.RemoveAll(stage)
			return "", err
		}
		if !info.Mode().IsRegular() {
			continue
		}
		dst := filepath.Join(stage, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			os.RemoveAll(stage)
			return "", err
		}
		if err := copyFile(dst, src, info.Mode().Perm()); err != nil {
			os.RemoveAll(stage)
			return "", fmt.Errorf("copying %s: %w", name, err)
		}
	}
	return stage, nil
}

func copyFile(dst, src string, perm fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// buildEnv is the environment of every build: the target, no cgo, and
// settings pinned so that a developer's own go env does not change the
// binaries (GOFLAGS in the environment overrides the go env file's).
func buildEnv(t targets.Target) []string {
	return append(append(os.Environ(), t.Env()...), "GOFLAGS=-mod=readonly", "GOAMD64=v1", "GOARM64=v8.0")
}

// build compiles pkg for t and returns the executable. Every build is
// stripped (-s -w), path-free (-trimpath) and stamped with the version by the
// linker; -buildvcs=false because the stamp is the one source of the
// version (Go's own VCS stamp would also count untracked files as changes).
func (b *builder) build(ctx context.Context, t targets.Target, pkg, name string, extraLDFlags ...string) ([]byte, error) {
	dir, err := os.MkdirTemp("", "bashni-bin-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, name)
	ldflags := strings.Join(append([]string{"-s", "-w", stamp.LDFlags(b.info)}, extraLDFlags...), " ")
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-buildvcs=false", "-ldflags="+ldflags, "-o", out, pkg)
	cmd.Dir = b.stage
	cmd.Env = buildEnv(t)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("building %s for %s: %w\n%s", pkg, t, err, stderr.String())
	}
	return os.ReadFile(out)
}

// binaries are the built executables of one target.
type binaries struct {
	target       targets.Target
	game, engine []byte
}

// windowsExe describes the game's Windows resources.
func windowsExe(info version.Info) (winapp.Exe, error) {
	icon, err := winapp.Icon(func(s int) image.Image { return appicon.Icon(s, false) })
	if err != nil {
		return winapp.Exe{}, err
	}
	return winapp.Exe{
		ProductName: productName,
		Description: productName + " — column draughts",
		FileName:    "bashni.exe",
		Copyright:   copyright,
		Version:     info,
		Icon:        icon,
	}, nil
}

// buildTarget builds the game and the engine for t. On Windows the game gets
// its resource object (icon, version information, manifest) and the GUI
// subsystem (-H windowsgui: no console window opens with it); the engine
// stays a console program, as it talks on stdin and stdout.
func (b *builder) buildTarget(ctx context.Context, t targets.Target) (binaries, error) {
	out := binaries{target: t}
	exe := func(name string) string {
		if t.OS == "windows" {
			return name + ".exe"
		}
		return name
	}
	var gameFlags []string
	if t.OS == "windows" {
		e, err := windowsExe(b.info)
		if err != nil {
			return out, err
		}
		obj, err := winapp.Syso(e, t.Arch)
		if err != nil {
			return out, err
		}
		// Only linked into windows/<arch> builds, by its name.
		syso := filepath.Join(b.stage, "zz_release_windows_"+t.Arch+".syso")
		if err := os.WriteFile(syso, obj, 0o644); err != nil {
			return out, err
		}
		defer os.Remove(syso)
		gameFlags = append(gameFlags, "-H", "windowsgui")
	}
	var err error
	if out.game, err = b.build(ctx, t, gamePkg, exe("bashni"), gameFlags...); err != nil {
		return out, err
	}
	if out.engine, err = b.build(ctx, t, enginePkg, exe("bashni-engine")); err != nil {
		return out, err
	}
	return out, nil
}

// buildServer builds bashni-server for t and checks it as check checks the
// game: format and CPU, no cgo, -trimpath, and -version where it runs.
func (b *builder) buildServer(ctx context.Context, t targets.Target) ([]byte, error) {
	server, err := b.build(ctx, t, serverPkg, "bashni-server")
	if err != nil {
		return nil, err
	}
	if err := checkProgram(t, "bashni-server", server); err != nil {
		return nil, err
	}
	if t.OS == runtime.GOOS && t.Arch == runtime.GOARCH {
		got, err := runVersion(ctx, "bashni-server", server)
		if err != nil {
			return nil, err
		}
		if want := "bashni-server " + versionLine(b.info, t); got != want {
			return nil, fmt.Errorf("bashni-server -version printed %q, want %q", got, want)
		}
	}
	return server, nil
}

// checkProgram checks one executable for t: the right format and CPU,
// built without cgo and with -trimpath.
func checkProgram(t targets.Target, name string, data []byte) error {
	if err := checkFormat(t, data); err != nil {
		return fmt.Errorf("%s for %s: %w", name, t, err)
	}
	bi, err := buildinfo.Read(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("%s for %s: no build information: %w", name, t, err)
	}
	settings := map[string]string{}
	for _, s := range bi.Settings {
		settings[s.Key] = s.Value
	}
	if settings["CGO_ENABLED"] != "0" || settings["-trimpath"] != "true" || settings["GOOS"] != t.OS || settings["GOARCH"] != t.Arch {
		return fmt.Errorf("%s for %s: built with %v", name, t, settings)
	}
	return nil
}

// check reads the built executables back and refuses a release whose
// binaries are not what they should be: the right format and CPU, built
// without cgo and with -trimpath, and on Windows the game a GUI program with
// its icon and version. Where the target is this machine, both programs are
// run and must print the stamped version.
func (b *builder) check(ctx context.Context, bins binaries) error {
	t := bins.target
	for _, p := range []struct {
		name string
		data []byte
	}{{"bashni", bins.game}, {"bashni-engine", bins.engine}} {
		if err := checkProgram(t, p.name, p.data); err != nil {
			return err
		}
	}
	if t.OS == "windows" {
		game, err := winapp.Inspect(bins.game)
		if err != nil {
			return fmt.Errorf("bashni.exe for %s: %w", t, err)
		}
		sizes := slices.Clone(game.IconSizes)
		slices.Sort(sizes)
		if !game.GUI || !slices.Equal(sizes, winapp.IconSizes) || game.ProductVersion != b.info.Full() {
			return fmt.Errorf("bashni.exe for %s: GUI %v, icon sizes %v, product version %q (want GUI, %v, %q)",
				t, game.GUI, game.IconSizes, game.ProductVersion, winapp.IconSizes, b.info.Full())
		}
		engine, err := winapp.Inspect(bins.engine)
		if err != nil {
			return fmt.Errorf("bashni-engine.exe for %s: %w", t, err)
		}
		if engine.GUI {
			return fmt.Errorf("bashni-engine.exe for %s is a GUI program: it must keep its console", t)
		}
	}
	if t.OS == runtime.GOOS && t.Arch == runtime.GOARCH {
		for _, p := range []struct {
			name string
			data []byte
		}{{"bashni", bins.game}, {"bashni-engine", bins.engine}} {
			got, err := runVersion(ctx, p.name, p.data)
			if err != nil {
				return err
			}
			want := p.name + " " + versionLine(b.info, t)
			if got != want {
				return fmt.Errorf("%s -version printed %q, want %q", p.name, got, want)
			}
		}
	}
	return nil
}

// versionLine is what -version prints after the program's name on t.
func versionLine(info version.Info, t targets.Target) string {
	s := info.String() // ends with this machine's platform
	return strings.TrimSuffix(s, runtime.GOOS+"/"+runtime.GOARCH) + t.String()
}

func runVersion(ctx context.Context, name string, data []byte) (string, error) {
	dir, err := os.MkdirTemp("", "bashni-run-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o755); err != nil {
		return "", err
	}
	out, err := exec.CommandContext(ctx, p, "-version").Output()
	if err != nil {
		return "", fmt.Errorf("%s -version: %w", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// checkFormat: the executable format and CPU of the target.
func checkFormat(t targets.Target, data []byte) error {
	r := bytes.NewReader(data)
	switch t.OS {
	case "windows":
		f, err := pe.NewFile(r)
		if err != nil {
			return fmt.Errorf("not a PE executable: %w", err)
		}
		want := map[string]uint16{"amd64": pe.IMAGE_FILE_MACHINE_AMD64, "arm64": pe.IMAGE_FILE_MACHINE_ARM64}[t.Arch]
		if f.Machine != want {
			return fmt.Errorf("PE machine %#x, want %#x", f.Machine, want)
		}
	case "darwin":
		f, err := macho.NewFile(r)
		if err != nil {
			return fmt.Errorf("not a Mach-O executable: %w", err)
		}
		want := map[string]macho.Cpu{"amd64": macho.CpuAmd64, "arm64": macho.CpuArm64}[t.Arch]
		if f.Cpu != want || f.Type != macho.TypeExec {
			return fmt.Errorf("Mach-O %v %v, want %v executable", f.Cpu, f.Type, want)
		}
	case "linux":
		f, err := elf.NewFile(r)
		if err != nil {
			return fmt.Errorf("not an ELF executable: %w", err)
		}
		want := map[string]elf.Machine{"amd64": elf.EM_X86_64, "arm64": elf.EM_AARCH64}[t.Arch]
		if f.Machine != want || f.Type != elf.ET_EXEC {
			return fmt.Errorf("ELF %v %v, want %v executable", f.Machine, f.Type, want)
		}
	default:
		return fmt.Errorf("no check for %s", t.OS)
	}
	return nil
}

// modules lists the modules linked into an executable (for the licences
// shipped beside it); withOwn adds the game's own module, whose assets have
// their own licences.
func modules(data []byte, withOwn bool) (map[string]bool, error) {
	bi, err := buildinfo.Read(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	mods := map[string]bool{}
	for _, d := range bi.Deps {
		mods[d.Path] = true
	}
	if withOwn {
		mods[bi.Main.Path] = true
	}
	return mods, nil
}
