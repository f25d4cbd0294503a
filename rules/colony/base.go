package colony

import "strings"

// The built-in data is only what the rules summary and its digest state:
// the six Location boards of the base game by name, the Colony's six
// Entrances, the setup deal and the round's upkeep. Decks, card pools,
// track lengths and spaces are what a user owns, in a collection.

// baseLocation is a Location board of the base game.
type baseLocation struct{ ID, Name string }

// baseLocations are the base game's six Location boards
// (shared/rules/dead-of-winter.md: "Police Station, Grocery Store, School,
// Gas Station, Library, Hospital").
var baseLocations = []baseLocation{
	{"police-station", "Police Station"},
	{"grocery-store", "Grocery Store"},
	{"school", "School"},
	{"gas-station", "Gas Station"},
	{"library", "Library"},
	{"hospital", "Hospital"},
}

// BaseLocationIDs lists the ids of the base six, in board order.
func BaseLocationIDs() []string {
	out := make([]string, len(baseLocations))
	for i, b := range baseLocations {
		out[i] = b.ID
	}
	return out
}

// baseByID finds a base Location by its id or its printed name.
func baseByID(s string) (baseLocation, bool) {
	k := slug(s)
	for _, b := range baseLocations {
		if b.ID == k {
			return b, true
		}
	}
	return baseLocation{}, false
}

// slug lower-cases a name and joins its words with dashes: "Gas Station"
// -> "gas-station".
func slug(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(strings.ReplaceAll(s, "-", " "))), "-")
}

// Variant names, in the order the rules summary lists its options.
const (
	CoOp               = "co-op"
	NoSecretObjectives = "no-secret-objectives"
	MoreBetrayal       = "more-betrayal"
	// PG removes only the "!?!" Crossroads cards, as the text says:
	// "OPT: remove „!?!“ Crossroads cards (contain mature references)".
	PG = "pg"
	// NoMature is a house rule beyond the text: it removes every card the
	// collection marks mature, of every pool.
	NoMature = "no-mature"
)

// AllVariants lists the variants in their fixed order: the text's, then
// the house rules.
var AllVariants = []string{CoOp, NoSecretObjectives, MoreBetrayal, PG, NoMature}

// StarterDealt is how many cards of a kind the Starter Items can bring to
// the table with p players: "Starter Item cards → 5 (2-PL: 7) cards /
// Player" are dealt from a pool holding inPool of the kind, so at most
// the cards dealt, and at most what the pool holds.
func StarterDealt(p, inPool int) int {
	return min(inPool, DealFor(p, "").StarterItems)
}

// Deal is what setup deals with p players in a variant ("" = standard).
type Deal struct {
	Players        int `json:"players"`
	StarterPer     int `json:"starter_items_per_player"`
	StarterItems   int `json:"starter_items"`
	SurvivorsDealt int `json:"survivors_dealt"`
	KeepPer        int `json:"survivors_kept_per_player"`
	SurvivorsKept  int `json:"survivors_in_play"`
	NonBetrayal    int `json:"secret_objectives_non_betrayal"`
	Betrayal       int `json:"secret_objectives_betrayal"`
}

// DealFor applies setup steps 4, 7 and 9 of the rules summary:
//
//	"2 (per Player) non-Betrayal + 1 (only) Betrayal"; "OPT 1 (per Player)
//	non-Betrayal for Betrayal variant"; "Ignore Secret Objective in Co-op";
//	"5 (2-PL: 7) cards / Player"; "Deal 4 Survivors / Player → each Player
//	keeps 2 (2-PL: 3)".
func DealFor(p int, variant string) Deal {
	d := Deal{Players: p, StarterPer: 5, KeepPer: 2}
	if p == 2 {
		d.StarterPer, d.KeepPer = 7, 3
	}
	d.StarterItems = d.StarterPer * p
	d.SurvivorsDealt = 4 * p
	d.SurvivorsKept = d.KeepPer * p
	switch variant {
	case CoOp, NoSecretObjectives:
	case MoreBetrayal:
		d.NonBetrayal, d.Betrayal = p, 1
	default:
		d.NonBetrayal, d.Betrayal = 2*p, 1
	}
	return d
}

// FoodPerRound is Colony Phase step 1a: "remove 1 Food / 2(↑) Survivors
// ... in the Colony" — half the Survivors there, rounded up.
func FoodPerRound(colonySurvivors int) int { return (colonySurvivors + 1) / 2 }

// ZombiesPerRound is Colony Phase step 4: "Colony: add 1 Zombie / 2(↑)
// Survivors" and "Non-Colony: add 1 Zombie / 1 Survivor".
func ZombiesPerRound(inColony, elsewhere int) int { return (inColony+1)/2 + elsewhere }
