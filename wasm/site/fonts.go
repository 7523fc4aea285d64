package site

import (
	"fmt"
	"io/fs"

	"bashni/i18n/fonts"
)

// addFonts serves the Korean and Japanese font subsets under fonts/: the
// game fetches the one its language needs (sprites.UseLanguage), so the
// English page never downloads them.
func (s *Site) addFonts() error {
	return fs.WalkDir(fonts.Files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fonts.Files.ReadFile(p)
		if err != nil {
			return fmt.Errorf("reading the fonts: %w", err)
		}
		name := "fonts/" + p
		if err := s.add(name, b); err != nil {
			return err
		}
		s.files[name].contentType = "font/otf"
		return nil
	})
}
