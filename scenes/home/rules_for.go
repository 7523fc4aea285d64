package home

import "bashni/scenes"
import "bashni/rules"

// NewRulesSceneFor opens the rules at the pages of variant v: a Lasca
// game's menu opens them at Lasca, not at the Bashni pages.
func NewRulesSceneFor(c scenes.Context, v rules.Variant) *RulesScene {
	s := NewRulesScene(c)
	if v == rulesPages[0].variant {
		return s
	}
	for i := range rulesPages {
		if rulesPages[i].variant == v {
			s.setPage(c, i)
			break
		}
	}
	return s
}
