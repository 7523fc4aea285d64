package protocol_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"bashni/online/protocol"
)

// TestParseClientMessageRefusals: every refusal docs/ONLINE.md promises for
// a badly formed message is "bad-message" (or the code named), keeps the
// request's id for the answer's "re" when the id itself is good, names the
// field in the protocol's words and never a Go type.
func TestParseClientMessageRefusals(t *testing.T) {
	tests := []struct {
		name  string
		msg   string
		code  string
		id    int64  // the id the refusal answers (0: none)
		field string // the message must name it
	}{
		{"not JSON", `not json`, protocol.ErrBadMessage, 0, "JSON"},
		{"an array", `[1,2]`, protocol.ErrBadMessage, 0, "object"},
		{"a string", `"hello"`, protocol.ErrBadMessage, 0, "object"},
		{"null", `null`, protocol.ErrBadMessage, 0, "object"},
		{"no type", `{"id":3}`, protocol.ErrBadMessage, 3, `"type"`},
		{"type a number", `{"type":5,"id":3}`, protocol.ErrBadMessage, 3, `"type"`},
		{"type an object", `{"type":{"x":1},"id":3}`, protocol.ErrBadMessage, 3, `"type"`},
		{"unknown type", `{"type":"fly","id":3}`, protocol.ErrBadMessage, 3, "fly"},
		{"id 0", `{"type":"ping","id":0}`, protocol.ErrBadMessage, 0, `"id"`},
		{"negative id", `{"type":"ping","id":-4}`, protocol.ErrBadMessage, 0, `"id"`},
		{"fractional id", `{"type":"ping","id":1.5}`, protocol.ErrBadMessage, 0, `"id"`},
		{"id a string", `{"type":"ping","id":"7"}`, protocol.ErrBadMessage, 0, `"id"`},
		{"id too large", `{"type":"ping","id":99999999999999999999}`, protocol.ErrBadMessage, 0, `"id"`},
		{"move without ply", `{"type":"move","move":"c3-d4","id":3}`, protocol.ErrBadMessage, 3, `"ply"`},
		{"move with a null ply", `{"type":"move","move":"c3-d4","ply":null,"id":3}`, protocol.ErrBadMessage, 3, `"ply"`},
		{"ply a string", `{"type":"move","move":"c3-d4","ply":"0","id":3}`, protocol.ErrBadMessage, 3, `"ply"`},
		{"ply a fraction", `{"type":"move","move":"c3-d4","ply":0.5,"id":3}`, protocol.ErrBadMessage, 3, `"ply"`},
		{"ply negative", `{"type":"move","move":"c3-d4","ply":-1,"id":3}`, protocol.ErrBadMessage, 3, `"ply"`},
		{"move a number", `{"type":"move","move":5,"ply":0,"id":3}`, protocol.ErrBadMessage, 3, `"move"`},
		{"move missing", `{"type":"move","ply":0,"id":3}`, protocol.ErrBadMessage, 3, `"move"`},
		{"accept a string", `{"type":"answer-draw","accept":"yes","id":3}`, protocol.ErrBadMessage, 3, `"accept"`},
		{"accept missing", `{"type":"answer-takeback","id":3}`, protocol.ErrBadMessage, 3, `"accept"`},
		{"protocol a string", `{"type":"hello","protocol":"1","id":3}`, protocol.ErrBadMessage, 3, `"protocol"`},
		{"hello without protocol", `{"type":"hello","id":3}`, protocol.ErrBadMessage, 3, `"protocol"`},
		{"client a number", `{"type":"hello","protocol":1,"client":7,"id":3}`, protocol.ErrBadMessage, 3, `"client"`},
		{"client with a newline", `{"type":"hello","protocol":1,"client":"a\nb","id":3}`, protocol.ErrBadMessage, 3, `"client"`},
		{"client with an escape", `{"type":"hello","protocol":1,"client":"a\u001b[31m","id":3}`, protocol.ErrBadMessage, 3, `"client"`},
		{"client with DEL", `{"type":"hello","protocol":1,"client":"a\u007f","id":3}`, protocol.ErrBadMessage, 3, `"client"`},
		{"client with a C1 control", `{"type":"hello","protocol":1,"client":"a\u0085","id":3}`, protocol.ErrBadMessage, 3, `"client"`},
		{"client too long", `{"type":"hello","protocol":1,"client":"` + strings.Repeat("x", 65) + `","id":3}`, protocol.ErrBadMessage, 3, `"client"`},
		{"variant a number", `{"type":"create","variant":1,"id":3}`, protocol.ErrBadMessage, 3, `"variant"`},
		{"color an array", `{"type":"create","color":["white"],"id":3}`, protocol.ErrBadMessage, 3, `"color"`},
		{"clock a string", `{"type":"create","clock":"5+3","id":3}`, protocol.ErrBadMessage, 3, `"clock"`},
		{"clock initial a string", `{"type":"create","clock":{"kind":"live","initial":"300"},"id":3}`, protocol.ErrBadMessage, 3, `"clock.initial"`},
		{"clock kind a number", `{"type":"create","clock":{"kind":1},"id":3}`, protocol.ErrBadMessage, 3, `"clock.kind"`},
		{"game a number", `{"type":"join","game":123456,"id":3}`, protocol.ErrBadMessage, 3, `"game"`},
		{"token a number", `{"type":"resume","game":"K7MP2Q","token":1,"id":3}`, protocol.ErrBadMessage, 3, `"token"`},
		{"token malformed", `{"type":"resume","game":"K7MP2Q","token":"abc","id":3}`, protocol.ErrBadToken, 3, "token"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := protocol.ParseClientMessage([]byte(tc.msg))
			var pe *protocol.Error
			if !errors.As(err, &pe) {
				t.Fatalf("got %+v, %v; want a refusal %s", m, err, tc.code)
			}
			if pe.Code != tc.code {
				t.Errorf("code %s, want %s (%s)", pe.Code, tc.code, pe.Message)
			}
			if m.ID != tc.id {
				t.Errorf("the refusal answers id %d, want %d", m.ID, tc.id)
			}
			if !strings.Contains(pe.Message, tc.field) {
				t.Errorf("%q does not name %s", pe.Message, tc.field)
			}
			for _, goWord := range []string{"Go ", "json:", "struct", "unmarshal", "int64", "RawMessage", "map["} {
				if strings.Contains(pe.Message, goWord) {
					t.Errorf("%q speaks Go (%q), not the protocol", pe.Message, goWord)
				}
			}
		})
	}
}

