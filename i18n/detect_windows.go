//go:build windows

package i18n

import (
	"os"

	"golang.org/x/sys/windows"
)

// detect reads the POSIX locale (set by some shells), then the user's
// preferred UI languages (GetUserPreferredUILanguages, no cgo).
func detect() (Lang, bool) {
	if l, ok := FromEnv(os.Getenv); ok {
		return l, true
	}
	langs, err := windows.GetUserPreferredUILanguages(windows.MUI_LANGUAGE_NAME)
	if err != nil {
		return English, false
	}
	for _, p := range langs {
		if l, ok := Parse(p); ok {
			return l, true
		}
	}
	return English, false
}
