package fonts

import (
	"fmt"
	"sync"

	"golang.org/x/image/font/sfnt"
)

// fontRunes is what CanDraw looks runes up in: the compiled-in fonts,
// parsed once, and the names fonts parsed as runes of theirs are asked for.
type fontRunes struct {
	mu     sync.Mutex
	buf    sfnt.Buffer
	goFont *sfnt.Font
	common *sfnt.Font
	names  map[string]*sfnt.Font
}

var drawable = sync.OnceValue(func() *fontRunes {
	d := &fontRunes{names: map[string]*sfnt.Font{}}
	var err error
	if d.goFont, err = sfnt.Parse(GoFont(GoRegular)); err != nil {
		panic(fmt.Sprintf("fonts: the Go font: %v", err))
	}
	if d.common, err = sfnt.Parse(Common(Regular)); err != nil {
		panic(fmt.Sprintf("fonts: the common subset: %v", err))
	}
	return d
})

func hasRune(f *sfnt.Font, buf *sfnt.Buffer, r rune) bool {
	i, err := f.GlyphIndex(buf, r)
	return err == nil && i != 0
}
