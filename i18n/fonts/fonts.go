// Package fonts holds the game's fonts: subsets of the Go fonts (Regular,
// Medium, Bold; GoFont) without their hinting, with European Latin, Russian
// Cyrillic and every glyph the messages use, and the CJK fonts the game
// needs for Korean and Japanese:
// subsets of Noto Sans CJK KR and JP (SIL Open Font License 1.1) with only
// the glyphs the message files use and the Go fonts lack, made by
// `go generate ./i18n/fonts` (gen.go; SOURCE.md records the source fonts,
// their versions and the command).
//
// What every language needs and the Go fonts lack — the language names of
// the language menu ("한국어", "日本語"), a symbol such as ⌘ — is a tiny
// subset of its own, "common", compiled into every build.
// The Korean and Japanese subsets are compiled into desktop builds only: the
// browser fetches them from beside main.wasm when the player picks the
// language (the site builder serves Files under fonts/).
//
// Players' names may be in Hangul, kana or Han whatever the screen's
// language, with letters no message uses: the names fonts (names/, Noto
// Sans CJK Regular, 128 files of one block of 256 code points each, 4.1 MB
// in all) have every Hangul syllable and compatibility jamo, the kana and
// the Han characters of JIS X 0208, GB 2312 and KS X 1001. Desktop builds
// compile them in; the browser fetches only the blocks the names on its
// screen need (package sprites, NeedRunes). CanDraw is what the server
// allows in a new name.
package fonts

import _ "embed"

//go:generate go run gen.go

// Weight is one of the two weights the subsets come in: the game's Regular
// and Medium text use Regular, its Bold text Bold.
type Weight uint8

const (
	Regular Weight = iota
	Bold
)

func (w Weight) String() string {
	if w == Bold {
		return "bold"
	}
	return "regular"
}

// FileName is the name of a subset: "ko-regular.otf", "common-bold.otf".
func FileName(set string, w Weight) string { return set + "-" + w.String() + ".otf" }

// GoWeight is one of the three weights of the Go fonts the game draws with.
type GoWeight uint8

const (
	GoRegular GoWeight = iota
	GoMedium
	GoBold
)

// GoFont is the subset of the Go font of weight w (TrueType): every build
// has them.
func GoFont(w GoWeight) []byte {
	switch w {
	case GoMedium:
		return goMedium
	case GoBold:
		return goBold
	}
	return goRegular
}

var (
	//go:embed go-regular.ttf
	goRegular []byte
	//go:embed go-medium.ttf
	goMedium []byte
	//go:embed go-bold.ttf
	goBold []byte
)

// Common is the subset every build has, in weight w.
func Common(w Weight) []byte {
	if w == Bold {
		return commonBold
	}
	return commonRegular
}

// The common subset is embedded as bytes, not as an embed.FS: the browser
// build then needs no file-system code for it.
var (
	//go:embed common-regular.otf
	commonRegular []byte
	//go:embed common-bold.otf
	commonBold []byte
)

// nameBlock[b] reports whether the block of 256 code points b<<8… has a
// names font (names_blocks.go, made by gen.go).
var nameBlock = func() (t [256]bool) {
	for _, b := range nameBlocks {
		t[b] = true
	}
	return t
}()

// InNameFont reports whether r is in a block that has a names font: the
// Hangul, kana and Han of players' names, which the Go fonts lack and the
// language subsets hold only when a message uses them. It is cheap enough
// for every rune of every line drawn.
func InNameFont(r rune) bool { return r >= 0 && r < 0x10000 && nameBlock[r>>8] }

// NameFile is the names font of r's block, "names-ac00.otf" (served
// beside the language subsets, under fonts/); "" when InNameFont(r) is
// false. A block's font holds the runes of gen.go's nameScripts in it, not
// necessarily every code point.
func NameFile(r rune) string {
	if !InNameFont(r) {
		return ""
	}
	const hex = "0123456789abcdef"
	b := byte(r >> 8)
	return "names-" + string([]byte{hex[b>>4], hex[b&15]}) + "00.otf"
}
