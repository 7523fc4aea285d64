package protocol_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"bashni/online/protocol"
)

func TestParseLobbyRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, msg, field string
	}{
		{"seek without a clock", `{"type":"seek","id":3}`, `"clock"`},
		{"seek untimed", `{"type":"seek","clock":{"kind":"none"},"id":3}`, "none"},
		{"rated a string", `{"type":"seek","clock":{"kind":"live","initial":300},"rated":"yes","id":3}`, `"rated"`},
		{"range a number", `{"type":"seek","clock":{"kind":"live","initial":300},"range":1500,"id":3}`, `"range"`},
		{"range.min a string", `{"type":"seek","clock":{"kind":"live","initial":300},"range":{"min":"1","max":2},"id":3}`, `"range.min"`},
		{"range without max", `{"type":"quick-pair","clock":{"kind":"live","initial":300},"range":{"min":1},"id":3}`, `"max"`},
		{"range upside down", `{"type":"seek","clock":{"kind":"live","initial":300},"range":{"min":1800,"max":1500},"id":3}`, `"range"`},
		{"range beyond the ratings", `{"type":"seek","clock":{"kind":"live","initial":300},"range":{"min":0,"max":9000},"id":3}`, `"range"`},
		{"bad colour", `{"type":"seek","clock":{"kind":"live","initial":300},"color":"red","id":3}`, "red"},
		{"bad variant", `{"type":"quick-pair","clock":{"kind":"live","initial":300},"variant":"chess","id":3}`, "chess"},
		{"accept without a seek", `{"type":"accept-seek","id":3}`, `"seek"`},
		{"accept with a number", `{"type":"accept-seek","seek":12345678,"id":3}`, `"seek"`},
		{"cancel with a short id", `{"type":"cancel-seek","seek":"ABC","id":3}`, "ABC"},
		{"cancel with a look-alike", `{"type":"cancel-seek","seek":"ABCDEFG0","id":3}`, "0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := protocol.ParseClientMessage([]byte(tc.msg))
			var pe *protocol.Error
			if !errors.As(err, &pe) || pe.Code != protocol.ErrBadMessage {
				t.Fatalf("got %+v, %v; want bad-message", m, err)
			}
			if m.ID != 3 || !strings.Contains(pe.Message, tc.field) {
				t.Fatalf("refusal %q (id %d) does not name %s", pe.Message, m.ID, tc.field)
			}
		})
	}
}

func TestParseLobbyAccepts(t *testing.T) {
	yes := true
	blitz := &protocol.Clock{Kind: "live", Initial: 300, Increment: 3}
	for _, tc := range []struct {
		name string
		msg  string
		want protocol.ClientMessage
	}{
		{"seek with defaults", `{"type":"seek","clock":{"kind":"live","initial":300,"increment":3}}`,
			protocol.ClientMessage{Type: "seek", Variant: "bashni", Color: "random", Clock: blitz}},
		{"seek in full", `{"type":"seek","variant":"Lasca","color":"black","rated":true,"range":{"min":1400,"max":1700},"clock":{"kind":"correspondence","days":3}}`,
			protocol.ClientMessage{Type: "seek", Variant: "lasca", Color: "black", Rated: &yes, Range: &protocol.RatingRange{Min: 1400, Max: 1700}, Clock: &protocol.Clock{Kind: "correspondence", Days: 3}}},
		{"quick pairing ignores a colour", `{"type":"quick-pair","color":"white","clock":{"kind":"live","initial":300,"increment":3}}`,
			protocol.ClientMessage{Type: "quick-pair", Variant: "bashni", Color: "random", Clock: blitz}},
		{"accept in any case", `{"type":"accept-seek","seek":"abcdefgh"}`, protocol.ClientMessage{Type: "accept-seek", Seek: "ABCDEFGH"}},
		{"lobby", `{"type":"lobby","seek":5}`, protocol.ClientMessage{Type: "lobby"}},
		{"watch-top", `{"type":"watch-top"}`, protocol.ClientMessage{Type: "watch-top"}},
	} {
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
