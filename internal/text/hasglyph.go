package text

// HasGlyph reports whether face draws r with a glyph of its own (a
// MultiFace: whether any of its faces does), not with a missing glyph's
// box. The game's addition to the copy (not in text/v2): tests check with
// it that a name is drawn in a face that has its letters.
func HasGlyph(face Face, r rune) bool { return face.hasGlyph(r) }
