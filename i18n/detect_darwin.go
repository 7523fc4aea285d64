//go:build darwin

package i18n

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"time"
)

// detect reads the POSIX locale (set in a terminal), then the user's
// languages from the system preferences. Without cgo there is no
// CoreFoundation call; `defaults` is on every Mac.
func detect() (Lang, bool) {
	if l, ok := FromEnv(os.Getenv); ok {
		return l, true
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "defaults", "read", "-g", "AppleLanguages").Output()
	if err != nil {
		return English, false
	}
	return fromAppleLanguages(string(out))
}

// fromAppleLanguages reads `defaults read -g AppleLanguages`:
// ( "ru-RU", en ).
func fromAppleLanguages(s string) (Lang, bool) {
	var prefs []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune("(),\" \n\t", r) }) {
		prefs = append(prefs, f)
	}
	for _, p := range prefs {
		if l, ok := Parse(p); ok {
			return l, true
		}
	}
	return English, false
}
