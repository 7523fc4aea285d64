package rules

// CaptureOutcome is what taking the top piece of a column does to it: the
// column inspector, the screen reader and the text command line say it in
// words.
type CaptureOutcome struct {
	Empties    bool  // the column was a single piece: its square becomes empty
	Freed      int   // prisoners that become the column's owners (0 if the owner keeps it)
	Owner      Color // who owns what is left
	Left       int   // pieces left on the square
	OwnLeft    int   // of them, the new owner's pieces on top
	NewTopKing bool  // the new top piece is a king
}

// CaptureOutcome works out what taking the top of c would do.
func (c Column) CaptureOutcome() CaptureOutcome {
	h := c.Height()
	if h <= 1 {
		return CaptureOutcome{Empties: true}
	}
	rest := c.WithoutTop()
	o := CaptureOutcome{Owner: rest.Owner(), Left: h - 1, OwnLeft: rest.OwnCount(), NewTopKing: rest.Top().IsKing()}
	if rest.Owner() != c.Owner() {
		o.Freed = o.OwnLeft
	}
	return o
}
