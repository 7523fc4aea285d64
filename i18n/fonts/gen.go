//go:build ignore

// gen makes the game's font subsets with fontTools' pyftsubset (Debian
// package fonttools).
//
// The Go fonts (golang.org/x/image/font/gofont, the three weights the game
// draws with) lose their TrueType hinting, which the game's rasterizer
// (x/image's sfnt) never runs, and keep the glyphs of goRanges (Latin,
// Greek and Cyrillic, for what players type or paste: names) and of every
// message of every language: 0.14 MB of the gzipped WebAssembly download
// (docs/PAGESIZE.md).
//
// The CJK subsets come from Debian's fonts-noto-cjk: "common", the runes every language
// needs and the Go fonts lack (the language names of the language menu, a
// symbol such as ⌘ in the English and Russian messages), and for Korean and
// Japanese the runes of the language's message file (i18n/locales) that
// neither the Go fonts nor common have. It writes the .ttf and .otf files,
// the rune lists given to pyftsubset and SOURCE.md beside this file.
//
//	apt-get install fonts-noto-cjk fonttools
//	go generate ./i18n/fonts
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/format"
	"log"
	"os"
	"os/exec"
	"slices"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"

	"bashni/i18n"
	"bashni/i18n/locales"
)

const fontDir = "/usr/share/fonts/opentype/noto/"

// sources are the TrueType collections, by weight; faces are the index of
// each region's face in them (fontTools lists them: JP 0, KR 1, SC 2 …).
var sources = map[string]string{"regular": "NotoSansCJK-Regular.ttc", "bold": "NotoSansCJK-Bold.ttc"}
var faces = map[string]int{"ko": 1, "ja": 0, "common": 0}

// goRanges are the runes the Go font subsets keep whether or not a message
// uses them: every letter of the Latin, Greek and Cyrillic scripts the Go
// fonts have, with their punctuation, currency and letter-like symbols, so
// that a player's name (online play: any script; the Go fonts draw these
// three) or a name in a pasted game record is drawn in the game's font.
// Left out: the Go fonts' box drawing, block elements, mathematical and
// other symbols, and their ligatures, which nothing draws.
var goRanges = [][2]rune{
	{0x20, 0x7e},     // ASCII
	{0xa0, 0x2ff},    // Latin-1, Latin Extended-A and -B, IPA, spacing modifiers
	{0x300, 0x36f},   // combining marks
	{0x370, 0x3ff},   // Greek
	{0x400, 0x52f},   // Cyrillic and its supplement
	{0x1e00, 0x1eff}, // Latin Extended Additional
	{0x2000, 0x206f}, // general punctuation
	{0x20a0, 0x20cf}, // currency
	{0x2100, 0x214f}, // letter-like symbols (№, ™)
	{0x2190, 0x21ff}, // arrows
	{0xfffd, 0xfffd}, // the replacement character
}

// goSources are the Go fonts, by the name of their subset.
var goSources = []struct {
	name, file string // file: in x/image's font/gofont/ttfs
	ttf        []byte
}{{"go-regular", "Go-Regular.ttf", goregular.TTF}, {"go-medium", "Go-Medium.ttf", gomedium.TTF}, {"go-bold", "Go-Bold.ttf", gobold.TTF}}

