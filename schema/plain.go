package schema

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/zmission/zmission/source"
)

// A schema finding is read by someone setting up a board game, not by a
// programmer: "duration is a number of minutes", "at least 1 Survivor",
// never "got string, want integer". These are the words for what a value
// is and what a number counts.

// typeNoun names a JSON type in plain words.
var typeNoun = map[string]string{
	"integer": "a whole number",
	"number":  "a number",
	"string":  "text",
	"boolean": "true or false",
	"array":   "a list",
	"object":  "a set of keys (key: value)",
	"null":    "empty",
}

// fieldIs says what the value of a key holds, where its type alone says
// too little. It is looked up by the key's name (the list's, for an item).
var fieldIs = map[string]string{
	"duration":   "a number of minutes (e.g. 45)",
	"survivors":  "a number of Survivors",
	"players":    "a number of players or a range like 1-6",
	"survive":    "a number of Game Rounds",
	"round":      "a Game Round number",
	"at":         "a board position: a list [column, row], e.g. [2, 0]",
	"at[]":       "a column or row number, counted from 0",
	"rot":        "a rotation in degrees: 0, 90, 180 or 270",
	"format":     "the file format's number, 1",
	"boxes":      "a list of boxes, e.g. [invader-core]",
	"tiles":      "a list of tiles, each {face: 1A, at: [0, 0]}",
	"tokens":     "a list of tokens, each {type: start, at: [0, 0]}",
	"objectives": "a list of objectives, e.g. - exit: all",
}

// fieldUnit is what a number counts, for its bounds: "at least 1 Survivor".
var fieldUnit = map[string]string{
	"survivors":    "Survivor",
	"players":      "player",
	"duration":     "minute",
	"survive":      "Game Round",
	"round":        "Game Round",
	"lander_round": "round",
	"zombies":      "zombie",
}

// field is the name a value is known by: its key, or for a list item the
// list's key with "[]".
func field(loc []string) string {
	for i := len(loc) - 1; i >= 0; i-- {
		if !isIndex(loc[i]) {
			if i < len(loc)-1 {
				return loc[i] + "[]"
			}
			return loc[i]
		}
	}
	return ""
}

func isIndex(t string) bool {
	return t != "" && strings.Trim(t, "0123456789") == ""
}

// what says what the value at loc should be: the field's own words, or
// else its types in plain words.
func what(loc []string, types []string) string {
	name := field(loc)
	if s, ok := fieldIs[name]; ok {
		return s
	}
	var ws []string
	for _, t := range types {
		if t == "number" && contains(types, "integer") {
			continue
		}
		ws = append(ws, typeNoun[t])
	}
	return orList(ws)
}

// plainValue shows a value as its type in plain words, with the value
// itself when it is short: `text ("long")`, `a list`.
func plainValue(x *source.Node) string {
	noun := typeNoun[typeName(x)]
	if x.Kind == source.Number && isWhole(x.Text) {
		noun = "a whole number"
	}
	switch x.Kind {
	case source.Object, source.Array, source.Null:
		return noun
	}
	return noun + " (" + shown(x) + ")"
}

