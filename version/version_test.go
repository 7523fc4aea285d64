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
	} {
		if got := tc.info.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.info, got, tc.want)
		}
	}
}

// The test binary itself was built by go test: it knows nothing stamped.
func TestGetUnstamped(t *testing.T) {
	if version != "" || commit != "" || date != "" {
		t.Fatalf("the test binary is stamped: %q %q %q", version, commit, date)
	}
	if got := Get(); got.Version == "" {
		t.Errorf("Get() has no version: %+v", got)
	}
}
