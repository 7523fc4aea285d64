package sprites

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"

	"bashni/i18n"
	"bashni/i18n/fonts"
	"bashni/internal/text"
)

// Weight selects one of the Go fonts (package i18n/fonts's subsets of
// them: Latin, Cyrillic and what the messages use, without hinting).
type Weight uint8

const (
	Regular Weight = iota
	Medium
	Bold
	weightCount
)

// Fonts hands out text faces by pixel size and weight, made once and kept,
// for every piece of text in the game. Sizes are in physical pixels (the em
// size), rounded to half a pixel so that a resize does not create a face
// per frame.
//
// The faces are GoXFaces over golang.org/x/image/font/opentype, not
// GoTextFaces: the game's text needs no shaping (Latin, Cyrillic, Hangul
// syllables, kana and kanji, all left to right), and GoTextFace's shaper
// (go-text/typesetting) would add 0.9 MB to the gzipped WebAssembly
// download. They come from package internal/text, text/v2 without
// GoTextFace, because importing text/v2 itself links the shaper anyway. Each face is a MultiFace: the Go font of its weight first, then
// the small "common" subset every build has (the language menu's "한국어"
// and "日本語", ⌘), then, once loaded for Korean or Japanese (UseLanguage),
// that language's Noto Sans CJK subset (package i18n/fonts), then the
// names fonts that the text drawn so far has needed (NeedRunes).
type Fonts struct {
	set   *fontSet
	gen   uint64 // the set's generation the faces were made for
	faces map[faceKey]text.Face
	// known marks the runes of the names fonts' blocks that NeedRunes has
	// seen since the faces were last made: each is looked up in the
	// fonts once, then costs a bit test a line.
	known [1 << 16 / 64]uint64
}

type faceKey struct {
	halfPixels int
	weight     Weight
}

// fontSet is the game's font sources, shared by every Fonts (every
// renderer): the Go fonts and the common subset, parsed once, and the CJK
// subset of the language in use. A new CJK subset bumps gen, and every
// Fonts remakes its faces on its next Face call.
type fontSet struct {
	goFonts [weightCount]*opentype.Font
	common  [2]*opentype.Font // fonts.Regular, fonts.Bold

	gen atomic.Uint64
	mu  sync.Mutex
	cjk [2]*opentype.Font // nil: none
	// cjkLang is the language of cjk, or of the load under way.
	cjkLang  i18n.Lang
	hasCJK   bool
	loading  chan cjkLoad // a load under way (nil: none)
	loadLang i18n.Lang

	// The names fonts (fonts.NameFile): those in use, in the order of
	// their files' names; those asked for (loaded, under way or failed:
	// each is asked for once); loads under way in the browser.
	names     []*opentype.Font
	nameFiles []string
	nameAsked map[string]bool
	nameLoads chan nameLoad
	buf       sfnt.Buffer
}

// nameLoad is a finished load of a names font.
type nameLoad struct {
	file string
	data []byte
	err  error
}

// cjkLoad is a finished load of a CJK subset.
type cjkLoad struct {
	lang          i18n.Lang
	regular, bold []byte
	err           error
}

// gameFonts is parsed on first use; the fonts are compiled into the binary,
// so this cannot fail short of a corrupted build, and then it panics.
var gameFonts = sync.OnceValue(func() *fontSet {
	// nameLoads has room for every names font: a load never waits.
	s := &fontSet{nameAsked: map[string]bool{}, nameLoads: make(chan nameLoad, 256)}
	for w, ttf := range [weightCount][]byte{fonts.GoFont(fonts.GoRegular), fonts.GoFont(fonts.GoMedium), fonts.GoFont(fonts.GoBold)} {
		s.goFonts[w] = mustParse(ttf, "the Go fonts")
	}
	s.common[fonts.Regular] = mustParse(fonts.Common(fonts.Regular), "the common subset")
	s.common[fonts.Bold] = mustParse(fonts.Common(fonts.Bold), "the common subset")
	return s
})

func mustParse(b []byte, what string) *opentype.Font {
	f, err := opentype.Parse(b)
	if err != nil {
		panic(fmt.Sprintf("sprites: parsing %s: %v", what, err))
	}
	return f
}

