package editor

import (
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/facility"
)

// boardKind is one kind of board's part of the editor: what the page
// draws and edits for it. The shell (server, operations, undo, issues,
// live reload, the mission forms) is the same for every kind.
//
// The grid kind (tiles on a cell grid: both Zombicide games) and the graph
// kind (the facility crawler: rooms on slots, corridors; facility.go) are
// built. Another kind adds a boardKind here, its operations to Op, and its
// canvas module to the page, which switches on State.Kind.
type boardKind interface {
	name() string
	// fill adds the kind's board, palette and analysis to the state.
	fill(st *State, show *snapshot)
}

// kindOf is the board kind of a ruleset, or nil when the editor has no
// canvas for its game yet.
func kindOf(ruleset string) boardKind {
	if _, ok := rules.Lookup(ruleset).(rules.BoardGame); ok {
		return gridKind{}
	}
	if ruleset == facility.Ruleset {
		return graphKind{}
	}
	return nil
}

// gridKind: the map as render draws it, the tile set's faces and the
// boxes' tokens, analyze's tour.
type gridKind struct{}

func (gridKind) name() string { return "grid" }

func (gridKind) fill(st *State, show *snapshot) {
	sc := show.res.Scene
	if sc == nil {
		return
	}
	st.SVG = string(show.svg)
	st.svgTree = show.tree
	st.Board = boardOf(sc)
	st.Palette = paletteOf(sc)
	// The overlays this game can draw: the enemies' paths and the threat
	// where the game says how its enemies come, mold where its boxes hold
	// Mold tokens.
	st.Overlays = []string{"movement"}
	if pg, ok := show.game.(rules.PathGame); ok {
		st.Enemies = sc.PathsOf(pg).Enemies // the map's, worked out as it was drawn
		st.Overlays = append(st.Overlays, "xenos", "threat")
		for _, k := range st.Palette.Tokens {
			if k.Type == missions.TokMold {
				st.Overlays = append(st.Overlays, "mold")
				break
			}
		}
	}
	// danger where a playtest can play the mission's game.
	if _, ok := rules.Lookup(sc.Mission.Ruleset).(playtest.Grid); ok {
		st.Overlays = append(st.Overlays, "danger")
	}
	if a := show.analysis; a != nil {
		for _, r := range a.Routes {
			st.Tour = append(st.Tour, Leg{To: r.To, Moves: r.Moves, Path: r.Path, Spawn: r.SpawnDistance})
		}
		for _, o := range a.Objectives {
			st.Goals = append(st.Goals, Goal{Text: o.Text, Met: o.Met, Step: o.Sphere + 1, Note: o.Note})
		}
	}
}
