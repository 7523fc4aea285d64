package linebreak

import (
	"slices"
	"testing"
	"unicode/utf8"
)

// runes measures a string as one unit a character.
func runes(s string) float64 { return float64(utf8.RuneCountInString(s)) }

func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		name  string
		s     string
		width float64
		want  []string
	}{
		{"English at spaces", "Taking the top frees two pieces", 12, []string{"Taking the", "top frees", "two pieces"}},
		{"a long word keeps a line", "Supercalifragilistic is long", 10, []string{"Supercalifragilistic", "is long"}},
		{"Russian", "Бить обязательно вперёд и назад", 16, []string{"Бить обязательно", "вперёд и назад"}},
		{"Korean breaks at spaces only", "잡기는 의무입니다 빨간 고리", 9, []string{"잡기는 의무입니다", "빨간 고리"}},
		{"Japanese between characters", "捕獲は必須です。赤い輪", 6, []string{"捕獲は必須で", "す。赤い輪"}},
		{"no line starts with 。or ー", "タワーです。", 3, []string{"タワー", "です。"}},
		{"no line ends with 「", "白「黒」白", 2, []string{"白", "「黒」", "白"}},
		{"notation stays whole in Japanese", "d4 が e5 を飛び越え", 6, []string{"d4 が", "e5 を飛び", "越え"}},
		{"line breaks kept", "one\ntwo three", 20, []string{"one", "two three"}},
		{"empty", "", 10, nil},
	} {
		if got := Wrap(tc.s, tc.width, runes); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestWrapKeepsEveryCharacter(t *testing.T) {
	s := "バシュニはロシアのドラフトにひとひねり加えたゲームです。取られた駒は取り除かれず、取った駒の下に入ります。"
	for w := 1.0; w < 30; w++ {
		joined := ""
		for _, l := range Wrap(s, w, runes) {
			if runes(l) > w && runes(l) > 3 {
				t.Errorf("width %v: line %q too wide", w, l)
			}
			joined += l
		}
		if joined != s {
			t.Fatalf("width %v: %q lost text", w, joined)
		}
	}
}
