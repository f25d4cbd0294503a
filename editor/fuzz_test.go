package editor

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/zmission/zmission/missions"
)

// FuzzOps sends arbitrary operations, as the page would send JSON, to the
// commented template and to a tile set: no panic, and an operation either
// is refused or gives a file the formatter (for missions) leaves as it is.
func FuzzOps(f *testing.F) {
	mission, err := os.ReadFile("testdata/commented.yaml")
	if err != nil {
		f.Fatal(err)
	}
	tiles, err := os.ReadFile("testdata/outpost.yaml")
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range []string{
		`{"op":"tile.place","face":"3B","at":[0,1],"rot":90}`,
		`{"op":"tile.rotate","index":0}`,
		`{"op":"token.place","type":"door","color":"violet","at":[2,1],"side":"e"}`,
		`{"op":"token.move","index":2,"at":[1,1]}`,
		`{"op":"field.set","field":"briefing","value":"a\nb"}`,
		`{"op":"objective.add","item":{"take":"red","count":2}}`,
		`{"op":"rule.add","item":{"when":{"take":"red"},"then":[{"open":"violet"}]}}`,
		`{"op":"face.paint","face":"P1","at":[2,1],"label":"k"}`,
		`{"op":"face.edge","face":"G","at":[0,1],"side":"w","kind":"marking"}`,
		`{"op":"face.pair","face":"G","value":"P2"}`,
		`{"op":"room.place","slot":12,"room":"armory"}`,
		`{"op":"corridor.add","between":[12,13]}`,
		`{"op":"slot.remove","slot":7}`,
		`{"op":"value.set","pointer":"/changes/players/max","data":7}`,
		`{"op":"item.add","pointer":"/changes/add"}`,
		`{"op":"value.remove","pointer":"/title"}`,
	} {
		f.Add([]byte(seed))
	}
	// The games not played on tiles take the facility's and the schema
	// forms' operations.
	var others [][]byte
	for _, p := range []string{"../examples/facility/cold-landing.yaml", "../examples/survival-infection/long-night.yaml", "../examples/colony/field-hospital.yaml"} {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		others = append(others, b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var op Op
		if json.Unmarshal(data, &op) != nil {
			return
		}
		out, err := applyOps(mission, station, op)
		if err == nil {
			if canon, err := missions.Format(out, false); err != nil || !bytes.Equal(canon, out) {
				t.Fatalf("%s: not canonical (%v):\n%s", data, err, out)
			}
		} else if strings.HasPrefix(err.Error(), "internal error") {
			t.Fatalf("%s: %v", data, err)
		}
		if _, err := applyTilesetOps(tiles, op); err != nil && strings.HasPrefix(err.Error(), "internal error") {
			t.Fatalf("%s: %v", data, err)
		}
		for _, doc := range others {
			out, err := applyOps(doc, opContext{}, op)
			if err == nil {
				if canon, err := missions.Format(out, false); err != nil || !bytes.Equal(canon, out) {
					t.Fatalf("%s: not canonical (%v):\n%s", data, err, out)
				}
			} else if strings.HasPrefix(err.Error(), "internal error") {
				t.Fatalf("%s: %v", data, err)
			}
		}
	})
}
