package launch

import (
	"flag"
	"io"
	"strings"
	"testing"

	"bashni/rules"
)

// TestFlags: the command line becomes a Launch, and a wrong value is an
// error that names its flag.
func TestFlags(t *testing.T) {
	for _, tt := range []struct {
		args    string
		want    Launch
		wrongIn string // the flag the error names ("": no error)
	}{
		{"", Launch{Variant: rules.Bashni, Level: 1}, ""},
		{"-fen W:Wc3:Bd4 -variant lasca -level 7 -friend -mute -seed 3 -lang ru",
			Launch{FEN: "W:Wc3:Bd4", Variant: rules.Lasca, Level: 7, Friend: true, Mute: true, Seed: 3, Lang: "ru"}, ""},
		{"-watch -server http://127.0.0.1:8080 -game ABCD",
			Launch{Variant: rules.Bashni, Level: 1, Watch: true, Server: "http://127.0.0.1:8080", Game: "ABCD"}, ""},
		{"-level 9", Launch{}, "-level"},
		{"-level 0", Launch{}, "-level"},
		{"-variant chess", Launch{}, "-variant"},
		{"-lang xx", Launch{}, "-lang"},
		{"-server ftp://example.org", Launch{}, "-server"},
		{"-server http://127.0.0.1:8080 -arena k7m2pq4x",
			Launch{Variant: rules.Bashni, Level: 1, Server: "http://127.0.0.1:8080", Arena: "k7m2pq4x"}, ""},
		{"-arena K7M2", Launch{}, "-arena"},
		{"-arena K7M2PQ4!", Launch{}, "-arena"},
	} {
		fs := flag.NewFlagSet("bashni", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		read := Flags(fs)
		if err := fs.Parse(strings.Fields(tt.args)); err != nil {
			t.Fatalf("%q: %v", tt.args, err)
		}
		got, err := read()
		switch {
		case tt.wrongIn == "" && err != nil:
			t.Errorf("%q: %v", tt.args, err)
		case tt.wrongIn != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.wrongIn)):
			t.Errorf("%q: error %v, want one naming %s", tt.args, err, tt.wrongIn)
		case tt.wrongIn == "" && got != tt.want:
			t.Errorf("%q: %+v, want %+v", tt.args, got, tt.want)
		}
	}
}

// TestCheckFEN: a position of the launch's variant passes, anything else
// is an error naming -fen.
func TestCheckFEN(t *testing.T) {
	for _, tt := range []struct {
		l  Launch
		ok bool
	}{
		{Launch{}, true},
		{Launch{FEN: "W:Wc3:Bd4", Variant: rules.Bashni}, true},
		{Launch{FEN: "nonsense", Variant: rules.Bashni}, false},
	} {
		err := tt.l.CheckFEN()
		if (err == nil) != tt.ok || (err != nil && !strings.HasPrefix(err.Error(), "-fen")) {
			t.Errorf("%+v: %v", tt.l, err)
		}
	}
}
