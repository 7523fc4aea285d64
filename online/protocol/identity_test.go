package protocol_test

import (
	"errors"
	"strings"
	"testing"

	"bashni/online/protocol"
)

var goodKey = strings.Repeat("A", protocol.KeyLength)

// The player requests are read like every other: each field's JSON type
// checked and named, the values checked and canonicalised.
func TestParsePlayerRequests(t *testing.T) {
	refusals := []struct {
		name, msg, code, field string
	}{
		{"identify without a key", `{"type":"identify","id":3}`, protocol.ErrBadMessage, `"key"`},
		{"key a number", `{"type":"identify","key":5,"id":3}`, protocol.ErrBadMessage, `"key"`},
		{"key too short", `{"type":"identify","key":"abc","id":3}`, protocol.ErrBadMessage, `"key"`},
		{"key not base64url", `{"type":"identify","key":"` + strings.Repeat("+", protocol.KeyLength) + `","id":3}`, protocol.ErrBadMessage, `"key"`},
		{"name missing", `{"type":"set-name","id":3}`, protocol.ErrBadMessage, `"name"`},
		{"name an array", `{"type":"set-name","name":["x"],"id":3}`, protocol.ErrBadMessage, `"name"`},
		{"name far too long", `{"type":"set-name","name":"` + strings.Repeat("x", 161) + `","id":3}`, protocol.ErrBadName, `"name"`},
		{"profile without a name", `{"type":"profile","id":3}`, protocol.ErrBadMessage, `"name"`},
		{"claim without a code", `{"type":"claim-transfer","key":"` + goodKey + `","id":3}`, protocol.ErrBadMessage, `"code"`},
		{"code a number", `{"type":"claim-transfer","code":12,"key":"` + goodKey + `","id":3}`, protocol.ErrBadMessage, `"code"`},
		{"code with a 0", `{"type":"claim-transfer","code":"ABCDE0GHJK","key":"` + goodKey + `","id":3}`, protocol.ErrBadCode, `"code"`},
		{"code too short", `{"type":"claim-transfer","code":"ABC","key":"` + goodKey + `","id":3}`, protocol.ErrBadCode, `"code"`},
		{"claim without a key", `{"type":"claim-transfer","code":"ABCDEFGHJK","id":3}`, protocol.ErrBadMessage, `"key"`},
		{"leaderboard without a speed", `{"type":"leaderboard","variant":"bashni","id":3}`, protocol.ErrBadMessage, `"speed"`},
		{"speed unknown", `{"type":"leaderboard","speed":"lightning","id":3}`, protocol.ErrBadMessage, `"speed"`},
		{"speed a number", `{"type":"leaderboard","speed":3,"id":3}`, protocol.ErrBadMessage, `"speed"`},
		{"variant unknown", `{"type":"leaderboard","variant":"chess","speed":"blitz","id":3}`, protocol.ErrBadMessage, "chess"},
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			m, err := protocol.ParseClientMessage([]byte(tc.msg))
			var pe *protocol.Error
			if !errors.As(err, &pe) {
				t.Fatalf("got %+v, %v; want a refusal", m, err)
			}
			if pe.Code != tc.code || m.ID != 3 || !strings.Contains(pe.Message, tc.field) {
				t.Errorf("%s %q (id %d); want %s naming %s", pe.Code, pe.Message, m.ID, tc.code, tc.field)
			}
		})
	}
	accepted := []struct {
		msg  string
		want protocol.ClientMessage
	}{
		{`{"type":"identify","key":"` + goodKey + `"}`, protocol.ClientMessage{Type: "identify", Key: goodKey}},
		{`{"type":"set-name","name":"Иван"}`, protocol.ClientMessage{Type: "set-name", Name: "Иван"}},
		{`{"type":"transfer-code","id":9}`, protocol.ClientMessage{Type: "transfer-code", ID: 9}},
		{`{"type":"claim-transfer","code":"abcde-fghjk","key":"` + goodKey + `"}`, protocol.ClientMessage{Type: "claim-transfer", Code: "ABCDEFGHJK", Key: goodKey}},
		{`{"type":"profile","name":"anna"}`, protocol.ClientMessage{Type: "profile", Name: "anna"}},
		{`{"type":"leaderboard","speed":"blitz"}`, protocol.ClientMessage{Type: "leaderboard", Variant: "bashni", Speed: "blitz"}},
		{`{"type":"leaderboard","variant":"Lasca","speed":"correspondence"}`, protocol.ClientMessage{Type: "leaderboard", Variant: "lasca", Speed: "correspondence"}},
	}
	for _, tc := range accepted {
		m, err := protocol.ParseClientMessage([]byte(tc.msg))
		if err != nil || m.Type != tc.want.Type || m.ID != tc.want.ID || m.Key != tc.want.Key || m.Name != tc.want.Name ||
			m.Code != tc.want.Code || m.Variant != tc.want.Variant || m.Speed != tc.want.Speed {
			t.Errorf("%s: %+v %v; want %+v", tc.msg, m, err, tc.want)
		}
	}
}
