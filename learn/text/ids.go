package text

// The IDs of texts that the screens show with no package of their own to
// name them yet (the puzzle and analysis screens of the UI phase).
const (
	PuzzleRight        = "puzzle.right"
	PuzzleSolved       = "puzzle.solved"
	PuzzleWrong        = "puzzle.wrong"
	PuzzleRating       = "puzzle.rating"
	PuzzleStreak       = "puzzle.streak"
	AnalysisBetter     = "analysis.better"
	AnalysisProgress   = "analysis.progress"
	AnalysisLearn      = "analysis.learn.prompt"
	AnalysisLearnFound = "analysis.learn.found"
	AnalysisLearnAgain = "analysis.learn.again"
)
