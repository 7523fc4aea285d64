package records

import "bashni/scenes"

// focusRows makes every finished game a Tab stop: the focused row is
// scrolled into view, Enter or Space opens it. It reports whether one was
// opened.
func (s *ArchiveScene) focusRows(c scenes.Context) bool {
	l, rh := s.rects.List, s.rects.RowH
	for i := range s.games {
		r := scenes.Rect{X: l.X, Y: l.Y + float64(i)*rh - s.scroll, W: l.W, H: rh}
		name := ""
		if i < len(s.rows) {
			name = s.rows[i].name
		}
		st := c.FocusItem(r, name)
		if st.Activated && !st.Focused {
			s.open(c, i) // from the page's mirror
			return true
		}
		if !st.Focused {
			continue
		}
		if r.Y < l.Y || r.Y+r.H > l.Y+l.H {
			// Scroll so that the row shows whole; the ring follows next tick.
			if r.Y < l.Y {
				s.scroll -= l.Y - r.Y
			} else {
				s.scroll += r.Y + r.H - (l.Y + l.H)
			}
			s.clamp()
			c.Invalidate()
		}
		if st.Activated {
			s.open(c, i)
			return true
		}
	}
	return false
}
