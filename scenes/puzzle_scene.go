package scenes

import "bashni/rules"

// NewPuzzleScene is not written yet: the lessons list offers the puzzles
// once it is (the next commit).
func NewPuzzleScene(c Context, v rules.Variant) Scene { return NewLessonsScene(c) }