// NewFonts returns a face cache over the game's fonts.
func NewFonts() *Fonts {
	return &Fonts{set: gameFonts(), faces: map[faceKey]text.Face{}}
}

// Face returns the face of the given size (pixels) and weight.
func (f *Fonts) Face(size float64, w Weight) text.Face {
	if w >= weightCount {
		w = Regular
	}
	f.sync()
	k := faceKey{halfPixels: max(2, int(math.Round(size*2))), weight: w}
	face, ok := f.faces[k]
	if !ok {
		face = f.set.face(float64(k.halfPixels)/2, w)
		f.faces[k] = face
	}
	return face
}

// face makes a face of the given size and weight over every font source.
func (s *fontSet) face(size float64, w Weight) text.Face {
	sub := fonts.Regular
	if w == Bold {
		sub = fonts.Bold
	}
	srcs := []*opentype.Font{s.goFonts[w], s.common[sub]}
	s.mu.Lock()
	if s.hasCJK {
		srcs = append(srcs, s.cjk[sub])
	}
	srcs = append(srcs, s.names...)
	s.mu.Unlock()
	faces := make([]text.Face, len(srcs))
	for i, src := range srcs {
		xf, err := opentype.NewFace(src, &opentype.FaceOptions{Size: size, DPI: 72})
		if err != nil {
			panic(fmt.Sprintf("sprites: a face of the game's fonts: %v", err))
		}
		faces[i] = text.NewGoXFace(xf)
	}
	m, err := text.NewMultiFace(faces...)
	if err != nil {
		panic(fmt.Sprintf("sprites: combining the game's fonts: %v", err))
	}
	return m
}

// UseLanguage makes the game's text ready for language l: Korean and
// Japanese need their CJK subset, which desktop builds have compiled in
// and the browser fetches from beside main.wasm (fonts/<lang>-*.otf);
// other languages need none and drop it. The subset is put in use by
// PollFonts, on the game's goroutine; until then CJK text is drawn as
// empty boxes.
func UseLanguage(l i18n.Lang) {
	s := gameFonts()
	s.mu.Lock()
	defer s.mu.Unlock()
	if !l.NeedsCJKFont() {
		if s.hasCJK {
			s.hasCJK, s.cjk = false, [2]*opentype.Font{}
			s.gen.Add(1)
		}
		s.loading = nil
		return
	}
	if (s.hasCJK && s.cjkLang == l) || (s.loading != nil && s.loadLang == l) {
		return
	}
	ch := make(chan cjkLoad, 1)
	s.loading, s.loadLang = ch, l
	go func() {
		r, b, err := loadCJK(l.Code())
		ch <- cjkLoad{lang: l, regular: r, bold: b, err: err}
	}()
}

// PollFonts puts a CJK subset or names fonts that have finished loading
// in use. Call it once a tick (from Update): changed reports that faces
// were remade, so text must be measured and drawn again; err says why a
// font could not be loaded (the game then goes on without it).
func PollFonts() (changed bool, err error) {
	s := gameFonts()
	s.mu.Lock()
	defer s.mu.Unlock()
	for more := true; more; {
		select {
		case ld := <-s.nameLoads:
			if e := s.addName(ld); e != nil {
				err = e
			} else {
				changed = true
			}
		default:
			more = false
		}
	}
	if s.loading == nil {
		return changed, err
	}
	var ld cjkLoad
	select {
	case ld = <-s.loading:
	default:
		return changed, err
	}
	s.loading = nil
	if ld.err != nil {
		return changed, fmt.Errorf("loading the %s font: %w", ld.lang.Name(), ld.err)
	}
	reg, err := opentype.Parse(ld.regular)
	if err != nil {
		return changed, fmt.Errorf("the %s font: %w", ld.lang.Name(), err)
	}
	bold, err := opentype.Parse(ld.bold)
	if err != nil {
		return changed, fmt.Errorf("the %s font: %w", ld.lang.Name(), err)
	}
	s.cjk[fonts.Regular], s.cjk[fonts.Bold] = reg, bold
	s.cjkLang, s.hasCJK = ld.lang, true
	s.gen.Add(1)
	return true, nil
}

// sync forgets the faces and the runes seen when the set has changed.
func (f *Fonts) sync() {
	if g := f.set.gen.Load(); g != f.gen {
		clear(f.faces)
		clear(f.known[:])
		f.gen = g
	}
}

