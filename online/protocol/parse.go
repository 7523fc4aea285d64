package protocol

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ParseClientMessage reads one client message as docs/ONLINE.md defines it
// and checks it (Validate). It reads only the fields the message's type
// uses, each as the JSON type the protocol gives it, so that a refusal
// names the field in the protocol's words ("ply" must be a whole number)
// instead of repeating a decoder's Go types; other fields are ignored, like
// unknown ones, and a null is taken as the field's absence.
//
// On a refusal the returned message still carries what could be read: its
// ID (when it is a valid id) for the answer's "re", and its Type, so that
// the server can tell which request it refused.
func ParseClientMessage(data []byte) (ClientMessage, error) {
	var m ClientMessage
	if !json.Valid(data) {
		// A syntax error's text names the byte, never a Go type.
		var v any
		err := json.Unmarshal(data, &v)
		if err == nil {
			return m, Errorf(ErrBadMessage, "a message is one JSON object")
		}
		return m, Errorf(ErrBadMessage, "not JSON: %v", err)
	}
	if k := jsonKind(data); k != "an object" {
		return m, Errorf(ErrBadMessage, "a message is a JSON object, not %s", k)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return m, Errorf(ErrBadMessage, "not a JSON object: %v", err) // cannot happen: checked above
	}
	f := fieldReader{fields: fields}
	if raw, ok := f.get("id"); ok {
		id, err := positiveID(raw)
		if err != nil {
			return m, err
		}
		m.ID = id
	}
	raw, ok := f.get("type")
	if !ok {
		return m, Errorf(ErrBadMessage, "the message has no \"type\"")
	}
	if err := json.Unmarshal(raw, &m.Type); err != nil || raw[0] != '"' {
		return m, Errorf(ErrBadMessage, "\"type\" must be a string, not %s", jsonKind(raw))
	}
	switch m.Type {
	case TypeHello:
		f.int("protocol", &m.Protocol)
		f.string("client", &m.Client)
	case TypeCreate:
		f.string("variant", &m.Variant)
		f.string("color", &m.Color)
		if raw, ok := f.get("clock"); ok {
			m.Clock = new(Clock)
			f.clock(raw, m.Clock)
		}
	case TypeJoin, TypeWatch:
		f.string("game", &m.Game)
	case TypeResume:
		f.string("game", &m.Game)
		f.string("token", &m.Token)
	case TypeMove:
		f.string("move", &m.Move)
		if !f.int("ply", &m.Ply) && f.err == nil {
			f.err = Errorf(ErrBadMessage, "move needs \"ply\": the number of moves played before it (the state's \"ply\")")
		}
	case TypeIdentify, TypeSetName, TypeClaimTransfer, TypeProfile, TypeLeaderboard:
		f.string("key", &m.Key)
		f.string("name", &m.Name)
		f.string("code", &m.Code)
		f.string("variant", &m.Variant)
		f.string("speed", &m.Speed)
	case TypeAnswerDraw, TypeAnswerTakeback, TypeAnswerRematch:
		if raw, ok := f.get("accept"); ok {
			var b bool
			if raw[0] != 't' && raw[0] != 'f' || json.Unmarshal(raw, &b) != nil {
				f.fail("accept", "true or false", raw)
			} else {
				m.Accept = &b
			}
		}
	}
	if isLobbyType(m.Type) {
		f.parseLobby(&m)
	}
	if isArenaType(m.Type) {
		f.parseArena(&m)
	}
	if f.err != nil {
		return m, f.err
	}
	if err := m.Validate(); err != nil {
		return m, err
	}
	return m, nil
}

// RequestID is the id of a message that is not read otherwise (one refused
// by a rate limit), so that its refusal can still answer it: 0 unless the
// message is a JSON object with a valid id.
func RequestID(data []byte) int64 {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(data, &m) != nil || len(m.ID) == 0 {
		return 0
	}
	id, err := positiveID(m.ID)
	if err != nil {
		return 0
	}
	return id
}

