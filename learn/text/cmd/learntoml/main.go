// Command learntoml prints the learning screens' texts (package
// learn/text) as a go-i18n TOML message file section, to paste into
// i18n/locales/en.toml and translate.
package main

import (
	"os"

	"bashni/learn/text"
)

func main() {
	if _, err := os.Stdout.Write(text.TOML()); err != nil {
		os.Exit(1)
	}
}
