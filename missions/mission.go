// Package missions owns the mission document: its types, loading from YAML or
// JSON with source positions, the canonical format, and references to places
// on the board (a board cell "x,y", a zone id "1A/c", or a token id). It knows
// no game rules.
package missions

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// FormatVersion is the mission format this build reads and writes.
const FormatVersion = 1

// Mission is format version 1. Field names are the document keys.
type Mission struct {
	Format     int         `json:"format"`
	ID         string      `json:"id"`
	Title      string      `json:"title"`
	Author     string      `json:"author,omitempty"`
	Briefing   string      `json:"briefing,omitempty"`
	Notes      string      `json:"notes,omitempty"`
	Ruleset    string      `json:"ruleset"`
	Survivors  int         `json:"survivors,omitempty"`  // default 6
	Players    Amount      `json:"players,omitempty"`    // "1-6" or a number
	Difficulty string      `json:"difficulty,omitempty"` // easy|medium|hard|deadly
	Duration   int         `json:"duration,omitempty"`   // minutes
	Boxes      []string    `json:"boxes,omitempty"`      // default: the ruleset's core box
	Equipment  []string    `json:"equipment,omitempty"`  // what the team starts with, e.g. oxygen-tank
	Tileset    string      `json:"tileset,omitempty"`    // built-in name or path relative to the file
	Tiles      []Tile      `json:"tiles,omitempty"`
	Tokens     []Token     `json:"tokens,omitempty"`
	Objectives []Objective `json:"objectives,omitempty"`
	Rules      []Rule      `json:"rules,omitempty"`
	XenoDeck   []string    `json:"xeno_deck,omitempty"` // card ranges, e.g. "1-25", "51-54"
}

// Tile places one tile face on the tile grid.
type Tile struct {
	Face string `json:"face"`
	At   [2]int `json:"at"`  // [col, row] on the tile grid
	Rot  int    `json:"rot"` // clockwise degrees: 0, 90, 180, 270
}

// Token types.
const (
	TokStart     = "start"
	TokSpawn     = "spawn"
	TokObjective = "objective"
	TokExit      = "exit"
	TokDoor      = "door"
	TokMold      = "mold"
	TokNoise     = "noise"
	TokSentryGun = "sentry-gun"
	TokBot       = "bot"
	TokCar       = "car"
)

// Token is one token on the board. It is placed either by board cell (At) or
// by tile face and zone label (In, "1A/c"), which stays right when tiles move.
// Doors stand on a cell side (Side: n, e, s or w of the cell).
type Token struct {
	ID    string  `json:"id,omitempty"`
	Type  string  `json:"type"`
	Color string  `json:"color,omitempty"` // spawn, objective (hidden side), door
	State string  `json:"state,omitempty"` // door: closed|open|destroyed; mold: active|inactive
	First bool    `json:"first,omitempty"` // spawn: spawning starts here
	Kind  string  `json:"kind,omitempty"`  // car: police|pimpmobile
	At    *[2]int `json:"at,omitempty"`
	In    string  `json:"in,omitempty"`
	Side  string  `json:"side,omitempty"`
}

// Objective is one victory condition. Exactly one of the condition keys is set.
type Objective struct {
	Take     string `json:"take,omitempty"`     // objective colour, or "all"
	Count    int    `json:"count,omitempty"`    // with take or kill; 0 = all of them
	Exit     Amount `json:"exit,omitempty"`     // "all", "any" or a number of Survivors
	Reach    string `json:"reach,omitempty"`    // zone id, "x,y" or token id
	Activate string `json:"activate,omitempty"` // token id (machine, objective)
	Survive  int    `json:"survive,omitempty"`  // rounds
	Kill     string `json:"kill,omitempty"`     // Xeno/Zombie type
	Text     string `json:"text,omitempty"`     // free text; alone, an unchecked condition
	Order    int    `json:"order,omitempty"`    // 1, 2, ...: must be done in this order
}

// Rule is a special rule: when a trigger happens, effects apply. A rule with
// only Text is free text the tool shows but cannot check.
type Rule struct {
	When *Trigger `json:"when,omitempty"`
	Then []Effect `json:"then,omitempty"`
	Text string   `json:"text,omitempty"`
}

// Trigger of a special rule. Exactly one key is set.
type Trigger struct {
	Take     string `json:"take,omitempty"`     // an objective of this colour is taken
	Reach    string `json:"reach,omitempty"`    // a Survivor reaches this zone, cell or token
	Activate string `json:"activate,omitempty"` // a token is activated
	Round    int    `json:"round,omitempty"`    // the start of round N
}

// Effect of a special rule. Exactly one key is set.
type Effect struct {
	Open     string `json:"open,omitempty"`     // doors of this colour open (or may be opened)
	Activate string `json:"activate,omitempty"` // spawns of this colour activate
	Grant    string `json:"grant,omitempty"`    // an item or remote, e.g. oxygen-tank, remote:bot
	Remove   string `json:"remove,omitempty"`   // a token id
	Text     string `json:"text,omitempty"`
}

// Amount is a count written as a number or a word/range ("all", "any", "1-6").
type Amount string

// UnmarshalJSON accepts a JSON number or string.
func (a *Amount) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*a = Amount(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("want a number or a string: %w", err)
	}
	*a = Amount(n.String())
	return nil
}

// MarshalJSON writes numbers as numbers; a text that only reads as one
// ("00", "+5") stays a text, since it is not a JSON number.
func (a Amount) MarshalJSON() ([]byte, error) {
	if n, err := strconv.Atoi(string(a)); err == nil && strconv.Itoa(n) == string(a) {
		return []byte(a), nil
	}
	return json.Marshal(string(a))
}

// Int returns the amount as a number, ok=false for words and ranges.
func (a Amount) Int() (int, bool) {
	n, err := strconv.Atoi(string(a))
	return n, err == nil
}