func main() {
	var report strings.Builder
	report.WriteString("# Font subsets\n\nMade by `go generate ./i18n/fonts` (gen.go) on Debian with\n" +
		"`fonts-noto-cjk` and `fonttools`. Do not edit the .ttf and .otf files by hand: change the\n" +
		"message files and run the generator again (`go test ./i18n/fonts` fails when a message\n" +
		"uses a glyph that neither the Go font subsets nor the CJK subsets have).\n\n")
	makeGoSubsets(&report)
	goRunes := goFontRunes()
	sets := map[string]string{}
	// common: what every language needs and the Go fonts lack: the
	// language names of the language menu, symbols such as ⌘.
	var common []rune
	for _, l := range i18n.Langs() {
		common = append(common, []rune(l.Name())...)
	}
	common = append(common, messageRunes(i18n.English)...)
	common = append(common, messageRunes(i18n.Russian)...)
	sets["common"] = missing(common, goRunes)
	inCommon := func(r rune) bool { return goRunes(r) || strings.ContainsRune(sets["common"], r) }
	for _, l := range []i18n.Lang{i18n.Korean, i18n.Japanese} {
		sets[l.Code()] = missing(messageRunes(l), inCommon)
	}

	report.WriteString("## CJK subsets\n\nLicence: SIL Open Font License 1.1 (Noto Sans CJK, © Google and Adobe); the\n" +
		"subsets keep the fonts' name tables with their copyright and licence.\n\n### Sources\n\n")
	report.WriteString("| file | sha256 | fontRevision | Debian package |\n|---|---|---|---|\n")
	for _, w := range []string{"regular", "bold"} {
		path := fontDir + sources[w]
		data, err := os.ReadFile(path)
		if err != nil {
			log.Fatalf("%v (apt-get install fonts-noto-cjk)", err)
		}
		sum := sha256.Sum256(data)
		fmt.Fprintf(&report, "| %s | %s | %s | fonts-noto-cjk %s |\n", path, hex.EncodeToString(sum[:]), revision(path), debVersion("fonts-noto-cjk"))
	}
	fmt.Fprintf(&report, "\npyftsubset: fonttools %s\n\n### Subsets\n\n| subset | runes | regular | bold |\n|---|---|---|---|\n", debVersion("fonttools"))
	var commands []string
	for _, set := range []string{"common", "ko", "ja"} {
		runesFile := "runes-" + set + ".txt"
		if err := os.WriteFile(runesFile, []byte(sets[set]+"\n"), 0o644); err != nil {
			log.Fatal(err)
		}
		sizes := map[string]int{}
		for _, w := range []string{"regular", "bold"} {
			out := set + "-" + w + ".otf"
			tmp := out + ".tmp"
			args := []string{fontDir + sources[w], fmt.Sprintf("--font-number=%d", faces[set]),
				"--text-file=" + runesFile, "--output-file=" + tmp,
				"--layout-features=", "--drop-tables+=GSUB,GPOS,GDEF,BASE,VORG,vhea,vmtx,DSIG",
				"--no-hinting", "--desubroutinize", "--notdef-outline", "--name-IDs=0,1,2,3,4,5,6,13,14"}
			commands = append(commands, "pyftsubset "+strings.Join(args, " "))
			run("pyftsubset", args...)
			// The source's Unicode variation sequences (cmap format 14)
			// pull in variant glyphs of the kanji that nothing draws: drop
			// them and subset again, so the font holds the runes asked for
			// and .notdef only.
			commands = append(commands, "python3 -c \"$DROP_UVS\" "+tmp+"   # gen.go's dropUVS", "pyftsubset "+tmp+" --text-file="+runesFile+" --output-file="+out+" "+strings.Join(args[4:], " "))
			run(python(), "-c", dropUVS, tmp)
			run("pyftsubset", append([]string{tmp, "--text-file=" + runesFile, "--output-file=" + out}, args[4:]...)...)
			if err := os.Remove(tmp); err != nil {
				log.Fatal(err)
			}
			b, err := os.ReadFile(out)
			if err != nil {
				log.Fatal(err)
			}
			sizes[w] = len(b)
		}
		fmt.Fprintf(&report, "| %s | %d | %d bytes | %d bytes |\n", set, len([]rune(sets[set])), sizes["regular"], sizes["bold"])
	}
	report.WriteString("\n### Commands\n\n```sh\n" + strings.Join(commands, "\n") + "\n```\n\n")
	makeNameBlocks(&report)
	if err := os.WriteFile("SOURCE.md", []byte(report.String()), 0o644); err != nil {
		log.Fatal(err)
	}
}

// dropUVS removes the cmap format 14 subtable of the font file argv[1].
const dropUVS = `import sys
from fontTools.ttLib import TTFont
f = TTFont(sys.argv[1], recalcTimestamp=False)
f["cmap"].tables = [t for t in f["cmap"].tables if t.format != 14]
f.save(sys.argv[1])`

// python is Debian's Python, which has fontTools (a python3 earlier on
// PATH may not).
func python() string {
	if _, err := os.Stat("/usr/bin/python3"); err == nil {
		return "/usr/bin/python3"
	}
	return "python3"
}

