// Package i18n is the game's words in English, Russian, Korean and
// Japanese: the message files (locales/*.toml, one a language, embedded),
// plural rules (github.com/nicksnyder/go-i18n/v2 with CLDR's rules: Russian
// one/few/many, Korean and Japanese other only), a cheap lookup for the
// game loop, the words for the game's own things (sides, pieces, results,
// the column inspector, the computer's verdict, why a typed move is
// rejected) and the language the player's system asks for.
//
// Lookups execute a template and are meant for layout and state changes,
// not for every frame: the screens keep the strings they got until the
// language or what they show changes. Catalog.T caches, so asking again for
// a plain message costs a map lookup and allocates nothing.
//
// CATALOGUE.md beside this file lists which screen shows which message and
// the terminology used in each language.
package i18n
