// Package session is a game in progress, whatever the mode: the rules'
// Game, one Player per side, and what is decided for them — whose turn it
// is, asking the computer (its search runs off the game loop) and
// cancelling it, undo and redo, hints, resignation and draws, the result,
// autosave and the archive. It has no pixels and no Ebitengine: it is
// tested with a plain go test.
//
// The scenes drive it once a tick:
//
//	s.Tick(now, boardReady)       // collects answers, plays them, begins the next turn
//	for _, ev := range s.Events() // what happened: animate moves, show who thinks, …
//
// and act for the person at the device: Play (a move entered on the
// board), Undo, Redo, AskHint, Resign, OfferDraw, AnswerDraw,
// AnswerTakeback.
//
// Players (Player):
//
//   - NewPerson: someone at this device; their moves come from the board.
//     An analysis board has a person on both sides, two friends at one
//     screen too.
//   - NewComputer: the computer at a level, thinking with a Brain (an
//     Engine shared with the hints, one search at a time).
//   - NewScripted: a lesson's or a puzzle's answers (Line follows a line and
//     answers a wrong try with a refutation). A lesson refuses a person's
//     try before it is played with a Judge; a puzzle lets it be played and
//     Undo ("retry") takes the try and the refutation back.
//   - Remote (the online package): moves, offers, answers, refusals, results
//     and presence arrive through Poll from a network; the local side's
//     doings leave through Observe. Against a remote player Undo is a
//     takeback request and OfferDraw an offer the other side answers.
package session