func run(name string, args ...string) {
	cmd := exec.Command(name, args...)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		log.Fatalf("%s %v: %v (apt-get install fonttools)", name, args, err)
	}
}

// messageRunes are the runes of every message of l.
func messageRunes(l i18n.Lang) []rune {
	msgs, err := locales.Parse(l.Code())
	if err != nil {
		log.Fatal(err)
	}
	var rs []rune
	for _, forms := range msgs {
		for _, s := range forms {
			rs = append(rs, []rune(s)...)
		}
	}
	return rs
}

// makeGoSubsets makes the Go font subsets: goRanges and the runes of every
// message and language name that the Go fonts have, without hinting.
func makeGoSubsets(report *strings.Builder) {
	var rs []rune
	for _, r := range goRanges {
		for c := r[0]; c <= r[1]; c++ {
			rs = append(rs, c)
		}
	}
	for _, l := range i18n.Langs() {
		rs = append(rs, messageRunes(l)...)
		rs = append(rs, []rune(l.Name())...)
	}
	has := fontRunes(goregular.TTF, gomedium.TTF, gobold.TTF)
	keep := kept(rs, has)
	const runesFile = "runes-go.txt"
	if err := os.WriteFile(runesFile, []byte(keep+"\n"), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Fprintf(report, "## Go fonts\n\nLicence: the Go fonts' own (licenses/, \"Go fonts\"), from golang.org/x/image %s.\n"+
		"Hinting is dropped (x/image's rasterizer never runs it); the glyphs kept are the %d runes\n"+
		"of %s.\n\n| subset | source | subset |\n|---|---|---|\n", xImageVersion(), len([]rune(keep)), runesFile)
	var commands []string
	for _, src := range goSources {
		tmp, err := os.CreateTemp("", src.name+"-*.ttf")
		if err != nil {
			log.Fatal(err)
		}
		if _, err := tmp.Write(src.ttf); err != nil {
			log.Fatal(err)
		}
		tmp.Close()
		out := src.name + ".ttf"
		args := []string{tmp.Name(), "--text-file=" + runesFile, "--output-file=" + out,
			"--no-hinting", "--notdef-outline", "--name-IDs=0,1,2,3,4,5,6,13,14"}
		ttfs := "$(go env GOMODCACHE)/golang.org/x/image@" + xImageVersion() + "/font/gofont/ttfs/"
		commands = append(commands, "pyftsubset "+strings.Join(append([]string{ttfs + src.file}, args[1:]...), " "))
		run("pyftsubset", args...)
		os.Remove(tmp.Name())
		b, err := os.ReadFile(out)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Fprintf(report, "| %s | %d bytes | %d bytes |\n", out, len(src.ttf), len(b))
	}
	report.WriteString("\n```sh\n" + strings.Join(commands, "\n") + "\n```\n\n")
}

// kept are the distinct runes of rs that has has (control characters
// aside), sorted.
func kept(rs []rune, has func(rune) bool) string {
	var out []rune
	for _, r := range rs {
		if r >= ' ' && has(r) && !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	slices.Sort(out)
	return string(out)
}

func xImageVersion() string {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Version}}", "golang.org/x/image").Output()
	if err != nil {
		return "?"
	}
	return string(bytes.TrimSpace(out))
}

// goFontRunes reports which runes all three Go font subsets have.
func goFontRunes() func(rune) bool {
	var ttfs [][]byte
	for _, src := range goSources {
		b, err := os.ReadFile(src.name + ".ttf")
		if err != nil {
			log.Fatal(err)
		}
		ttfs = append(ttfs, b)
	}
	return fontRunes(ttfs...)
}

// fontRunes reports which runes all of ttfs have.
func fontRunes(ttfs ...[]byte) func(rune) bool {
	var fonts []*sfnt.Font
	for _, ttf := range ttfs {
		f, err := sfnt.Parse(ttf)
		if err != nil {
			log.Fatal(err)
		}
		fonts = append(fonts, f)
	}
	var buf sfnt.Buffer
	return func(r rune) bool {
		for _, f := range fonts {
			if i, err := f.GlyphIndex(&buf, r); err != nil || i == 0 {
				return false
			}
		}
		return true
	}
}

