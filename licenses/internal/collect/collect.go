// Package collect finds the licence texts of everything the game is built
// from, from the module graph: Go itself, every module the game's packages
// import on any platform it ships for, the Go fonts, and the licence files
// kept beside bundled assets in the game's own packages (a font subset's
// OFL). `go generate ./licenses` writes them into bashni/licenses, and its
// test checks that they are still complete.
package collect

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"bashni/internal/targets"
)

// Notice is one licence or notice file.
type Notice struct {
	Name    string // what it covers: "Go", "Go fonts", a module path, or the game's package holding an asset
	Module  string // "std", a module path, or the game's own module
	Version string // the module's version; "" for Go and the game's own files
	File    string // the file's path in its module (in GOROOT for Go)
	Text    []byte
}

// Std is the Module of Go's own licence.
const Std = "std"

// licenceFile matches the names of licence and notice files (LICENSE,
// LICENSE.md, LICENCE-APACHE, COPYING, NOTICE.md, OFL.txt, UNLICENSE).
// PATENTS files (Google's patent grant) are not licences to reproduce.
var licenceFile = regexp.MustCompile(`(?i)^(licen[cs]e|copying|notice|ofl|unlicense)([-._].*)?$`)

// extras are notices that cover some packages of a module but are not named
// like licences: the Go fonts' licence is in their README. derivedIn is a
// package of the game's own module (its path inside the module) that
// bundles files made from them: i18n/fonts embeds subsets of the Go fonts,
// so their licence is due wherever that package is linked, although the
// gofont packages are not.
var extras = []struct{ pkgPrefix, module, file, name, derivedIn string }{
	{"golang.org/x/image/font/gofont/", "golang.org/x/image", "font/gofont/ttfs/README", "Go fonts", "i18n/fonts"},
}

type listedPackage struct {
	ImportPath string
	Dir        string
	EmbedFiles []string // files the package embeds, relative to Dir
	Standard   bool
	Module     *moduleInfo
}

type moduleInfo struct {
	Path    string
	Version string
	Dir     string
	Main    bool
}

// Collect lists the notices of the main package in dir (the game) as built
// for each of the given targets, in a stable order: Go first, then by module
// and file.
func Collect(ctx context.Context, dir string, ts []targets.Target) ([]Notice, error) {
	return CollectPackage(ctx, dir, ".", ts)
}

