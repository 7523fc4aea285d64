package site

import (
	"fmt"
	"io/fs"
	"path"

	"bashni/i18n"
	"bashni/i18n/fonts"
)

// addLanguages serves what a language other than English needs and the
// English page never downloads: the compiled messages under locales/
// (i18n.Load fetches them) and the Korean and Japanese font subsets under
// fonts/ (sprites.UseLanguage fetches them).
func (s *Site) addLanguages(opts Options) error {
	if err := s.addTree(i18n.Compiled, "compiled", "locales", "application/json", opts); err != nil {
		return err
	}
	return s.addTree(fonts.Files, ".", "fonts", "font/otf", opts)
}

// addTree adds the files of fsys under dir as files under prefix/.
func (s *Site) addTree(fsys fs.FS, dir, prefix, contentType string, opts Options) error {
	return fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return fmt.Errorf("reading %s: %w", p, err)
		}
		name := prefix + "/" + path.Base(p)
		if err := s.add(name, b, opts); err != nil {
			return err
		}
		s.files[name].contentType = contentType
		return nil
	})
}
