package sprites

import "testing"

func TestBadgeAndSplitText(t *testing.T) {
	for _, tc := range []struct{ col, badge, split string }{
		{"", "", "0"},
		{"W", "", "1"},
		{"WW", "2", "2"},
		{"WB", "2", "2 (1/1)"},
		{"KWBB", "4", "4 (2/2)"},
		{"BWWWWWWWWWWW", "12", "12 (1/11)"},
	} {
		c := column(tc.col)
		if got := BadgeText(c); got != tc.badge {
			t.Errorf("BadgeText(%s) = %q, want %q", tc.col, got, tc.badge)
		}
		if got := SplitText(c); got != tc.split {
			t.Errorf("SplitText(%s) = %q, want %q", tc.col, got, tc.split)
		}
	}
}

func TestCaptureOutcomeText(t *testing.T) {
	for _, tc := range []struct{ col, want string }{
		{"", ""},
		{"W", "Taking it empties the square"},
		{"WBB", "Taking the top frees 2 black pieces: Black gets the column"},
		{"BW", "Taking the top frees 1 white piece: White gets the column"},
		{"WQB", "Taking the top frees 2 black pieces: Black gets the column, a king on top"},
		{"WW", "Taking the top leaves 1 white piece: White keeps the column"},
		{"QBWWW", "Taking the top leaves 1 black piece over 3 white pieces: Black keeps the column"},
		{"WKB", "Taking the top leaves 1 white piece over 1 black piece: White keeps the column, a king on top"},
	} {
		if got := CaptureOutcomeText(column(tc.col)); got != tc.want {
			t.Errorf("CaptureOutcomeText(%s) = %q\n want %q", tc.col, got, tc.want)
		}
	}
}

func TestOutcomeOfCapture(t *testing.T) {
	o := OutcomeOfCapture(column("WBBQ"))
	if o.Empties || o.Freed != 3 || o.Left != 3 || o.Owner.String() != "Black" || o.NewTopKing {
		t.Errorf("WBBQ: %+v", o)
	}
	if o := OutcomeOfCapture(column("B")); !o.Empties {
		t.Errorf("B: %+v", o)
	}
}
