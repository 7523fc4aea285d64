package play

import (
	"bashni/scenes"
	"bashni/scenes/ui"
)

// review is the play screen looking back: the ply shown while reviewing
// the move list, a replay under way, the playback controls and the status
// line they say.
type review struct {
	ply       int // the ply shown; -1 follows the game
	replaying bool
	next      int64 // the tick of the replay's next move
	pb        playback
	now       string // the status line while reviewing
	was       reviewKey
	btnReturn ui.Button
}

// playback is the play screen's row of controls while it shows an earlier
// position — replaying the game (the game-over card's Replay) or reviewing
// it from the move list: to the start, a move back, pause or play on, a
// move on, back to the game. It takes the place of Undo, Redo, Flip, Hint
// and Menu, which act on the game as it stands.
type playback struct {
	first, prev, pause, next, last ui.Button
}

func (pb *playback) init(c scenes.Context) {
	t := c.Text()
	pb.first = ui.Button{Label: t.T("ux.pb_first"), Icon: ui.IconFirst, Kind: ui.Flat}
	pb.prev = ui.Button{Label: t.T("ux.pb_prev"), Icon: ui.IconPrev, Kind: ui.Flat}
	pb.pause = ui.Button{Kind: ui.Flat}
	pb.next = ui.Button{Label: t.T("ux.pb_next"), Icon: ui.IconForward, Kind: ui.Flat}
	pb.last = ui.Button{Label: t.T("ux.pb_last"), Icon: ui.IconLast, Kind: ui.Flat}
}

func (pb *playback) buttons() []*ui.Button {
	return []*ui.Button{&pb.first, &pb.prev, &pb.pause, &pb.next, &pb.last}
}

// reviewing reports whether the play screen shows the playback controls.
func (s *Screen) reviewing() bool { return s.review.replaying || !s.live() }

// updatePlayback handles the playback controls; the labels follow the
// state (Pause while replaying, Play while paused).
func (s *Screen) updatePlayback(c scenes.Context) {
	pb := &s.review.pb
	t := c.Text()
	if s.review.replaying {
		pb.pause.Label, pb.pause.Icon = t.T("ux.pb_pause"), ui.IconPause
	} else {
		pb.pause.Label, pb.pause.Icon = t.T("ux.pb_play"), ui.IconPlay
	}
	ply, end := s.shownPly(), s.sess.Game().Ply()
	pb.first.Disabled, pb.prev.Disabled = ply == 0, ply == 0
	pb.next.Disabled = ply >= end
	pb.pause.Disabled = ply >= end && !s.review.replaying
	switch {
	case c.Used(&pb.first):
		s.stopReplay()
		s.stepView(c, 0)
	case c.Used(&pb.prev):
		s.stopReplay()
		s.stepView(c, ply-1)
	case c.Used(&pb.pause):
		s.togglePlayback(c)
	case c.Used(&pb.next):
		s.stopReplay()
		s.stepView(c, ply+1)
	case c.Used(&pb.last):
		s.stopReplay()
		s.returnToGame(c)
	}
}

// togglePlayback pauses a replay where it is, or plays on from the move
// shown.
func (s *Screen) togglePlayback(c scenes.Context) {
	if s.review.replaying {
		s.stopReplay() // the position stays: a review at that move
		c.Invalidate()
		return
	}
	if s.shownPly() >= s.sess.Game().Ply() {
		return
	}
	s.sess.Pause()
	s.review.replaying = true
	s.review.ply = s.shownPly()
	s.review.next = c.Tick() + replayStepTicks/2
	s.acceptMoves()
	c.Invalidate()
}

// reviewText is the status line while replaying or reviewing: the move
// shown and the last one, counted as the move list counts them (a move is
// White's and Black's), not in half-moves.
func (s *Screen) reviewText(c scenes.Context) string {
	g := s.sess.Game()
	ply := s.shownPly()
	t := c.Text()
	if ply == 0 {
		if s.review.replaying {
			return t.T("ux.replay_start")
		}
		return t.T("ux.review_start")
	}
	id := "ux.reviewing"
	if s.review.replaying {
		id = "ux.replaying"
	}
	return t.F(id, "Move", scenes.MoveNumber(g, ply), "Moves", scenes.MoveNumber(g, g.Ply()))
}

// reviewKey is what reviewText depends on.
type reviewKey struct {
	replaying bool
	ply, end  int
}

// refreshReview looks the status line's words up when what it says
// changes (not in Draw).
func (s *Screen) refreshReview(c scenes.Context) {
	if !s.reviewing() {
		return
	}
	k := reviewKey{s.review.replaying, s.shownPly(), s.sess.Game().Ply()}
	if k != s.review.was || s.review.now == "" {
		s.review.was, s.review.now = k, s.reviewText(c)
		c.Invalidate()
	}
}
