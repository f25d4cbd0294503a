package render

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// palette maps a drawing role to its colour and to its black-and-white
// stand-in. Mono drawings use only greys; what colour said there is said by
// patterns and letters instead.
var palette = map[string][2]string{
	"ink":   {"#222222", "#000000"},
	"paper": {"#ffffff", "#ffffff"},
	"faint": {"#7a7a7a", "#7a7a7a"},
	"grid":  {"#5c7080", "#808080"},
	"tile":  {"#0e6f78", "#000000"}, // tile borders
	"dots":  {"#7a7a7a", "#3a3a3a"}, // the exterior's pattern

	"door:neutral": {"#7b5a36", "#6a6a6a"},

	"kind:room":     {"#f2e8d5", "#ffffff"},
	"kind:corridor": {"#d3dbe1", "#ececec"},
	"kind:exterior": {"#e3bf8f", "#bcbcbc"},
	"kind:street":   {"#a3a6a9", "#b4b4b4"},
	"kind:other":    {"#e8e8e8", "#eeeeee"},

	"feat:security": {"#f4d0c8", "#ffffff"},
	"feat:oxygen":   {"#cfe3f4", "#ffffff"},
	"tag:security":  {"#a8261c", "#000000"},
	"tag:oxygen":    {"#1d5fa6", "#000000"},
	"tag:airlock":   {"#7a5600", "#000000"},
	"tag:dark":      {"#222222", "#000000"},
	"stripe":        {"#e8b923", "#9a9a9a"},
	"dark":          {"#1e2430", "#404040"},

	"tok:red":     {"#d7263d", "#ffffff"},
	"tok:blue":    {"#2f6fd6", "#ffffff"},
	"tok:green":   {"#2e9d4a", "#ffffff"},
	"tok:violet":  {"#8e44ad", "#ffffff"},
	"tok:white":   {"#ffffff", "#ffffff"},
	"tok:yellow":  {"#f2c14e", "#ffffff"},
	"tok:orange":  {"#f08a24", "#ffffff"},
	"tok:neutral": {"#e6e6e6", "#ffffff"},
	"tok:other":   {"#b8b8b8", "#ffffff"},

	"start":      {"#1f8a70", "#5a5a5a"},
	"exit":       {"#7bd389", "#ffffff"},
	"mold":       {"#7a9a2e", "#6a6a6a"},
	"mold-dark":  {"#4e6b1a", "#2a2a2a"},
	"machine":    {"#9aa7b4", "#bdbdbd"},
	"police":     {"#23395d", "#4a4a4a"},
	"pimpmobile": {"#b0358f", "#9a9a9a"},
	"car":        {"#8d8d8d", "#9a9a9a"},
	"glass":      {"#bfe3ff", "#e8e8e8"},
	"siren-red":  {"#e53935", "#ffffff"},
	"siren-blue": {"#1e88e5", "#000000"},

	"ov:sight":  {"#1f77d4", "#505050"},
	"ov:oxygen": {"#1f77d4", "#000000"},
	"ov:xenos":  {"#8a8a8a", "#8a8a8a"},
	"ov:free":   {"#1a1a1a", "#000000"},
	"ov:mold":   {"#3f6212", "#000000"},
	"ov:hot":    {"#7f0000", "#303030"},
	"ov:cold":   {"#fbbf24", "#d0d0d0"}, // amber: the lightest step reads apart from room and street fills, in colour and in grey
}

// pathColours tell Xeno paths apart, one per Spawn Zone in spawning order.
var pathColours = []string{"#c2185b", "#ef6c00", "#6a1b9a", "#00838f", "#2e7d32", "#4e342e", "#283593", "#9e9d24"}

// colourLetters stand for a colour in mono drawings.
var colourLetters = map[string]string{
	"red": "R", "blue": "B", "green": "G", "violet": "V", "white": "W", "yellow": "Y", "orange": "O",
}

// style is how one drawing looks: in colour or for a black-and-white printer.
type style struct {
	mono bool
}

// c returns the colour of a role.
func (s style) c(role string) string {
	p, ok := palette[role]
	if !ok {
		p = palette["faint"]
	}
	if s.mono {
		return p[1]
	}
	return p[0]
}

// token returns the fill of a token or door colour.
func (s style) token(colour string) string {
	if _, ok := palette["tok:"+colour]; ok {
		return s.c("tok:" + colour)
	}
	return s.c("tok:other")
}

// letter is the mark a colour gets in mono ("" for neutral and none).
func (s style) letter(colour string) string {
	if !s.mono {
		return ""
	}
	if l, ok := colourLetters[colour]; ok {
		return l
	}
	if colour == "" || colour == "neutral" {
		return ""
	}
	r, _ := utf8.DecodeRuneInString(colour)
	return strings.ToUpper(string(r))
}

// kindFill is the fill of a zone kind.
func (s style) kindFill(kind string) string {
	if _, ok := palette["kind:"+kind]; ok {
		return s.c("kind:" + kind)
	}
	return s.c("kind:other")
}

// pathColour is the colour of the i-th Xeno path.
func (s style) pathColour(i int) string {
	if s.mono {
		return "#000000"
	}
	return pathColours[i%len(pathColours)]
}

// ramp mixes the colours of roles a (t=0) and b (t=1).
func (s style) ramp(a, b string, t float64) string {
	ca, cb := hexRGB(s.c(a)), hexRGB(s.c(b))
	t = math.Max(0, math.Min(1, t))
	var out [3]int
	for i := range out {
		out[i] = int(math.Round(float64(ca[i]) + (float64(cb[i])-float64(ca[i]))*t))
	}
	if s.mono {
		g := (out[0] + out[1] + out[2]) / 3
		out = [3]int{g, g, g}
	}
	return rgbHex(out)
}

func hexRGB(h string) [3]int {
	var out [3]int
	if len(h) != 7 {
		return out
	}
	for i := range out {
		v, _ := strconv.ParseUint(h[1+2*i:3+2*i], 16, 8)
		out[i] = int(v)
	}
	return out
}

func rgbHex(c [3]int) string {
	const digits = "0123456789abcdef"
	b := []byte{'#', 0, 0, 0, 0, 0, 0}
	for i, v := range c {
		v = max(0, min(255, v))
		b[1+2*i] = digits[v>>4]
		b[2+2*i] = digits[v&15]
	}
	return string(b)
}

// inkOn picks dark or light text for a background colour.
func inkOn(bg string) string {
	c := hexRGB(bg)
	if 299*c[0]+587*c[1]+114*c[2] < 128000 {
		return "#ffffff"
	}
	return "#000000"
}