// CollectPackage lists the notices of the package pkg (a pattern of the
// go command, relative to dir: "./cmd/bashni-server") as Collect does.
func CollectPackage(ctx context.Context, dir, pkg string, ts []targets.Target) ([]Notice, error) {
	goroot, err := goEnv(ctx, dir, "GOROOT")
	if err != nil {
		return nil, err
	}
	goLicence, err := os.ReadFile(filepath.Join(goroot, "LICENSE"))
	if err != nil {
		return nil, fmt.Errorf("reading Go's licence: %w", err)
	}
	byKey := map[string]Notice{}
	add := func(n Notice) { byKey[n.Module+"\x00"+n.File] = n }
	add(Notice{Name: "Go", Module: Std, File: "LICENSE", Text: goLicence})

	// modules are the modules seen, by path; derived the extras some
	// package of the game's own bundles files from.
	modules := map[string]*moduleInfo{}
	derived := map[int]bool{}
	for _, t := range ts {
		pkgs, err := listDeps(ctx, dir, pkg, t)
		if err != nil {
			return nil, err
		}
		for _, p := range pkgs {
			if p.Standard || p.Module == nil {
				continue
			}
			m := p.Module
			modules[m.Path] = m
			if m.Main {
				for i, x := range extras {
					if p.ImportPath == m.Path+"/"+x.derivedIn {
						derived[i] = true
					}
				}
				// The game's own packages: licences of bundled assets sit
				// beside them, in the package's directory or beside the
				// files it embeds (a font and its OFL.txt). The game itself
				// is the studio's.
				dirs := []string{p.Dir}
				for _, e := range p.EmbedFiles {
					if d := filepath.Join(p.Dir, filepath.Dir(filepath.FromSlash(e))); !slices.Contains(dirs, d) {
						dirs = append(dirs, d)
					}
				}
				for _, d := range dirs {
					files, err := licenceFiles(d)
					if err != nil {
						return nil, err
					}
					for _, f := range files {
						text, err := os.ReadFile(filepath.Join(d, f))
						if err != nil {
							return nil, err
						}
						rel, _ := filepath.Rel(m.Dir, filepath.Join(d, f))
						add(Notice{Name: p.ImportPath, Module: m.Path, File: filepath.ToSlash(rel), Text: text})
					}
				}
				continue
			}
			// A dependency: its licence files from the package's directory
			// up to the module's root (a vendored library inside a module
			// keeps its own licence beside it).
			for d := p.Dir; ; d = filepath.Dir(d) {
				files, err := licenceFiles(d)
				if err != nil {
					return nil, err
				}
				for _, f := range files {
					rel, _ := filepath.Rel(m.Dir, filepath.Join(d, f))
					key := m.Path + "\x00" + filepath.ToSlash(rel)
					if _, ok := byKey[key]; ok {
						continue
					}
					text, err := os.ReadFile(filepath.Join(d, f))
					if err != nil {
						return nil, err
					}
					add(Notice{Name: m.Path, Module: m.Path, Version: m.Version, File: filepath.ToSlash(rel), Text: text})
				}
				if d == m.Dir || len(d) <= len(m.Dir) {
					break
				}
			}
			for _, x := range extras {
				if m.Path == x.module && strings.HasPrefix(p.ImportPath, x.pkgPrefix) {
					text, err := os.ReadFile(filepath.Join(m.Dir, filepath.FromSlash(x.file)))
					if err != nil {
						return nil, fmt.Errorf("the licence of %s: %w", x.name, err)
					}
					add(Notice{Name: x.name, Module: m.Path, Version: m.Version, File: x.file, Text: text})
				}
			}
		}
	}
	for i := range derived {
		x := extras[i]
		m, ok := modules[x.module]
		if !ok {
			// No package of the module is linked (the server serves the
			// fonts without drawing with them): the module's copy in
			// the build's module graph.
			if m, err = listModule(ctx, dir, x.module); err != nil {
				return nil, fmt.Errorf("the licence of %s, whose files %s bundles: %w", x.name, x.derivedIn, err)
			}
		}
		text, err := os.ReadFile(filepath.Join(m.Dir, filepath.FromSlash(x.file)))
		if err != nil {
			return nil, fmt.Errorf("the licence of %s: %w", x.name, err)
		}
		add(Notice{Name: x.name, Module: m.Path, Version: m.Version, File: x.file, Text: text})
	}
	var out []Notice
	for _, n := range byKey {
		out = append(out, n)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if (a.Module == Std) != (b.Module == Std) {
			return a.Module == Std
		}
		if a.Module != b.Module {
			return a.Module < b.Module
		}
		return a.File < b.File
	})
	return out, nil
}

// isLicenceFile says whether a file of that name is a licence or notice.
// Go source is never one, whatever its name: a package may well have a
// notice.go (storage's notices to the player) or a license.go.
func isLicenceFile(name string) bool {
	return licenceFile.MatchString(name) && !strings.HasSuffix(name, ".go")
}

func licenceFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("looking for licences: %w", err)
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && isLicenceFile(e.Name()) {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// listDeps runs go list -deps on a package for one target.
func listDeps(ctx context.Context, dir, pkg string, t targets.Target) ([]listedPackage, error) {
	cmd := exec.CommandContext(ctx, "go", "list", "-deps", "-json=ImportPath,Dir,EmbedFiles,Standard,Module", pkg)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), t.Env()...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -deps for %s: %w\n%s", t, err, stderr.String())
	}
	var pkgs []listedPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("reading go list for %s: %w", t, err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs, nil
}

// listModule is a module of the build's graph, downloaded if need be.
func listModule(ctx context.Context, dir, module string) (*moduleInfo, error) {
	cmd := exec.CommandContext(ctx, "go", "mod", "download", "-json", module)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go mod download %s: %w\n%s", module, err, stderr.String())
	}
	var m moduleInfo
	if err := json.Unmarshal(out, &m); err != nil || m.Dir == "" {
		return nil, fmt.Errorf("go mod download %s: no module folder in %s (%v)", module, out, err)
	}
	return &m, nil
}

func goEnv(ctx context.Context, dir, name string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "env", name)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// FileName is the name a notice is kept under in bashni/licenses/texts: its
// module and file, with slashes turned to underscores.
func FileName(n Notice) string {
	flat := func(s string) string { return strings.ReplaceAll(s, "/", "_") }
	return flat(n.Module) + "__" + flat(path.Clean(n.File)) + ".txt"
}