// TestParseClientMessageAccepts: well-formed messages are read as the
// protocol says: fields another type uses are ignored, null is absence,
// ply 0 is a ply, and what Validate canonicalises is canonical.
func TestParseClientMessageAccepts(t *testing.T) {
	yes := true
	tests := []struct {
		name string
		msg  string
		want protocol.ClientMessage
	}{
		{"hello", `{"type":"hello","protocol":1,"client":"my client ünïcode","id":1}`,
			protocol.ClientMessage{Type: "hello", ID: 1, Protocol: 1, Client: "my client ünïcode"}},
		{"move at ply 0", `{"type":"move","move":"c3-d4","ply":0,"id":9007199254740993}`,
			protocol.ClientMessage{Type: "move", ID: 9007199254740993, Move: "c3-d4", Ply: 0}},
		{"no id", `{"type":"ping"}`, protocol.ClientMessage{Type: "ping"}},
		{"null id", `{"type":"ping","id":null}`, protocol.ClientMessage{Type: "ping"}},
		{"fields of other types are not read", `{"type":"ping","ply":"x","move":5,"accept":"no","clock":7,"future":[1]}`,
			protocol.ClientMessage{Type: "ping"}},
		{"join reads its code", `{"type":"join","game":"k7m-p2q","id":2}`,
			protocol.ClientMessage{Type: "join", ID: 2, Game: "K7MP2Q"}},
		{"create with defaults", `{"type":"create"}`,
			protocol.ClientMessage{Type: "create", Variant: "bashni", Color: "random", Clock: &protocol.Clock{Kind: "none"}}},
		{"create with a null clock", `{"type":"create","clock":null,"variant":"Lasca"}`,
			protocol.ClientMessage{Type: "create", Variant: "lasca", Color: "random", Clock: &protocol.Clock{Kind: "none"}}},
		{"create with a live clock", `{"type":"create","clock":{"kind":"live","initial":300,"increment":0},"color":"black"}`,
			protocol.ClientMessage{Type: "create", Variant: "bashni", Color: "black", Clock: &protocol.Clock{Kind: "live", Initial: 300}}},
		{"answer", `{"type":"answer-rematch","accept":true}`,
			protocol.ClientMessage{Type: "answer-rematch", Accept: &yes}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := protocol.ParseClientMessage([]byte(tc.msg))
			if err != nil {
				t.Fatal(err)
			}
			got, _ := json.Marshal(m)
			want, _ := json.Marshal(tc.want)
			if string(got) != string(want) {
				t.Errorf("read %s\nwant %s", got, want)
			}
		})
	}
}

