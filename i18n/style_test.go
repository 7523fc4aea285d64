package i18n

import (
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// The conventions of the message files that a machine can check (the
// terminology section of i18n/CATALOGUE.md says why each one is so). Each
// test names the message and the text it found.

// texts are every text of language l, one per message and plural form, by
// "id (form)", in a stable order.
func texts(t *testing.T, l Lang) ([]string, map[string]string) {
	t.Helper()
	out := map[string]string{}
	for id, m := range parsed(t, l) {
		for form, s := range m {
			out[id+" ("+form+")"] = s
		}
	}
	keys := make([]string, 0, len(out))
	for k := range out {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys, out
}

// banned are the words each language does not use, with the one it uses
// instead: one term for one thing.
var banned = map[Lang][]struct{ word, use string }{
	Russian: {
		{`Перетяжк`, "перетаскивать, перетаскивание (drag)"},
		{`(?i)(больш|длинн|главн)\S* диагонал`, "большая дорога (the long diagonal)"},
		{`(?i)(плен(ниц|н[ыо]|ён)|захваченн)`, "пленник (prisoner), в плену"},
		{`Эмануэл|Эммануил|Эммануэл`, "Эмануил Ласкер"},
		{`(?i)Впервые в Башни`, "Впервые играете в Башни?"},
		{`(?i)вызов|вызова`, "заявка (a seek is open to anyone; a вызов is put to one player)"},
	},
	Korean: {
		{`당신|當身|当身`, "나/내 (as the play screen: 내 차례)"},
		{`엠마누엘|에마뉴엘|이매뉴얼`, "에마누엘 라스커"},
		{`강함`, "상급 (level names are nouns)"},
		{`오피서|솔저`, "장교, 병사 (Lasca's officers and soldiers)"},
		{`기물`, "말 (pieces: 기물 is chess's word)"},
	},
	Japanese: {
		{`検討|解析`, "分析 (analysis)"},
		{`将校|士官|兵士`, "オフィサー, ソルジャー (Lasca's officers and soldiers)"},
		{`飛|ジャンプ|跳躍|跳び越え`, "跳ぶ, 跳び越す (jump); a king moves 長距離 (flies)"},
		{`いちばん上|一番上|てっぺん|(^|[^最])上部`, "最上部 (the top of a column)"},
		{`エマヌエル|エマーヌエル|エマニエル`, "エマニュエル・ラスカー"},
		{`不正確`, "疑問手, 悪手, 大悪手 (the analysis' marks, as in shogi and go)"},
		{`長考|早指し`, "バレット, ブリッツ, ラピッド, クラシカル (the online speeds, one family of words)"},
	},
}

func TestOneTermForOneThing(t *testing.T) {
	for l, words := range banned {
		keys, all := texts(t, l)
		for _, w := range words {
			re := regexp.MustCompile(w.word)
			for _, k := range keys {
				if m := re.FindString(all[k]); m != "" {
					t.Errorf("%s %s says %q: use %s: %q", l, k, m, w.use, all[k])
				}
			}
		}
	}
}

// TestRussianDeclinesTheGame: «Башни» is a plural noun that declines: one
// plays «в Башни», but things happen «в Башнях» («В Башни ничего не уходит»,
// «Впервые в Башни?» are wrong). So «в Башни» stands only beside играть.
func TestRussianDeclinesTheGame(t *testing.T) {
	re := regexp.MustCompile(`(?:^|(\S+)\s)[вВ] Башни(?:$|[^\p{L}])(?:\s*(\S+))?`)
	play := func(w string) bool { return strings.HasPrefix(strings.ToLower(w), "игр") } // играть, играете, игры
	keys, all := texts(t, Russian)
	for _, k := range keys {
		for _, m := range re.FindAllStringSubmatch(all[k], -1) {
			if !play(m[1]) && !play(m[2]) {
				t.Errorf("ru %s: %q — «в Башни» only with играть («в Башнях», «играете в Башни»): %q", k, m[0], all[k])
			}
		}
	}
}

// lasker is how each language spells Emanuel Lasker's full name.
var lasker = map[Lang]struct{ surname, full string }{
	English:  {"Lasker", "Emanuel Lasker"},
	Russian:  {"Ласкер", "Эмануил Ласкер"},
	Korean:   {"라스커", "에마누엘 라스커"},
	Japanese: {"ラスカー", "エマニュエル・ラスカー"},
}

// TestLaskerSpelledOneWay: wherever a message gives Lasker a first name, it
// is the same one (Russian declines both: Эмануила Ласкера).
func TestLaskerSpelledOneWay(t *testing.T) {
	for l, name := range lasker {
		first, _, _ := strings.Cut(name.full, name.surname)
		first = strings.TrimRight(first, " ・")
		stem := first
		if l == Russian {
			stem = strings.TrimSuffix(first, "л") // Эмануил, Эмануила, Эмануилом
		}
		re := regexp.MustCompile(`(\S+) ` + name.surname)
		if l == Japanese {
			re = regexp.MustCompile(`([\p{Katakana}ー]+)・` + name.surname)
		}
		keys, all := texts(t, l)
		for _, k := range keys {
			for _, m := range re.FindAllStringSubmatch(all[k], -1) {
				if !strings.HasPrefix(m[1], stem) && startsUpper(m[1]) {
					t.Errorf("%s %s spells Lasker %q, not %q: %q", l, k, m[0], name.full, all[k])
				}
			}
		}
	}
}

func startsUpper(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	// Hangul and kana have no case: every word before the surname is a name.
	return unicode.IsUpper(r) || unicode.In(r, unicode.Hangul, unicode.Katakana)
}

// Korean particles change with the sound before them (c3이 but c2가): a
// screen reader reads "말을(를)" aloud as written, so no text gives both.
var particleChoice = regexp.MustCompile(`\((을|를|이|가|은|는|와|과|으|아|야|이나|이라)\)`)

func TestKoreanWritesOneParticle(t *testing.T) {
	keys, all := texts(t, Korean)
	for _, k := range keys {
		if m := particleChoice.FindString(all[k]); m != "" {
			t.Errorf("ko %s gives a choice of particles %s: write the one that fits or phrase around: %q", k, m, all[k])
		}
	}
}

// A particle that depends on the sound before it.
const particle = `(이|가|은|는|을|를|와|과|으로|로|이나|나|이었|였|이라|라|이랑|랑|아|야)`

var afterPlaceholder = regexp.MustCompile(`\{\{\.([A-Za-z]+)\}\}` + particle)

// vowelEnding are the placeholders whose every value ends in a vowel (the
// last syllable has no final consonant): the variant names 바스니 and 라스카,
// "백 말 2개" of the inspector and "말 2개" of a hint ({{.Gives}}). Any
// other value (a square c3, a move, a file name, an error) may end either
// way, so no particle follows it: the
// texts phrase around ("{{.To}} 칸으로", "{{.Path}} 파일을", "{{.Move}} 수로").
var vowelEnding = map[string][]string{
	"Variant":   {"common.bashni", "common.lasca"},
	"Game":      {"common.bashni", "common.lasca"},
	"Pieces":    {"inspector.pieces.white", "inspector.pieces.black"},
	"Prisoners": {"inspector.pieces.white", "inspector.pieces.black"},
	"Gives":     {"hint.pieces"},
}

// consonantForm reports whether p is the form of a particle that follows a
// final consonant.
func consonantForm(p string) bool {
	switch p {
	case "이", "은", "을", "과", "으로", "이나", "이었", "이라", "이랑", "아":
		return true
	}
	return false
}

// finalConsonant is the final consonant of a Hangul syllable (0 for none,
// 8 for ㄹ).
func finalConsonant(r rune) int {
	if r < 0xAC00 || r > 0xD7A3 {
		return -1
	}
	return int(r-0xAC00) % 28
}

func TestKoreanParticlesAfterPlaceholders(t *testing.T) {
	msgs := parsed(t, Korean)
	for name, ids := range vowelEnding {
		for _, id := range ids {
			for _, s := range msgs[id] {
				s = strings.TrimSuffix(s, "}}")
				r, _ := utf8.DecodeLastRuneInString(s)
				if finalConsonant(r) != 0 {
					t.Errorf("ko %s = %q ends in a consonant, and {{.%s}} is followed by a particle for a vowel", id, s, name)
				}
			}
		}
	}
	keys, all := texts(t, Korean)
	for _, k := range keys {
		for _, m := range afterPlaceholder.FindAllStringSubmatch(all[k], -1) {
			if vowelEnding[m[1]] == nil {
				t.Errorf("ko %s: %q — {{.%s}} may end in a vowel or a consonant: phrase around it (\"{{.%s}} 칸으로\")", k, m[0], m[1], m[1])
			} else if consonantForm(m[2]) {
				t.Errorf("ko %s: %q — {{.%s}} ends in a vowel", k, m[0], m[1])
			}
		}
	}
}

// squareParticle is a square written in a text (c3, h8) and the particle
// after it: Korean reads the digit in Sino-Korean (일 이 삼 사 오 육 칠 팔).
var squareParticle = regexp.MustCompile(`[a-h]([1-8])` + particle + `([^가-힣]|$|[는도서])`)

func TestKoreanParticlesAfterSquares(t *testing.T) {
	final := map[byte]int{'1': 8, '2': 0, '3': 16, '4': 0, '5': 0, '6': 1, '7': 8, '8': 8} // ㄹ, -, ㅁ, -, -, ㄱ, ㄹ, ㄹ
	keys, all := texts(t, Korean)
	for _, k := range keys {
		for _, m := range squareParticle.FindAllStringSubmatch(all[k], -1) {
			f, p := final[m[1][0]], m[2]
			want := f != 0
			if p == "로" || p == "으로" {
				want = f != 0 && f != 8 // ㄹ takes 로: c1로, c3으로
			}
			if consonantForm(p) != want {
				t.Errorf("ko %s: %q — the digit %s is read %s", k, strings.TrimRight(m[0], m[3]), m[1], []string{"", "일", "이", "삼", "사", "오", "육", "칠", "팔"}[m[1][0]-'0'])
			}
		}
	}
}

// isJapanese reports whether r is a Japanese letter (kana or kanji) or
// full-width punctuation.
func isJapanese(r rune) bool {
	return unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) ||
		(r >= 0x3000 && r <= 0x303F) || (r >= 0xFF01 && r <= 0xFF60)
}

// TestJapanesePunctuation: Japanese sentences take full-width marks —
// 「」 for quotes, （） for brackets, ！？ and ：. ASCII stays for notation
// (a3:c5, W:Wa1,c3), for ?server= and for the symbols quoted in 「:」「-」.
func TestJapanesePunctuation(t *testing.T) {
	keys, all := texts(t, Japanese)
	for _, k := range keys {
		s := all[k]
		if i := strings.IndexAny(s, "'\"“”‘’()"); i >= 0 {
			r, _ := utf8.DecodeRuneInString(s[i:])
			t.Errorf("ja %s has %q: use 「」 for quotes and （） for brackets: %q", k, r, s)
		}
		plain := strings.NewReplacer("「:」", "", "「-」", "").Replace(s)
		for i, r := range plain {
			if !strings.ContainsRune(":!?", r) {
				continue
			}
			before, _ := utf8.DecodeLastRuneInString(plain[:i])
			after, _ := utf8.DecodeRuneInString(plain[i+1:])
			if (before != utf8.RuneError && isJapanese(before) && !strings.ContainsRune("（「", before)) ||
				after == utf8.RuneError || unicode.IsSpace(after) || isJapanese(after) {
				t.Errorf("ja %s has an ASCII %q in Japanese text: use %q: %q", k, r, r+0xFEE0, s)
			}
		}
	}
}

// TestJapaneseCountsMovesWithTe: moves are counted with 手 (3手), never 個.
func TestJapaneseCountsMovesWithTe(t *testing.T) {
	en, ja := parsed(t, English), parsed(t, Japanese)
	countsMoves := regexp.MustCompile(`\{\{\.Count\}\} (legal )?(move|capture)`)
	for id, m := range en {
		if !countsMoves.MatchString(m["other"]) {
			continue
		}
		for form, s := range ja[id] {
			if !strings.Contains(s, "{{.Count}}手") || strings.Contains(s, "{{.Count}}個") {
				t.Errorf("ja %s (%s) counts moves: write {{.Count}}手: %q", id, form, s)
			}
		}
	}
	moveThenKo := regexp.MustCompile(`手[^。、：]{0,3}\{\{\.Count\}\}個`)
	keys, all := texts(t, Japanese)
	for _, k := range keys {
		if moveThenKo.MatchString(all[k]) {
			t.Errorf("ja %s counts moves with 個: %q", k, all[k])
		}
	}
}
