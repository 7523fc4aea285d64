// Package deps finds the licences of any program of the module at build
// time, as `go generate ./licenses` finds the game's: for the release's
// other programs (bashni-server), whose dependencies the game does not
// embed in its own list.
package deps

import (
	"context"
	"sort"

	"bashni/internal/targets"
	"bashni/licenses"
	"bashni/licenses/internal/collect"
)

// For lists the notices of the package pkg of the module at dir ("." for
// the game, "./cmd/bashni-server") as built for the targets: Go first, then
// by module and file, as licenses.All orders them.
func For(ctx context.Context, dir, pkg string, ts []targets.Target) ([]licenses.Notice, error) {
	found, err := collect.CollectPackage(ctx, dir, pkg, ts)
	if err != nil {
		return nil, err
	}
	out := make([]licenses.Notice, len(found))
	for i, n := range found {
		out[i] = licenses.Notice{Name: n.Name, Module: n.Module, Version: n.Version, File: n.File, Text: string(n.Text)}
	}
	return out, nil
}

// Merge is the notices of a and b, each (module, file) once, in the order
// of licenses.All: Go first, then by module and file.
func Merge(a, b []licenses.Notice) []licenses.Notice {
	seen := map[[2]string]bool{}
	var out []licenses.Notice
	for _, n := range append(append([]licenses.Notice(nil), a...), b...) {
		k := [2]string{n.Module, n.File}
		if !seen[k] {
			seen[k] = true
			out = append(out, n)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if (a.Module == collect.Std) != (b.Module == collect.Std) {
			return a.Module == collect.Std
		}
		if a.Module != b.Module {
			return a.Module < b.Module
		}
		return a.File < b.File
	})
	return out
}