// positiveID reads an "id": a positive whole number.
func positiveID(raw json.RawMessage) (int64, error) {
	id, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil || id <= 0 {
		what := jsonKind(raw)
		if what == "a number" {
			what = string(raw)
			if len(what) > 24 {
				what = what[:24] + "…"
			}
		}
		return 0, Errorf(ErrBadMessage, "\"id\" must be a positive whole number, not %s", what)
	}
	return id, nil
}

// fieldReader reads typed fields out of a message object; the first wrong
// one is kept in err and the rest are not read.
type fieldReader struct {
	fields map[string]json.RawMessage
	prefix string // "clock." inside the clock
	err    error
}

// get returns a field's JSON text; a field that is absent or null is not
// there.
func (f *fieldReader) get(name string) (json.RawMessage, bool) {
	raw, ok := f.fields[name]
	if !ok || len(raw) == 0 || string(raw) == "null" {
		return nil, false
	}
	return raw, true
}

func (f *fieldReader) fail(name, want string, raw json.RawMessage) {
	if f.err == nil {
		f.err = Errorf(ErrBadMessage, "\"%s%s\" must be %s, not %s", f.prefix, name, want, jsonKind(raw))
	}
}

// string reads a string field; it reports whether the field was there.
func (f *fieldReader) string(name string, dst *string) bool {
	raw, ok := f.get(name)
	if !ok || f.err != nil {
		return ok
	}
	if raw[0] != '"' || json.Unmarshal(raw, dst) != nil {
		f.fail(name, "a string", raw)
	}
	return true
}

// int reads a whole-number field; it reports whether the field was there.
func (f *fieldReader) int(name string, dst *int) bool {
	raw, ok := f.get(name)
	if !ok || f.err != nil {
		return ok
	}
	n, err := strconv.ParseInt(string(raw), 10, strconv.IntSize)
	if err != nil {
		if jsonKind(raw) == "a number" {
			f.err = Errorf(ErrBadMessage, "\"%s%s\" must be a whole number, not %s", f.prefix, name, clip(string(raw)))
			return true
		}
		f.fail(name, "a whole number", raw)
		return true
	}
	*dst = int(n)
	return true
}

// clock reads create's clock object.
func (f *fieldReader) clock(raw json.RawMessage, c *Clock) {
	if f.err != nil {
		return
	}
	var fields map[string]json.RawMessage
	if raw[0] != '{' || json.Unmarshal(raw, &fields) != nil {
		f.fail("clock", "an object like {\"kind\":\"live\",\"initial\":300,\"increment\":3}", raw)
		return
	}
	in := fieldReader{fields: fields, prefix: "clock."}
	in.string("kind", &c.Kind)
	in.int("initial", &c.Initial)
	in.int("increment", &c.Increment)
	in.int("days", &c.Days)
	f.err = in.err
}

// jsonKind names the JSON type of a value, as a refusal says it.
func jsonKind(raw []byte) string {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "true or false"
	case 'n':
		return "null"
	}
	return "a number"
}

// validClientName: the client's name is shown in logs and to operators, so
// it is plain text on one line.
func validClientName(s string) error {
	if len(s) > MaxClientName {
		return Errorf(ErrBadMessage, "\"client\" is longer than %d bytes", MaxClientName)
	}
	if !utf8.ValidString(s) {
		return Errorf(ErrBadMessage, "\"client\" is not UTF-8 text")
	}
	if i := strings.IndexFunc(s, isControl); i >= 0 {
		r, _ := utf8.DecodeRuneInString(s[i:])
		return Errorf(ErrBadMessage, "\"client\" has the control character %U; it is one line of plain text", r)
	}
	return nil
}

// isControl reports C0 and C1 control characters and DEL, and the line and
// paragraph separators, which would break a log line just as well.
func isControl(r rune) bool {
	return r < 0x20 || r >= 0x7f && r < 0xa0 || r == '\u2028' || r == '\u2029'
}