// missing are the distinct runes of rs that has lacks (spaces and control
// characters aside), sorted.
func missing(rs []rune, has func(rune) bool) string {
	var out []rune
	for _, r := range rs {
		if r > ' ' && !has(r) && !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	slices.Sort(out)
	return string(out)
}

func revision(path string) string {
	out, err := exec.Command(python(), "-c", "import sys\nfrom fontTools.ttLib import TTCollection\nprint('%.3f' % TTCollection(sys.argv[1]).fonts[0]['head'].fontRevision)", path).Output()
	if err != nil {
		return "?"
	}
	return string(bytes.TrimSpace(out))
}

func debVersion(pkg string) string {
	out, err := exec.Command("dpkg-query", "-W", "-f=${Version}", pkg).Output()
	if err != nil {
		return "?"
	}
	return string(out)
}

// nameScripts are the scripts of players' names (online play: letters of
// any script, docs/ONLINE.md) that neither the Go fonts nor the language
// subsets draw, each from the Noto Sans CJK face whose glyph forms fit it,
// in Regular only (a name in bold text keeps these glyphs regular: a
// second weight would double the files). Their runes are split into
// blocks of 256 code points, one font file each (names/names-ac00.otf),
// so that the browser fetches only the blocks the names on its screen
// need; desktop builds compile them all in. The server refuses a name
// with a letter none of the game's fonts has (fonts.CanDraw).
var nameScripts = []struct {
	name  string
	face  int
	runes func() []rune
}{
	{"hangul", faces["ko"], func() []rune {
		// Every syllable, and the compatibility jamo ("ㅋㅋㅋ").
		return append(span(0xac00, 0xd7a3), span(0x3131, 0x318e)...)
	}},
	{"kana", faces["ja"], func() []rune {
		// Hiragana and katakana with their iteration and length marks,
		// and 々 and 〆, letters Japanese names use.
		rs := []rune{0x3005, 0x3006}
		rs = append(rs, span(0x3041, 0x3096)...)
		rs = append(rs, span(0x3099, 0x309a)...)
		rs = append(rs, span(0x309d, 0x309f)...)
		rs = append(rs, span(0x30a1, 0x30fa)...)
		return append(rs, span(0x30fc, 0x30ff)...)
	}},
	{"han", faces["ja"], func() []rune {
		// The ideographs of the national character sets: JIS X 0208
		// (levels 1 and 2), GB 2312 and KS X 1001's hanja, which hold the
		// characters of Japanese, Chinese and Korean names (10,450 of the
		// 20,992 unified ideographs, drawn in their Japanese forms).
		var rs []rune
		for _, enc := range []encoding.Encoding{japanese.EUCJP, simplifiedchinese.GBK, korean.EUCKR} {
			dec := enc.NewDecoder()
			for b1 := 0xa1; b1 <= 0xfe; b1++ {
				for b2 := 0xa1; b2 <= 0xfe; b2++ {
					s, err := dec.Bytes([]byte{byte(b1), byte(b2)})
					if err != nil {
						continue
					}
					for _, r := range string(s) {
						if r >= 0x4e00 && r <= 0x9fff && !slices.Contains(rs, r) {
							rs = append(rs, r)
						}
					}
				}
			}
		}
		return rs
	}},
}

func span(from, to rune) []rune {
	var rs []rune
	for r := from; r <= to; r++ {
		rs = append(rs, r)
	}
	return rs
}

// splitBlocks subsets the font file argv[1] into one file per line of the
// file argv[2] ("<output>\t<runes>"), with pyftsubset's options of the
// other subsets, in one process (a pyftsubset per block would read the
// font each time).
const splitBlocks = `import sys
from fontTools import subset
opts = subset.Options()
opts.layout_features = []
opts.drop_tables += ["GSUB", "GPOS", "GDEF", "BASE", "VORG", "vhea", "vmtx", "DSIG"]
opts.hinting = False
opts.desubroutinize = True
opts.notdef_outline = True
opts.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
for line in open(sys.argv[2], encoding="utf-8").read().splitlines():
    out, text = line.split("\t", 1)
    font = subset.load_font(sys.argv[1], opts)
    s = subset.Subsetter(opts)
    s.populate(text=text)
    s.subset(font)
    subset.save_font(font, out, opts)`

// makeNameBlocks writes names/ and names_blocks.go.
func makeNameBlocks(report *strings.Builder) {
	if err := os.RemoveAll("names"); err != nil {
		log.Fatal(err)
	}
	if err := os.Mkdir("names", 0o755); err != nil {
		log.Fatal(err)
	}
	report.WriteString("## Players' names\n\nThe runes of names that neither the Go fonts nor the language subsets draw, from\n" +
		"NotoSansCJK-Regular.ttc, one file per block of 256 code points (names/names-XXXX.otf,\n" +
		"XXXX the block's first code point): gen.go's nameScripts says which.\n\n" +
		"| script | face | runes | files | bytes |\n|---|---|---|---|---|\n")
	var blocks []int
	var commands []string
	for _, sc := range nameScripts {
		rs := sc.runes()
		slices.Sort(rs)
		runesFile := "runes-names-" + sc.name + ".txt"
		if err := os.WriteFile(runesFile, []byte(string(rs)+"\n"), 0o644); err != nil {
			log.Fatal(err)
		}
		tmp := "names-" + sc.name + ".otf.tmp"
		args := []string{fontDir + sources["regular"], fmt.Sprintf("--font-number=%d", sc.face),
			"--text-file=" + runesFile, "--output-file=" + tmp,
			"--layout-features=", "--drop-tables+=GSUB,GPOS,GDEF,BASE,VORG,vhea,vmtx,DSIG",
			"--no-hinting", "--desubroutinize", "--notdef-outline", "--name-IDs=0,1,2,3,4,5,6,13,14"}
		run("pyftsubset", args...)
		run(python(), "-c", dropUVS, tmp)
		var lines []string
		byBlock := map[int][]rune{}
		for _, r := range rs {
			byBlock[int(r>>8)] = append(byBlock[int(r>>8)], r)
		}
		var mine []int
		for b := range byBlock {
			mine = append(mine, b)
		}
		slices.Sort(mine)
		for _, b := range mine {
			lines = append(lines, fmt.Sprintf("names/%s\t%s", nameFile(b), string(byBlock[b])))
		}
		list := "names-" + sc.name + ".blocks.tmp"
		if err := os.WriteFile(list, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			log.Fatal(err)
		}
		run(python(), "-c", splitBlocks, tmp, list)
		commands = append(commands, "pyftsubset "+strings.Join(args, " "), "python3 -c \"$DROP_UVS\" "+tmp,
			"python3 -c \"$SPLIT_BLOCKS\" "+tmp+" "+list+"   # gen.go's splitBlocks: a subset per block of "+runesFile)
		os.Remove(tmp)
		os.Remove(list)
		total := 0
		for _, b := range mine {
			fi, err := os.Stat("names/" + nameFile(b))
			if err != nil {
				log.Fatal(err)
			}
			total += int(fi.Size())
		}
		fmt.Fprintf(report, "| %s | %d | %d | %d | %d |\n", sc.name, sc.face, len(rs), len(mine), total)
		blocks = append(blocks, mine...)
	}
	report.WriteString("\n```sh\n" + strings.Join(commands, "\n") + "\n```\n")
	slices.Sort(blocks)
	var src strings.Builder
	src.WriteString("// Code generated by gen.go; DO NOT EDIT.\n\npackage fonts\n\n" +
		"// nameBlocks are the blocks of 256 code points (their first >> 8) that\n" +
		"// have a names font, names/names-XXXX.otf.\nvar nameBlocks = [...]uint8{")
	for i, b := range blocks {
		if b > 0xff {
			log.Fatalf("block %x is beyond the table", b)
		}
		if i > 0 {
			src.WriteString(", ")
		}
		fmt.Fprintf(&src, "0x%02x", b)
	}
	src.WriteString("}\n")
	out, err := format.Source([]byte(src.String()))
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("names_blocks.go", out, 0o644); err != nil {
		log.Fatal(err)
	}
}

func nameFile(block int) string { return fmt.Sprintf("names-%04x.otf", block<<8) }
