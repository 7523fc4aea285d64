package text

// messages is the catalogue: every text of the learning screens, in
// English. IDs are stable: change the English freely, never the ID of a
// text whose meaning stays. Placeholders: {{.Square}}, {{.From}}, {{.To}}
// are square names (a1…h8), {{.Move}} a move in the game's notation
// (c3-d4, a3:c5:e7).
var messages = []Message{
	// Why a try is not legal (package explain).
	{"why.illegal", "A try that breaks a rule the game could not name (should not happen).", "That move is not allowed here."},
	{"why.no_column", "The player picked an empty square.", "There is no column on {{.Square}}."},
	{"why.not_yours", "The player picked a column of the opponent.", "The column on {{.Square}} is your opponent's: the piece on top decides whose a column is."},
	{"why.game_over", "The side to move has no legal move left.", "There is no legal move: the game is over."},
	{"why.cannot_move", "The picked column has no legal move; the marked squares block it.", "The column on {{.Square}} cannot move: the squares in front of it are taken."},
	{"why.capture_compulsory", "The player made a quiet move while a capture was possible; the route of a capture is shown.", "Capturing is compulsory: you must capture, for example {{.Move}}."},
	{"why.choose_route", "Several capture routes go from one square to another; the player must show the way.", "Several captures go from {{.From}} to {{.To}}: show the way square by square."},
	{"why.not_diagonal", "Columns move only along diagonals.", "Columns move along the diagonals only, and {{.To}} is not on a diagonal from {{.From}}."},
	{"why.occupied", "The landing square is taken by a column.", "{{.Square}} is taken: a column moves or jumps to an empty square only."},
	{"why.man_forward", "A man (a column with a man on top) tried to move backwards without capturing.", "A man moves forward only. It may capture backwards, but not move there."},
	{"why.man_one_step", "A man tried to move more than one square.", "A man moves one square at a time. Only kings fly."},
	{"why.king_one_step", "Lasca: an officer (king) tried to move or capture more than one step.", "In Lasca an officer moves and captures one step at a time: it does not fly."},
	{"why.two_columns", "A jump passed over more than one column.", "One jump takes one column, and the square just beyond it must be empty."},
	{"why.jump_own", "The player tried to jump their own column.", "The column on {{.Square}} is yours: you can only jump your opponent's columns."},
	{"why.man_short_jump", "A man jumps only a neighbouring column, onto the square just behind it.", "A man jumps the column right next to it, on {{.Square}}, and lands just behind it."},
	{"why.forward_capture", "Lasca: men capture forward only.", "In Lasca a soldier captures forward only."},
	{"why.turkish_land", "Turkish strike: the landing square holds a column jumped earlier in the same move.", "The column on {{.Square}} was jumped in this move and stays there until the move ends: you cannot land on it."},
	{"why.turkish_pass", "Turkish strike: the route crosses a column jumped earlier in the same move.", "The column on {{.Square}} was jumped in this move and stays there until the move ends: you can neither jump it again nor pass over it."},
	{"why.only_by_capturing", "After a jump the capturing column tried a plain move.", "After a jump the move goes on only by capturing again."},
	{"why.quiet_ends", "The player went on after a plain (non-capturing) move.", "A move without a capture ends on {{.Square}}: only captures go on."},
	{"why.must_continue", "The player stopped a capture that can go on; the next landing squares are marked.", "The capture is not over: from {{.Square}} you must jump again."},
	{"why.must_continue_king", "A man was crowned during a capture and can capture on as a king; it must.", "Your man became a king on {{.Square}}, and a king can jump again from there: the capture goes on."},
	{"why.king_landing", "A king jumped and landed where it cannot go on capturing, while other landing squares (marked) would let it.", "After jumping {{.Square}} your king must land where it can capture again: on one of the marked squares."},
	{"why.promotion_ends", "Lasca: a soldier crowned during a capture stops there.", "In Lasca crowning ends the move: the new officer stops on {{.Square}}."},

	// Legal moves that do not do what a lesson step asks.
	{"why.not_the_goal", "A legal move that is not what the lesson step asks.", "That is allowed, but it is not what this step asks. Try again."},
	{"why.can_still_move", "Lesson on blocking: after the player's move the opponent can still move; one such move is shown.", "Your opponent can still move, for example {{.Move}}. Leave no move at all."},
	{"why.refuted", "A legal move that loses: the opponent's answer is shown.", "That loses: your opponent answers {{.Move}}."},

	// Lessons (package lessons). Each lesson has a title, an introduction
	// (one or two sentences), the task of each step and what is said after
	// the step is done. The player has White.
	{"lesson.over", "A try after the lesson was finished.", "This lesson is finished."},

	{"lesson.forward.title", "Lesson title.", "Men move forward"},
	{"lesson.forward.intro", "Lesson introduction.", "Bashni is played on the dark squares. A man moves one square diagonally forward, to an empty square."},
	{"lesson.forward.step1", "Task: the player has one man.", "Move your man one square diagonally forward."},
	{"lesson.forward.praise1", "After the first move; Black has answered.", "Well done. Black's men move forward too — down the board, towards you."},
	{"lesson.forward.step2", "Task: move again.", "Move your man forward again. Try a move backwards or a long one, too: the board tells you why it is not allowed."},
	{"lesson.forward.praise2", "Lesson done.", "That is all a man does when there is nothing to capture."},

	{"lesson.capture.title", "Lesson title.", "Capturing is compulsory"},
	{"lesson.capture.intro", "Lesson introduction.", "A column next to an enemy column with an empty square behind it jumps over it: that is a capture, and when you can capture, you must."},
	{"lesson.capture.step1", "Task: the one capture of the position.", "A black man stands next to yours with an empty square behind it. Capture it: jump over it."},
	{"lesson.capture.praise1", "After the capture.", "Right: a capture is compulsory, even when you would rather move another man."},
	{"lesson.capture.step2", "Task: two captures, one of them loses the man; the player must pick the safe one.", "You have two captures. You must capture, but you may choose which — even the one that takes less. Choose the capture after which Black cannot take back."},
	{"lesson.capture.wrong2", "The player took two men but Black takes back; the answer is shown.", "You took two men, but Black answers {{.Move}}: it takes the top of your column, and the men under it are Black's again. Choose the other capture."},
	{"lesson.capture.praise2", "After the safe capture.", "Yes: nobody has to take the most. Choose the capture that is good for you."},

	{"lesson.under.title", "Lesson title.", "The captured piece goes under you"},
	{"lesson.under.intro", "Lesson introduction.", "In Bashni nothing leaves the board. A piece you capture goes under your capturing piece, and together they make a column."},
	{"lesson.under.step1", "Task: capture and watch the prisoner go under.", "Capture the black man, and watch where it goes."},
	{"lesson.under.praise1", "After the capture; the column is now two pieces.", "Your man now stands on its prisoner: a column of two. A column belongs to the player whose piece is on top."},
	{"lesson.under.step2", "Task: move the column.", "A column moves like its top piece. Yours has a man on top, so it moves one square forward. Move it."},
	{"lesson.under.praise2", "After moving the column.", "The prisoner travels with your column and cannot move by itself."},
	{"lesson.under.step3", "Task: capture with a column that already holds a prisoner.", "Capture again with your column. Where does the new prisoner go?"},
	{"lesson.under.praise3", "After the capture.", "To the very bottom: prisoners go under the column in the order they were taken."},

	{"lesson.top.title", "Lesson title.", "Jumping a column takes only its top"},
	{"lesson.top.intro", "Lesson introduction.", "A jump takes only the top piece of the column jumped. The rest stays on its square, and the new top decides whose column it is."},
	{"lesson.top.step1", "Task: the black column on d4 holds a white prisoner; jumping it frees the prisoner.", "The black column on d4 holds one of your men prisoner. Jump it: you take only its top, and your man is free again."},
	{"lesson.top.wrong1", "The player made the other capture, which frees nobody; d4 is marked.", "That capture frees nobody. Look at the column on d4: your man is under the black one."},
	{"lesson.top.praise1", "After freeing the prisoner.", "Your man on d4 is free: the column is yours again."},
	{"lesson.top.step2", "Task: two black columns, one with white men under its top; jumping that one turns it white.", "Two tall black columns. Jump the one whose top is the only black piece: with its top gone, the column becomes yours."},
	{"lesson.top.wrong2", "The player jumped the column that stays black; both columns are marked.", "After that jump the column on b4 still has a black man on top, so it stays Black's. Look at what is under each top."},
	{"lesson.top.praise2", "After turning the tall column white.", "The column on f4 is yours now: three of your men were freed by one jump."},

	{"lesson.chain.title", "Lesson title.", "Chains of captures and the Turkish strike"},
	{"lesson.chain.intro", "Lesson introduction.", "After a jump, if the column can jump again, it must, until no jump is left. Men capture backwards too."},
	{"lesson.chain.step1", "Task: a chain of three jumps, the last one backwards.", "Capture with your man, and keep jumping while you can — backwards too."},
	{"lesson.chain.praise1", "After the chain of three captures.", "Three men in one move. A capture is over only when no jump is left."},
	{"lesson.chain.step2", "Task: capture to h8 and be crowned there; the jumped man on g7 then blocks the king (Turkish strike).", "Capture with h4 so that your man ends on h8."},
	{"lesson.chain.wrong2", "The player chose the other capture route; h8 is marked.", "That capture is allowed, but this time go to h8."},
	{"lesson.chain.praise2", "After h4:f6:h8; explains the Turkish strike.", "Your man was crowned on h8 and had to stop there. A jumped column stays on the board until the move is over: the man on g7 blocks the long diagonal, so the new king cannot reach e5. This is the Turkish strike."},
	{"lesson.chain.step3", "Task: a king can take two of three black men, never all three, because of the Turkish strike.", "Capture with your king. Can it take all three black men?"},
	{"lesson.chain.praise3", "After the king's capture.", "Two is the most: the man you jumped stays in the way until the move ends, and you may neither jump it twice nor pass over it."},

	{"lesson.king.title", "Lesson title.", "Kings fly"},
	{"lesson.king.intro", "Lesson introduction.", "A man that ends its move on the far side of the board is crowned: it becomes a king."},
	{"lesson.king.step1", "Task: crown the man.", "Move your man to the last rank."},
	{"lesson.king.praise1", "After crowning.", "Your man is a king now."},
	{"lesson.king.step2", "Task: the king flies across the board to a1.", "A king flies: any number of empty squares along a diagonal, forwards or backwards. Take your king to a1 in one move."},
	{"lesson.king.wrong2", "The king moved elsewhere; a1 is marked.", "That is a king's move too, but go all the way to a1."},
	{"lesson.king.praise2", "After the king's long move; Black has answered.", "Right across the board in one move."},
	{"lesson.king.step3", "Task: capture from a distance.", "A king captures from afar too: it jumps a column at any distance and lands on any empty square beyond it. Capture!"},
	{"lesson.king.praise3", "After the king's capture.", "Kings are strong: a king is worth about three men."},

	{"lesson.crown.title", "Lesson title.", "Crowned in the middle of a capture"},
	{"lesson.crown.intro", "Lesson introduction.", "A man that reaches the last rank during a capture is crowned at once, and if the new king can capture, it goes on as a king."},
	{"lesson.crown.step1", "Task: capture onto d8, be crowned, and continue as a king over f6.", "Capture: your man is crowned on d8 on the way and goes on capturing as a king."},
	{"lesson.crown.praise1", "After the capture.", "One move: a man's jump, a crown, and a king's jump."},

	{"lesson.landing.title", "Lesson title.", "Where a king lands"},
	{"lesson.landing.intro", "Lesson introduction.", "After a jump a king may land on any empty square beyond the column it took — but if some of those squares let it capture again, it must land on one of them."},
	{"lesson.landing.step1", "Task: the king must land on e5, the one square from which it captures again.", "Capture with your king. Where must it land?"},
	{"lesson.landing.praise1", "After the king's capture.", "Only from e5 could your king go on, so it had to land there."},

	{"lesson.block.title", "Lesson title.", "Winning by blocking"},
	{"lesson.block.intro", "Lesson introduction.", "You win when your opponent cannot move: all their columns are blocked, or all their pieces are your prisoners."},
	{"lesson.block.step1", "Task: one move leaves Black without a legal move.", "Make a move that leaves Black without a move."},
	{"lesson.block.praise1", "After the blocking move; the game is won.", "Black cannot move a single man: you win."},
	{"lesson.block.step2", "Task: free the last prisoner; Black then has no column that can move.", "Black has one free column left. Win now."},
	{"lesson.block.praise2", "After the winning capture.", "Black's last top went under your man, and the man on h8 is blocked: Black has no move and loses."},

	{"lesson.lasca.title", "Lesson title.", "Lasca: the differences"},
	{"lesson.lasca.intro", "Lesson introduction.", "Lasca, Emanuel Lasker's game, is column draughts on a 7×7 board with the rules of English draughts: soldiers capture forward only, officers take one step at a time, and a captured top goes under the capturer at once."},
	{"lesson.lasca.step1", "Task (Lasca): capture forward; the backward capture is not allowed.", "Capture. In Lasca a soldier captures forward only."},
	{"lesson.lasca.praise1", "After the capture.", "Right. The man behind you was safe."},
	{"lesson.lasca.step2", "Task (Lasca): move the officer one step.", "An officer moves one step in any direction — it does not fly. Move it."},
	{"lesson.lasca.praise2", "After the officer's move.", "One step, forwards or backwards."},
	{"lesson.lasca.step3", "Task (Lasca): capture onto the last rank; the move ends with the crowning.", "Capture to the last rank."},
	{"lesson.lasca.praise3", "After the crowning capture.", "In Lasca crowning ends the move, even when the new officer could capture again."},

	// Puzzles (package puzzles): themes, tiers and what the puzzle screen
	// says.
	{"puzzle.theme.win_column", "Puzzle theme: a capture takes the top of a tall enemy column.", "Win a column"},
	{"puzzle.theme.free_prisoners", "Puzzle theme: a capture frees the player's pieces held under an enemy top.", "Free your prisoners"},
	{"puzzle.theme.turkish_strike", "Puzzle theme: a capture ends because a jumped column stays on the board until the move is over.", "Turkish strike"},
	{"puzzle.theme.promotion_capture", "Puzzle theme: a man is crowned during a capture.", "Promotion in a capture"},
	{"puzzle.theme.king_shot", "Puzzle theme: a king takes several columns, or a quiet move breaks through to a crown.", "King shot"},
	{"puzzle.theme.blockade", "Puzzle theme: the opponent is left without a legal move.", "Blockade"},
	{"puzzle.theme.sacrifice", "Puzzle theme: the first move gives a piece away on purpose.", "Sacrifice"},
	{"puzzle.tier.beginner", "Puzzle tier name, easiest.", "Beginner"},
	{"puzzle.tier.intermediate", "Puzzle tier name.", "Intermediate"},
	{"puzzle.tier.advanced", "Puzzle tier name.", "Advanced"},
	{"puzzle.tier.expert", "Puzzle tier name, hardest.", "Expert"},
	{"puzzle.prompt.white", "Shown while a puzzle waits for the player's move; the player has White.", "Your turn: find the best move for White."},
	{"puzzle.prompt.black", "Shown while a puzzle waits for the player's move; the player has Black.", "Your turn: find the best move for Black."},
	{"puzzle.right", "After a right move when the line goes on.", "Right! Keep going."},
	{"puzzle.solved", "After the last move of the solution.", "Solved!"},
	{"puzzle.wrong", "After a wrong move; the opponent's answer is shown.", "Not this one: your opponent answers {{.Move}}. Try again."},
	{"puzzle.rating", "The player's puzzle rating and its change after a puzzle; Change has its sign, e.g. +12.", "Puzzle rating {{.Rating}} ({{.Change}})"},
	{"puzzle.streak", "The number of puzzles solved in a row without a mistake.", "Streak: {{.Count}}"},

	// The analysis board (package analysis).
	{"analysis.class.inaccuracy", "A move that lost a little (about a man near equality).", "Inaccuracy"},
	{"analysis.class.mistake", "A move that lost clearly (one to two men near equality).", "Mistake"},
	{"analysis.class.blunder", "A move that lost a lot (two and a half men or more near equality, or the game).", "Blunder"},
	{"analysis.better", "Shown with a marked move: the move the engine preferred.", "Better was {{.Move}}."},
	{"analysis.progress", "While the game is analysed; Done and Total count positions.", "Analysing: {{.Done}} of {{.Total}} positions"},
	{"analysis.learn.prompt", "Learn from your mistakes: the player is shown the position before their mistake.", "You played {{.Move}} here. Find a better move."},
	{"analysis.learn.found", "Learn from your mistakes: the player found a good move.", "Well found!"},
	{"analysis.learn.again", "Learn from your mistakes: the move tried is still not good.", "Not quite. Try again, or see the better move."},
}
