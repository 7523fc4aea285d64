package version

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestResolve(t *testing.T) {
	const rev = "e97c113abcdef0123456789abcdef0123456789a"
	vcs := func(modified string) []debug.BuildSetting {
		return []debug.BuildSetting{
			{Key: "vcs", Value: "git"},
			{Key: "vcs.revision", Value: rev},
			{Key: "vcs.time", Value: "2026-12-01T02:00:00+01:00"},
			{Key: "vcs.modified", Value: modified},
		}
	}
	date := time.Date(2026, 12, 1, 1, 0, 0, 0, time.UTC)
	tests := []struct {
		name                     string
		sVersion, sCommit, sDate string
		bi                       *debug.BuildInfo
		want                     Info
	}{
		{name: "no build info", want: Info{Version: Unknown}},
		{name: "go run: nothing recorded", bi: &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}},
			want: Info{Version: Unknown}},
		{name: "go build of an untagged commit", bi: &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261201010000-e97c113abcde"}, Settings: vcs("false")},
			want: Info{Version: "e97c113", Commit: rev, Date: date}},
		{name: "go build with changes", bi: &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261201010000-e97c113abcde+dirty"}, Settings: vcs("true")},
			want: Info{Version: "e97c113-dirty", Commit: rev, Date: date, Dirty: true}},
		{name: "go build on a tag", bi: &debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}, Settings: vcs("false")},
			want: Info{Version: "v1.2.0", Commit: rev, Date: date}},
		{name: "go build on a tag with changes", bi: &debug.BuildInfo{Main: debug.Module{Version: "v1.2.0+dirty"}, Settings: vcs("true")},
			want: Info{Version: "v1.2.0-dirty", Commit: rev, Date: date, Dirty: true}},
		{name: "go install of a tagged module, no vcs", bi: &debug.BuildInfo{Main: debug.Module{Version: "v1.3.0"}},
			want: Info{Version: "v1.3.0"}},
		{name: "buildvcs=false", bi: &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{{Key: "-buildvcs", Value: "false"}}},
			want: Info{Version: Unknown}},
		{name: "stamped", sVersion: "v1.2.0-3-ge97c113", sCommit: rev, sDate: "2026-12-01T01:00:00Z",
			bi:   &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}},
			want: Info{Version: "v1.2.0-3-ge97c113", Commit: rev, Date: date}},
		{name: "stamped dirty", sVersion: "e97c113-dirty", sCommit: rev, sDate: "2026-12-01T01:00:00Z",
			want: Info{Version: "e97c113-dirty", Commit: rev, Date: date, Dirty: true}},
		{name: "stamp wins over vcs", sVersion: "v2.0.0", bi: &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261201010000-e97c113abcde+dirty"}, Settings: vcs("true")},
			want: Info{Version: "v2.0.0", Commit: rev, Date: date}},
		{name: "bad stamped date is ignored", sVersion: "v1.0.0", sDate: "yesterday",
			want: Info{Version: "v1.0.0"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := resolve(tc.sVersion, tc.sCommit, tc.sDate, tc.bi)
			if got != tc.want {
				t.Errorf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestString(t *testing.T) {
	platform := " " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
	for _, tc := range []struct {
		info Info
		want string
	}{
		{Info{Version: Unknown}, "devel" + platform},
		{Info{Version: "v1.2.0", Commit: "e97c113abcdef0123456789abcdef0123456789a", Date: time.Date(2026, 12, 1, 1, 0, 0, 0, time.UTC)},
			"v1.2.0 (commit e97c113abcde, 2026-12-01)" + platform},
		{Info{Version: "e97c113-dirty", Commit: "e97c113abcdef0123456789abcdef0123456789a", Dirty: true},
			"e97c113-dirty (commit e97c113abcde)" + platform},
		// With the release number of version/VERSION.
		{Info{Number: "0.9.0", Version: "v0.9.0", Commit: "e97c113abcdef0123456789abcdef0123456789a", Date: time.Date(2026, 12, 1, 1, 0, 0, 0, time.UTC)},
			"0.9.0 (commit e97c113abcde, 2026-12-01)" + platform},
		{Info{Number: "0.9.0", Version: "v0.9.0-3-ge97c113", Commit: "e97c113abcdef0123456789abcdef0123456789a", Date: time.Date(2026, 12, 1, 1, 0, 0, 0, time.UTC)},
			"0.9.0 (v0.9.0-3-ge97c113, commit e97c113abcde, 2026-12-01)" + platform},
		{Info{Number: "0.9.0", Version: "e97c113", Commit: "e97c113abcdef0123456789abcdef0123456789a"},
			"0.9.0 (commit e97c113abcde)" + platform},
		{Info{Number: "0.9.0", Version: "e97c113-dirty", Commit: "e97c113abcdef0123456789abcdef0123456789a", Dirty: true},
			"0.9.0 (commit e97c113abcde, with local changes)" + platform},
		{Info{Number: "0.9.0", Version: "v0.8.0-40-ge97c113-dirty", Commit: "e97c113abcdef0123456789abcdef0123456789a", Dirty: true},
			"0.9.0 (v0.8.0-40-ge97c113, commit e97c113abcde, with local changes)" + platform},
		{Info{Number: "0.9.0", Version: Unknown}, "0.9.0 (devel)" + platform},
	} {
		if got := tc.info.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.info, got, tc.want)
		}
	}
}

// The test binary itself was built by go test: it knows nothing stamped.
func TestGetUnstamped(t *testing.T) {
	if version != "" || commit != "" || date != "" || number != "" {
		t.Fatalf("the test binary is stamped: %q %q %q %q", version, commit, date, number)
	}
	got := Get()
	if got.Version == "" {
		t.Errorf("Get() has no version: %+v", got)
	}
	// Every build knows its release number, stamped or not.
	if got.Number == "" || got.Number != EmbeddedNumber() {
		t.Errorf("Get() has the number %q, want version/VERSION's %q", got.Number, EmbeddedNumber())
	}
	if n, ok := got.Numeric(); !ok || n == [4]uint16{} {
		t.Errorf("Get().Numeric() = %v, %v: every build has a real number", n, ok)
	}
}

// version/VERSION holds one release number and a newline, nothing else.
func TestVersionFile(t *testing.T) {
	if numberFile != EmbeddedNumber()+"\n" {
		t.Errorf("version/VERSION is %q: want one line, the number, e.g. \"0.9.0\\n\"", numberFile)
	}
	n, err := ParseNumber(EmbeddedNumber())
	if err != nil {
		t.Fatal(err)
	}
	if n == [3]uint16{} {
		t.Errorf("version/VERSION is 0.0.0")
	}
}

func TestParseNumber(t *testing.T) {
	for s, want := range map[string][3]uint16{"0.9.0": {0, 9, 0}, "1.12.3": {1, 12, 3}, "65535.0.1": {65535, 0, 1}} {
		if got, err := ParseNumber(s); err != nil || got != want {
			t.Errorf("%q: %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"", "1", "1.2", "v1.2.3", "1.2.3.4", "1.2.x", "1..3", "1.2.3-rc1", "01.2.3", "65536.0.0", " 1.2.3", "1.-2.3", "1.+2.3"} {
		if got, err := ParseNumber(s); err == nil {
			t.Errorf("%q: %v, want an error", s, got)
		}
	}
}

func TestNumeric(t *testing.T) {
	for _, tc := range []struct {
		info Info
		want [4]uint16
		ok   bool
	}{
		{Info{Number: "0.9.0"}, [4]uint16{0, 9, 0, 0}, true},
		{Info{Number: "1.2.3", Since: 14}, [4]uint16{1, 2, 3, 14}, true},
		{Info{Number: "1.2.3", Since: 70000}, [4]uint16{1, 2, 3, 65535}, true},
		{Info{Number: "", Version: "v1.2.0"}, [4]uint16{}, false},
		{Info{Number: "x"}, [4]uint16{}, false},
	} {
		if got, ok := tc.info.Numeric(); got != tc.want || ok != tc.ok {
			t.Errorf("%+v: %v %v, want %v %v", tc.info, got, ok, tc.want, tc.ok)
		}
	}
}

func TestShortAndFull(t *testing.T) {
	const rev = "e97c113abcdef0123456789abcdef0123456789a"
	for _, tc := range []struct {
		info                Info
		short, full, detail string
	}{
		{Info{Number: "0.9.0", Version: "v0.9.0", Commit: rev}, "0.9.0", "0.9.0", ""},
		{Info{Number: "0.9.0", Version: "v0.9.0-3-ge97c113", Commit: rev}, "0.9.0", "0.9.0 (v0.9.0-3-ge97c113)", "v0.9.0-3-ge97c113"},
		{Info{Number: "0.9.0", Version: "e97c113", Commit: rev}, "0.9.0", "0.9.0 (e97c113)", ""},
		{Info{Number: "0.9.0", Version: "e97c113-dirty", Commit: rev, Dirty: true}, "0.9.0", "0.9.0 (e97c113-dirty)", ""},
		{Info{Version: "v1.2.0"}, "v1.2.0", "v1.2.0", ""},
	} {
		if s, f, d := tc.info.Short(), tc.info.Full(), tc.info.Detail(); s != tc.short || f != tc.full || d != tc.detail {
			t.Errorf("%+v: %q %q %q, want %q %q %q", tc.info, s, f, d, tc.short, tc.full, tc.detail)
		}
	}
}
