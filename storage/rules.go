package storage

import "bashni/rules"

// The one translator between the words of the documents and the rules'
// types: a document keeps a variant as "Bashni" or "Lasca", a side as
// "white" or "black" and a result's reason as "no-moves", "time"… (the
// JSON never changes); the game speaks rules.Variant, rules.Color and
// rules.Reason.

// Rules is the rules' variant v names (Bashni for anything but Lasca:
// Normalize lets only the two through).
func (v Variant) Rules() rules.Variant {
	if v == VariantLasca {
		return rules.Lasca
	}
	return rules.Bashni
}

// VariantOf is the document's word for v.
func VariantOf(v rules.Variant) Variant {
	if v == rules.Lasca {
		return VariantLasca
	}
	return VariantBashni
}

// Rules is the rules' colour c names (White for anything but black).
func (c Color) Rules() rules.Color {
	if c == Black {
		return rules.Black
	}
	return rules.White
}

// ColorOf is the document's word for c.
func ColorOf(c rules.Color) Color {
	if c == rules.Black {
		return Black
	}
	return White
}

// Rules is the rules' reason r names (NoReason for ReasonNone).
func (r Reason) Rules() rules.Reason {
	for c := rules.NoMoves; c <= rules.Abandonment; c++ {
		if Reason(c.Code()) == r {
			return c
		}
	}
	return rules.NoReason
}

// ReasonOf is the document's code for r.
func ReasonOf(r rules.Reason) Reason { return Reason(r.Code()) }
