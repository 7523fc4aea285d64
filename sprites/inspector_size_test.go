package sprites

import "testing"

// TestInspectorTextReadableOnAPhone: the inspector's smallest text (0.7
// units) is at least InspectorMinTextDP dp at any square size and device
// scale (a phone at 390×844 has squares of about 43 dp), and the panel
// still grows with big squares.
func TestInspectorTextReadableOnAPhone(t *testing.T) {
	for _, tc := range []struct{ squareDP, dp float64 }{
		{43, 1}, {43, 2}, {43, 3}, {30, 2}, {90, 1}, {90, 2},
	} {
		u := inspectorUnit(tc.squareDP*tc.dp, tc.dp)
		if small := 0.7 * u / tc.dp; small < InspectorMinTextDP-0.01 {
			t.Errorf("square %v dp at scale %v: smallest text %.1f dp, want ≥ %d", tc.squareDP, tc.dp, small, InspectorMinTextDP)
		}
	}
	if big, small := inspectorUnit(120, 1), inspectorUnit(43, 1); big <= small {
		t.Errorf("the panel does not grow with the squares: unit %v at 120 px, %v at 43 px", big, small)
	}
}
