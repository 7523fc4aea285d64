package server

import (
	"time"
)

// janitor stores the flag falls of games nobody is watching (a watched
// game's room has its own timer) and deletes expired games.
func (s *Server) janitor() {
	defer s.bg.Done()
	t := s.clock.NewTicker(s.cfg.JanitorEvery)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.Chan():
			s.sweep()
		}
	}
}

func (s *Server) sweep() {
	now := s.now()
	due, err := s.store.Due(s.ctx, now, 1000)
	if err != nil {
		s.log.Error("finding games out of time", "err", err)
	}
	for _, id := range due {
		r, err := s.acquire(s.ctx, id)
		if err != nil {
			continue
		}
		r.mu.Lock()
		r.settle()
		r.mu.Unlock()
		s.release(r)
	}
	n, err := s.store.Expire(s.ctx, now.Add(-s.cfg.ExpireIdle), now.Add(-s.cfg.KeepFinished))
	if err != nil {
		s.log.Error("expiring games", "err", err)
	} else if n > 0 {
		s.log.Info("expired games", "count", n)
	}
	s.createLimits.sweep(10 * time.Minute)
	s.attachLimits.sweep(10 * time.Minute)
	s.ids.sweep()
}

// Stats are a node's figures for monitoring and the load benchmark.
type Stats struct {
	Games       int `json:"games"`       // games held in memory
	Connections int `json:"connections"` // open WebSockets
}

// Stats counts what the node holds now.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Stats{Games: len(s.rooms), Connections: len(s.conns)}
}