// TestRequestID: a message refused unread answers the id it carries, if
// that is a valid id.
func TestRequestID(t *testing.T) {
	for msg, want := range map[string]int64{
		`{"type":"move","id":12}`: 12,
		`{"id":0}`:                0,
		`{"id":-3}`:               0,
		`{"id":"12"}`:             0,
		`{"id":1.5}`:              0,
		`[12]`:                    0,
		`not json`:                0,
		`{"type":"ping"}`:         0,
	} {
		if got := protocol.RequestID([]byte(msg)); got != want {
			t.Errorf("RequestID(%s) = %d, want %d", msg, got, want)
		}
	}
}

// TestClockJSON: the fields a clock's kind uses are written even when they
// are 0 (a live clock's "increment":0), and it reads back the same.
func TestClockJSON(t *testing.T) {
	tests := []struct {
		clock protocol.Clock
		want  string
	}{
		{protocol.Clock{Kind: "live", Initial: 300}, `{"kind":"live","initial":300,"increment":0}`},
		{protocol.Clock{Kind: "live", Initial: 300, Increment: 3}, `{"kind":"live","initial":300,"increment":3}`},
		{protocol.Clock{Kind: "none"}, `{"kind":"none"}`},
		{protocol.Clock{Kind: "correspondence", Days: 3}, `{"kind":"correspondence","days":3}`},
		{protocol.Clock{}, `{"kind":""}`},
		{protocol.Clock{Kind: "none", Days: 2}, `{"kind":"none","days":2}`},
		{protocol.Clock{Kind: "odd\"kind"}, `{"kind":"odd\"kind"}`},
	}
	for _, tc := range tests {
		b, err := json.Marshal(tc.clock)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tc.want {
			t.Errorf("%+v: %s, want %s", tc.clock, b, tc.want)
		}
		var back protocol.Clock
		if err := json.Unmarshal(b, &back); err != nil || back != tc.clock {
			t.Errorf("%s reads back as %+v, %v", b, back, err)
		}
		// Inside a state, through a pointer and by value.
		st, _ := json.Marshal(protocol.GameState{Clock: tc.clock})
		if !strings.Contains(string(st), `"clock":`+tc.want) {
			t.Errorf("a state writes %s", st)
		}
	}
}

func TestParseArenaMessages(t *testing.T) {
	tests := []struct {
		msg  string
		want string // in the refusal; "" to accept
	}{
		{`{"type":"arenas"}`, ""},
		{`{"type":"join-arena","arena":"k7mp2qab"}`, ""},
		{`{"type":"join-arena"}`, `"arena"`},
		{`{"type":"join-arena","arena":"K7MP2Q"}`, "8"},
		{`{"type":"join-arena","arena":5}`, `"arena" must be a string`},
		{`{"type":"watch-arena","arena":"K7MP2QAB","page":2}`, ""},
		{`{"type":"watch-arena","arena":"K7MP2QAB","page":-1}`, `"page"`},
		{`{"type":"watch-arena","arena":"K7MP2QAB","page":"2"}`, `"page" must be a whole number`},
		{`{"type":"create-arena","name":"x","clock":{"kind":"live","initial":180,"increment":2},"minutes":30}`, ""},
		{`{"type":"create-arena","name":"x","minutes":30}`, `"clock"`},
		{`{"type":"create-arena","name":"x","clock":{"kind":"live","initial":180,"increment":2},"minutes":30,"startsIn":90000}`, `"startsIn"`},
		{`{"type":"create-arena","name":"x","clock":{"kind":"live","initial":180,"increment":2},"minutes":30,"rated":"yes"}`, `"rated" must be true or false`},
		{`{"type":"unwatch-arena"}`, ""},
		{`{"type":"berserk"}`, ""},
	}
	for _, tc := range tests {
		m, err := protocol.ParseClientMessage([]byte(tc.msg))
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.msg, err)
			}
			if m.Type == protocol.TypeJoinArena && m.Arena != "K7MP2QAB" {
				t.Errorf("%s: arena %q, want it upper-cased", tc.msg, m.Arena)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.msg, err, tc.want)
		}
	}
}
