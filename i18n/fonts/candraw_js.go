//go:build js

package fonts

// CanDraw reports whether every screen language can draw r: the Go fonts
// or the common subset has it, or r lies in a block of a names font. The
// browser does not hold the names fonts (it fetches them as names need
// them), so a rune of such a block that its font lacks (a rare ideograph)
// passes here; the server, which looks in the fonts themselves, refuses
// it. Everything else it answers as the desktop's CanDraw does.
func CanDraw(r rune) bool {
	if InNameFont(r) {
		return true
	}
	d := drawable()
	d.mu.Lock()
	defer d.mu.Unlock()
	return hasRune(d.goFont, &d.buf, r) || hasRune(d.common, &d.buf, r)
}
