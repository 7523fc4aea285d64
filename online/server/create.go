package server

import (
	"crypto/rand"
	"errors"

	"bashni/online/protocol"
	"bashni/online/referee"
	"bashni/online/store"
	"bashni/rules"
)

// create makes a game with the creator in their seat. The connection has
// left its previous game already (conn.handle).
func (s *Server) create(c *conn, m *protocol.ClientMessage) error {
	variant, err := rules.ParseVariant(m.Variant)
	if err != nil {
		return protocol.Errorf(protocol.ErrBadMessage, "%v", err)
	}
	seat := referee.White
	switch m.Color {
	case protocol.Black:
		seat = referee.Black
	case protocol.Random:
		var b [1]byte
		rand.Read(b[:])
		seat = rules.Color(b[0] & 1)
	}
	token := protocol.NewToken()
	var tokens [2][]byte
	tokens[seat] = hashToken(token)
	first := referee.Created(s.now(), variant, *m.Clock, []rules.Color{seat}, "")
	var id string
	for range 5 {
		id = protocol.NewCode()
		st := &referee.State{ID: id}
		if err := st.Apply(first); err != nil {
			return err
		}
		err = s.store.Create(s.ctx, store.NewGame{ID: id, Event: first.Marshal(), Tokens: tokens, Created: st.Created, Meta: metaOf(st)})
		if !errors.Is(err, store.ErrExists) {
			break
		}
	}
	if err != nil {
		s.log.Error("creating a game", "err", err)
		return unavailable(err)
	}
	r, err := s.acquire(c.ctx, id)
	if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.add(c, int8(seat))
	r.sendState(c, int8(seat))
	c.sendMsg(protocol.ServerMessage{Type: protocol.TypeSeated, Re: m.ID, Game: id, Seat: referee.SeatName(seat), Token: token})
	c.holds(id)
	return nil
}
