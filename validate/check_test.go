package validate

import (
	"slices"
	"testing"
)

func TestChecksSortedAndLookup(t *testing.T) {
	var ids []string
	for _, c := range Checks() {
		ids = append(ids, c.ID)
	}
	if want := []string{"config", "config-loosened", "exit-unreachable", "legacy-tile", "mold-distance", "spawn-near-start"}; !slices.Equal(ids, want) {
		t.Errorf("Checks() = %v, want %v", ids, want)
	}
	if c := Lookup("mold-distance"); c == nil || c.Severity != Info {
		t.Errorf("Lookup(mold-distance) = %+v", c)
	}
	if c := Lookup("nope"); c != nil {
		t.Errorf("Lookup(nope) = %+v", c)
	}
}

func TestRegisterPanics(t *testing.T) {
	for name, c := range map[string]*Check{
		"duplicate":  {ID: "exit-unreachable", Title: "again"},
		"nil":        nil,
		"empty id":   {Title: "x"},
		"upper case": {ID: "Exit", Title: "x"},
		"underscore": {ID: "a_b", Title: "x"},
		"double -":   {ID: "a--b", Title: "x"},
		"trailing -": {ID: "a-", Title: "x"},
		"no title":   {ID: "fresh-id"},
		"severity":   {ID: "fresh-id", Title: "x", Severity: 7},
		// A number option sizes work: it must say its bounds.
		"unbounded number": {ID: "fresh-id", Title: "x", Options: map[string]any{"depth": 3}},
		"default outside":  {ID: "fresh-id", Title: "x", Options: map[string]any{"depth": 3}, Bounds: map[string][2]float64{"depth": {4, 9}}},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("Register did not panic")
				}
			}()
			Register(c)
		})
	}
	if Lookup("fresh-id") != nil {
		t.Error("a refused check was registered")
	}
}

func TestCamelName(t *testing.T) {
	for in, want := range map[string]string{
		"exit-unreachable": "ExitUnreachable",
		"config":           "Config",
		"a1-b2":            "A1B2",
		"yaml.syntax_x":    "YamlSyntaxX",
	} {
		if got := camelName(in); got != want {
			t.Errorf("camelName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFirstParagraph(t *testing.T) {
	if got := firstParagraph("\n  One\n two.\n\nThree."); got != "One two." {
		t.Errorf("got %q", got)
	}
	if got := firstParagraph(""); got != "" {
		t.Errorf("got %q", got)
	}
}

func TestSuggest(t *testing.T) {
	ids := []string{"exit-unreachable", "mold-distance", "spawn-near-start"}
	for word, want := range map[string]string{
		"exit-unrechable":  "exit-unreachable",
		"spawn-near-strat": "spawn-near-start", // a transposition
		"mold-distanse":    "mold-distance",
		"door-colour":      "",
		"exit-unreachable": "", // an exact match is not a typo
		"ab":               "",
	} {
		if got := suggest(word, ids); got != want {
			t.Errorf("suggest(%q) = %q, want %q", word, got, want)
		}
	}
}
