// Package i18n is the game's words in English, Russian, Korean and
// Japanese: the message files (locales/*.toml, one a language, in
// go-i18n's format, which translators edit), compiled by `go generate
// ./i18n` into compiled/*.json with CLDR's plural rules tabulated from
// golang.org/x/text (Russian one/few/many, Korean and Japanese other only),
// a cheap lookup for the game loop, the words for the game's own things (sides, pieces, results,
// the column inspector, the computer's verdict, why a typed move is
// rejected) and the language the player's system asks for.
//
// At run time the game needs neither go-i18n's loader nor a TOML parser,
// which keeps the browser download small: English is compiled into every
// build, the other languages into desktop builds, and the browser fetches
// them from beside main.wasm (Load). go-i18n parses and checks the files in
// the generator and the tests.
//
// Lookups execute a template and are meant for layout and state changes,
// not for every frame: the screens keep the strings they got until the
// language or what they show changes. Catalog.T caches, so asking again for
// a plain message costs a map lookup and allocates nothing.
//
// CATALOGUE.md beside this file lists which screen shows which message and
// the terminology used in each language.
package i18n
