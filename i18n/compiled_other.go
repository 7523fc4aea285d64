//go:build !js

package i18n

import "embed"

// Compiled are every language's compiled messages, for desktop builds and
// for the site builder, which serves them beside main.wasm as locales/.
//
//go:embed compiled/*.json
var Compiled embed.FS

// compiledIn: desktop builds have every language.
const compiledIn = true

func compiledMessages(code string) ([]byte, error) {
	return Compiled.ReadFile("compiled/" + code + ".json")
}
