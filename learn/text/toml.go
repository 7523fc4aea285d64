package text

import (
	"fmt"
	"strconv"
	"strings"
)

// TOML writes the catalogue as a message file of i18n/locales (go-i18n v2,
// TOML): one [section] for each ID prefix ("why", "lesson.forward", …),
// the key the ID's last part, and each message's description as a comment
// above it for the translator. Merging the learning texts into the game's
// message files is then pasting this into en.toml (and translating it into
// the other files): `go run ./learn/text/cmd/learntoml`.
func TOML() []byte {
	var b strings.Builder
	b.WriteString("# --- The learning screens: lessons, why a try is wrong, puzzles, analysis (learn/text) ---\n")
	section := ""
	for _, m := range messages {
		i := strings.LastIndexByte(m.ID, '.')
		sec, key := m.ID[:i], m.ID[i+1:]
		if sec != section {
			fmt.Fprintf(&b, "\n[%s%s]\n", Prefix, sec)
			section = sec
		}
		for _, line := range strings.Split(m.Description, "\n") {
			fmt.Fprintf(&b, "# %s\n", line)
		}
		fmt.Fprintf(&b, "%s = %s\n", tomlKey(key), strconv.Quote(m.Other))
	}
	return []byte(b.String())
}

// tomlKey quotes a key unless it is a bare TOML key.
func tomlKey(k string) string {
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return strconv.Quote(k)
		}
	}
	return k
}

// Pairs returns the values of t as name, value pairs, the form the game's
// i18n catalogue takes them in: cat.F(t.ID, t.Pairs()...).
func (t T) Pairs() []any {
	out := make([]any, 0, 2*len(t.Args))
	for _, k := range sortedKeys(t.Args) {
		out = append(out, k, t.Args[k])
	}
	return out
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}