func isWhole(s string) bool {
	_, err := strconv.ParseInt(s, 10, 64)
	return err == nil
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// amount writes a bound with the unit the field counts: "1 Survivor",
// "1440 minutes", or the number alone.
func amount(loc []string, bound string) string {
	name := field(loc)
	unit, ok := fieldUnit[name]
	if !ok {
		return bound
	}
	if bound == "1" {
		return "1 " + unit
	}
	return bound + " " + unit + "s"
}

// bounded words a number past a bound of the schema. A board position
// below 0 is off the board, as a position past its far edge is.
func bounded(loc []string, got, bound string, low, exclusive bool) string {
	name := field(loc)
	if name == "at[]" || name == "cell[]" {
		if low {
			return fmt.Sprintf("%s is outside the board: columns and rows count from %s, at the top left", got, bound)
		}
		return fmt.Sprintf("%s is outside the board: columns and rows go up to %s", got, bound)
	}
	_, counts := fieldUnit[name]
	switch {
	case low && exclusive:
		return fmt.Sprintf("%s is too low: it must be more than %s", got, amount(loc, bound))
	case !low && exclusive:
		return fmt.Sprintf("%s is too high: it must be less than %s", got, amount(loc, bound))
	case low && counts:
		return fmt.Sprintf("%s is too few: at least %s", got, amount(loc, bound))
	case low:
		return fmt.Sprintf("%s is too low: the least is %s", got, bound)
	case counts:
		return fmt.Sprintf("%s is too many: at most %s", got, amount(loc, bound))
	}
	return fmt.Sprintf("%s is too high: the most is %s", got, bound)
}

// constant words a value that has one allowed value. A format number past
// the one this build reads comes from a newer zmission.
func constant(loc []string, got *source.Node, want any) string {
	if len(loc) == 1 && loc[0] == "format" && got.Kind == source.Number {
		if n, err := strconv.ParseFloat(got.Text, 64); err == nil {
			if w, err := strconv.ParseFloat(show(want), 64); err == nil && n > w {
				return fmt.Sprintf("%s was written by a newer zmission; this one reads format %s", got.Text, show(want))
			}
			return fmt.Sprintf("%s is no format zmission ever wrote; this one reads format %s", got.Text, show(want))
		}
	}
	return fmt.Sprintf("can only be %s here, not %s", show(want), shown(got))
}

// patternForms words the patterns of our schemas by the form they ask for,
// where the value's key does not say more (see patternMessage).
var patternForms = map[string]string{
	`^[a-z0-9][a-z0-9-]{0,39}$`:                    "an id: lower-case letters, digits and dashes, starting with a letter or digit, at most 40 (e.g. police-station)",
	`^[a-z0-9][a-z0-9-]{0,63}$`:                    "an id: lower-case letters, digits and dashes, starting with a letter or digit, at most 64 (e.g. first-contact)",
	`^[a-z][a-z0-9-]{0,31}$`:                       "a name: lower-case letters, digits and dashes, starting with a letter, at most 32 (e.g. survival)",
	`^[1-9][0-9]?(-[1-9][0-9]?)?$`:                 "a number or a range like 1-6",
	`^[1-5](-[1-5])?$`:                             "a number from 1 to 5 or a range like 1-5",
	`^[0-9]{1,3}(-[0-9]{1,3})?$`:                   "a card number or range like 1-25",
	`^[^/,\s]{1,16}$`:                              "a tile face id without '/', ',' or spaces (e.g. 1A)",
	`^[^/,\s]{1,16}/[^/,\s]{1,16}$`:                "a tile face and a zone label, like 1A/c",
	`^[A-Za-z][A-Za-z0-9_-]{0,63}$`:                "a token id: a letter, then letters, digits, - and _ (e.g. gun-1)",
	`^[A-Za-z0-9][A-Za-z0-9_-]{0,15}$`:             "a face or zone id: letters, digits, - and _, at most 16 (e.g. 1A)",
	`^\s*[0-9]{1,3}\s*,\s*[0-9]{1,3}\s+[nesw]\s*$`: "a cell side: column,row and n, e, s or w (e.g. 0,1 e)",
	`^\s*[A-Za-z0-9][A-Za-z0-9_-]{0,15}(\s+[A-Za-z0-9][A-Za-z0-9_-]{0,15})*\s*$`: "zone labels separated by spaces, each letters, digits, - and _ (e.g. a a b)",
}

// shown writes a value an author wrote, as it would be read back: text in
// quotes (cut short when long), numbers as written, an empty value as
// such, a list or keys by what they are.
func shown(x *source.Node) string {
	switch x.Kind {
	case source.Null:
		return "an empty value"
	case source.Object, source.Array:
		return typeNoun[typeName(x)]
	case source.String:
		if utf8.RuneCountInString(x.Text) > source.MaxQuote {
			// Cut as every message quotes a value (docs/mission-format.md).
			return show(source.Shorten(x.Text))
		}
	}
	return showNode(x)
}