// NeedRunes makes sure that the names fonts s needs are in use or on
// their way: players' names may be in any script the server allows (Latin,
// Greek, Cyrillic, Hangul, kana, Han), and a Korean name on an English
// screen, or a kanji no message uses on a Japanese one, needs a glyph that
// neither the Go fonts nor the language's subset has. Desktop builds put
// the font in use at once; the browser fetches it from beside main.wasm
// and PollFonts puts it in use (the name shows boxes until then).
// Draw and Measure call it before they take a face: a line of ASCII costs
// a byte loop, any other line a bit test per rune once its runes have
// been seen, and nothing allocates.
func (f *Fonts) NeedRunes(s string) {
	i := 0
	for i < len(s) && s[i] < 0x80 {
		i++
	}
	if i == len(s) {
		return
	}
	f.sync()
	for _, r := range s[i:] {
		if !fonts.InNameFont(r) {
			continue
		}
		if bit := uint64(1) << (r % 64); f.known[r/64]&bit == 0 {
			f.set.want(r)
			f.known[r/64] |= bit
		}
	}
}

// want asks for the names font of r unless a font in use has r or it has
// been asked for.
func (s *fontSet) want(r rune) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.has(r) {
		return
	}
	file := fonts.NameFile(r)
	if s.nameAsked[file] {
		return
	}
	s.nameAsked[file] = true
	if namesAtOnce {
		b, err := loadName(file)
		// A compiled-in font that does not load is a broken build; the
		// rune is then drawn as a box, as without names fonts.
		_ = s.addName(nameLoad{file: file, data: b, err: err})
		return
	}
	go func() {
		b, err := loadName(file)
		s.nameLoads <- nameLoad{file: file, data: b, err: err}
	}()
}

// has reports whether a font in use draws r (s.mu held).
func (s *fontSet) has(r rune) bool {
	in := func(f *opentype.Font) bool {
		i, err := f.GlyphIndex(&s.buf, r)
		return err == nil && i != 0
	}
	if in(s.goFonts[Regular]) || in(s.common[fonts.Regular]) || (s.hasCJK && in(s.cjk[fonts.Regular])) {
		return true
	}
	for _, f := range s.names {
		if in(f) {
			return true
		}
	}
	return false
}

// addName puts a loaded names font in use (s.mu held).
func (s *fontSet) addName(ld nameLoad) error {
	if ld.err != nil {
		return fmt.Errorf("loading the font of a player's name (%s): %w", ld.file, ld.err)
	}
	f, err := opentype.Parse(ld.data)
	if err != nil {
		return fmt.Errorf("the font of a player's name (%s): %w", ld.file, err)
	}
	i, _ := slices.BinarySearch(s.nameFiles, ld.file)
	s.nameFiles = slices.Insert(s.nameFiles, i, ld.file)
	s.names = slices.Insert(s.names, i, f)
	s.gen.Add(1)
	return nil
}

// FontsReady reports whether text in l can be drawn now (its CJK subset,
// if it needs one, is in use).
func FontsReady(l i18n.Lang) bool {
	if !l.NeedsCJKFont() {
		return true
	}
	s := gameFonts()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hasCJK && s.cjkLang == l
}

// Measure returns the width and line height of s in the given face.
func (f *Fonts) Measure(s string, size float64, w Weight) (width, height float64) {
	f.NeedRunes(s)
	face := f.Face(size, w)
	return text.Measure(s, face, face.Metrics().HAscent+face.Metrics().HDescent)
}

// Draw draws one line of text with (x, y) at the point given by the
// alignments: text.AlignStart/Center/End horizontally (left, centre, right)
// and vertically (top, middle, bottom of the line).
func (f *Fonts) Draw(dst *ebiten.Image, s string, size float64, w Weight, x, y float64, h, v text.Align, c color.Color) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.PrimaryAlign = h
	op.SecondaryAlign = v
	f.NeedRunes(s)
	text.Draw(dst, s, f.Face(size, w), op)
}

// NamesFonts is how many names fonts are in use (the browser's page shows
// it, so that a test waits for a name's font to arrive).
func NamesFonts() int {
	s := gameFonts()
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.names)
}
