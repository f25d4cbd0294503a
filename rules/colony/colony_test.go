package colony_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/zmission/zmission/internal/reftext"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/colony"
	"github.com/zmission/zmission/schema"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// example is the catalogue's clean scenario (2-4 players).
func example(t testing.TB) string {
	t.Helper()
	c := validate.Lookup("colony-placeholders")
	if c == nil || c.Good == "" {
		t.Fatal("the colony checks are not registered")
	}
	return c.Good
}

func lintText(t *testing.T, src string) *lint.Result {
	t.Helper()
	return lint.Bytes("scenario.yaml", []byte(src), lint.Options{Limits: source.DefaultLimits})
}

func lintFile(t *testing.T, path string) *lint.Result {
	t.Helper()
	return lint.Path(path, lint.Options{Limits: source.DefaultLimits})
}

func rulesOf(r *lint.Result) []string {
	var out []string
	for _, d := range r.Diags {
		out = append(out, d.Rule)
	}
	return out
}

func messages(r *lint.Result, rule string) []string {
	var out []string
	for _, d := range r.Diags {
		if d.Rule == rule {
			out = append(out, d.Message)
		}
	}
	return out
}

func replace(t *testing.T, src, old, new string) string {
	t.Helper()
	if !strings.Contains(src, old) {
		t.Fatalf("no %q in the example", old)
	}
	return strings.Replace(src, old, new, 1)
}

func scenario(t *testing.T, r *lint.Result) *colony.Scenario {
	t.Helper()
	s, ok := r.Model.(*colony.Scenario)
	if !ok {
		t.Fatalf("no scenario: %v", rulesOf(r))
	}
	return s
}

func TestExampleIsClean(t *testing.T) {
	r := lintText(t, example(t))
	if len(r.Diags) != 0 {
		t.Fatalf("findings on the clean example: %v %v", rulesOf(r), r.Diags)
	}
	if rules.KindOf("colony") != rules.KindHub {
		t.Errorf("colony is board kind %q, want hub", rules.KindOf("colony"))
	}
}

// Setup step 7: "Shuffle (face-down) Starter Item cards → 5 (2-PL: 7)
// cards / Player". Step 9: "Deal 4 Survivors / Player → each Player keeps 2
// (2-PL: 3)".
func TestDealStarterItemsAndSurvivors(t *testing.T) {
	for p := 1; p <= 6; p++ {
		hand, keep := 5, 2
		if p == 2 {
			hand, keep = 7, 3
		}
		d := colony.DealFor(p, "")
		if d.StarterItems != hand*p || d.SurvivorsDealt != 4*p || d.SurvivorsKept != keep*p {
			t.Errorf("%d players: %+v, want %d starter items, %d Survivors dealt, %d kept", p, d, hand*p, 4*p, keep*p)
		}
	}
}

// Setup step 4: "2 (per Player) non-Betrayal + 1 (only) Betrayal"; "OPT:
// Ignore Secret Objective in Co-op; OPT 1 (per Player) non-Betrayal for
// Betrayal variant (more likely)". The digest words the last as "1 extra
// Betrayal per player"; the raw text says the non-Betrayal cards drop to 1
// per player with the 1 Betrayal kept, and the raw text is followed.
func TestDealSecretObjectives(t *testing.T) {
	for _, c := range []struct {
		variant string
		nb, b   int
	}{{"", 2 * 4, 1}, {colony.MoreBetrayal, 1 * 4, 1}, {colony.CoOp, 0, 0}, {colony.NoSecretObjectives, 0, 0}} {
		d := colony.DealFor(4, c.variant)
		if d.NonBetrayal != c.nb || d.Betrayal != c.b {
			t.Errorf("%q with 4 players: %d non-Betrayal + %d Betrayal, want %d + %d", c.variant, d.NonBetrayal, d.Betrayal, c.nb, c.b)
		}
	}
}

// Colony Phase 1a: "remove 1 Food / 2(↑) Survivors/Helpless Survivors in
// the Colony"; step 4: "Colony: add 1 Zombie / 2(↑) Survivors" and
// "Non-Colony: add 1 Zombie / 1 Survivor" (↑: rounded up).
func TestUpkeepRoundsUp(t *testing.T) {
	for n := 0; n <= 9; n++ {
		want := n / 2
		if n%2 == 1 {
			want++
		}
		if got := colony.FoodPerRound(n); got != want {
			t.Errorf("%d Survivors in the Colony eat %d Food, want %d", n, got, want)
		}
		if got := colony.ZombiesPerRound(n, 3); got != want+3 {
			t.Errorf("%d in the Colony and 3 outside draw %d zombies, want %d", n, got, want+3)
		}
	}
}

// "Colony: add 1 Zombie / 2(↑) Survivors/Helpless Survivors → Entrance
// 1,2,3,4,5,6,1..."
func TestColonyEntrancesFillInOrder(t *testing.T) {
	got := colony.ColonyEntrances(8)
	want := [6]int{2, 2, 1, 1, 1, 1}
	if got != want {
		t.Errorf("8 zombies: %v, want %v", got, want)
	}
}

// Search: "may make Noise (1 at a time, if able, mx 4 Noise/location)".
func TestNoiseAtMostFourPerLocation(t *testing.T) {
	src := example(t)
	four := replace(t, src, "- {zombies: 2, at: colony}", "- {zombies: 2, at: colony}\n      - {noise: 3, at: school}\n      - {noise: 1, at: school}")
	if ms := messages(lintText(t, four), "colony-setup-space"); len(ms) != 0 {
		t.Errorf("4 Noise at a Location: %v", ms)
	}
	five := replace(t, src, "- {zombies: 2, at: colony}", "- {zombies: 2, at: colony}\n      - {noise: 3, at: school}\n      - {noise: 2, at: school}")
	if ms := messages(lintText(t, five), "colony-setup-space"); len(ms) != 1 || !strings.Contains(ms[0], "5 Noise at school") {
		t.Errorf("5 Noise at a Location: %v", ms)
	}
	// Search only outside the Colony ("non-Colony"), so no Noise there.
	home := replace(t, src, "- {zombies: 2, at: colony}", "- {noise: 1, at: colony}")
	if ms := messages(lintText(t, home), "colony-setup-space"); len(ms) != 1 {
		t.Errorf("Noise in the Colony: %v", ms)
	}
}

// "END GAME (also if Morale 0 ...)" and "move Round marker (if „0“ = END
// GAME)": a scenario starting either at 0 is over before it starts.
func TestTracksStartAboveZero(t *testing.T) {
	src := example(t)
	for _, c := range []struct{ old, new string }{{"morale: 6", "morale: 0"}, {"round: 6", "round: 0"}} {
		r := lintText(t, replace(t, src, c.old, c.new))
		if ms := messages(r, "colony-track"); len(ms) != 1 || !strings.Contains(ms[0], "at 0") {
			t.Errorf("%s: %v", c.new, rulesOf(r))
		}
	}
	// "Check Main Objective (if achieved = END GAME) then move Round
	// marker": with the marker at 6 the objective is checked in rounds 1-6.
	r := lintText(t, replace(t, src, "round: 6", "round: 6\n    earliest: 6"))
	if ms := messages(r, "colony-objective-late"); len(ms) != 0 {
		t.Errorf("an objective met in round 6 of 6 is reported late: %v", ms)
	}
}

func TestPlaceholdersPerSide(t *testing.T) {
	src := replace(t, example(t), "  needs:", `  hardcore:
    victory: "The Food supply holds {1} tokens."
    rules: ["Add {3} zombies each round."]
    numbers: [{each: 3, per: player}, 2]
    morale: 5
    round: 6
  needs:`)
	r := lintText(t, src)
	ms := messages(r, "colony-placeholders")
	if len(ms) != 2 || !strings.Contains(ms[0], "hardcore side's text uses {3}") || !strings.Contains(ms[1], "number 2 (2) is never printed") {
		t.Errorf("got %q", ms)
	}
	if got := colony.Fill("hold {1} of {2}, not {3}", []int{8, 4}); got != "hold 8 of 4, not {3}" {
		t.Errorf("Fill: %q", got)
	}
}

// Co-op: "remove non-co-op cards"; the PG option: "remove „!?!“
// Crossroads cards". Pools are checked after the variant's removals.
func TestVariantsRemoveCards(t *testing.T) {
	src := replace(t, example(t), "players: 2-4", "players: 2-4\nvariants: [co-op, pg]")
	// crisis holds 8, the Round track starts at 6: 3 non-co-op Crisis
	// cards leave 5, one short in Co-op only.
	r := lintText(t, replace(t, src, "crossroads: 10\n", "crossroads: 10\n    non-coop: {crisis: 3}\n    mature: {crossroads: 4}\n"))
	ms := messages(r, "colony-pool-short")
	if len(ms) != 1 || !strings.Contains(ms[0], "co-op game needs 6") || !strings.Contains(ms[0], "holds 5 once the variant removes 3") {
		t.Errorf("got %q", ms)
	}
	s := scenario(t, r)
	a := colony.Analyze(s)
	var pg *colony.VariantEffect
	for i := range a.Variants {
		if a.Variants[i].Variant == colony.PG {
			pg = &a.Variants[i]
		}
	}
	if pg == nil || !slices.ContainsFunc(pg.Removes, func(s string) bool { return strings.Contains(s, "4 crossroads") }) {
		t.Errorf("the PG variant's effect: %+v", pg)
	}
}

func TestObjectiveSupplyAtEveryPlayerCount(t *testing.T) {
	// 3 food per player at 2-4 players: 12 needed; the example holds 18.
	src := example(t)
	if ms := messages(lintText(t, src), "colony-objective-source"); len(ms) != 0 {
		t.Fatal(ms)
	}
	r := lintText(t, replace(t, src, "{each: 3, per: player}", "{each: 5, per: player}"))
	ms := messages(r, "colony-objective-source")
	if len(ms) != 1 || !strings.Contains(ms[0], "with 4 players the normal side needs 20 food cards") {
		t.Errorf("got %q", ms)
	}
	r = lintText(t, replace(t, src, "{cards: food, number: 1}", "{location: mall}"))
	if ms := messages(r, "colony-objective-source"); len(ms) != 1 {
		t.Errorf("an unknown Location: %q", ms)
	}
}

func TestLocations(t *testing.T) {
	src := example(t)
	for _, c := range []struct{ new, want string }{
		{"[police-station, grocery-store, school, gas-station, library]", "has 5"},
		{"[police-station, grocery-store, school, gas-station, library, colony]", "exactly one Colony"},
		{"[police-station, grocery-store, school, gas-station, library, mall]", `no Location "mall"`},
		{"[police-station, grocery-store, school, gas-station, library, police-station]", "here twice"},
	} {
		r := lintText(t, replace(t, src, "[police-station, grocery-store, school, gas-station, library, hospital]", c.new))
		ms := messages(r, "colony-locations")
		if len(ms) == 0 || !strings.Contains(strings.Join(ms, "|"), c.want) {
			t.Errorf("%s: %q", c.new, ms)
		}
	}
	// A custom Location written in place counts as one of the six.
	custom := replace(t, src, "library, hospital]", "library,\n  {id: mall, name: Mall, spaces: 3, deck: {food: 3, medicine: 2}}]")
	if r := lintText(t, custom); len(r.Diags) != 0 {
		t.Errorf("a custom Location: %v", r.Diags)
	}
}

// The hub: the Colony and six Locations, every one reachable from every
// other ("Move a Survivor ... → any Location with an empty space").
func TestHubGraph(t *testing.T) {
	s := scenario(t, lintText(t, example(t)))
	var gm rules.GraphModel = s
	if n := len(gm.Nodes()); n != 7 {
		t.Errorf("%d places, want 7", n)
	}
	if n := len(gm.Links()); n != 21 {
		t.Errorf("%d ways, want 21 (7 places, each pair once)", n)
	}
}

func TestCollectionFiles(t *testing.T) {
	dir := t.TempDir()
	src := example(t)
	i := strings.Index(src, "collection:\n")
	coll := strings.ReplaceAll(src[i+len("collection:\n"):], "\n  ", "\n")
	coll = strings.TrimPrefix(coll, "  ")
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("shelf.yaml", coll)
	p := write("a.yaml", src[:i]+"collection: shelf.yaml\n")
	if r := lintFile(t, p); len(r.Diags) != 0 {
		t.Fatalf("a collection file: %v", r.Diags)
	}
	// Two collections add up: half the Survivors each is still enough.
	half := strings.Replace(coll, "survivors: 20", "survivors: 10", 1)
	write("half.yaml", strings.Replace(half, "name: shelf", "name: half", 1))
	both := write("b.yaml", src[:i]+"collection: [half.yaml, half.yaml]\n")
	r := lintFile(t, both)
	if got := scenario(t, r).Coll.Survivors; got != 20 {
		t.Errorf("two collections of 10 Survivors: %d", got)
	}
	// A missing file and a broken one are located at the collection.
	p = write("c.yaml", src[:i]+"collection: nowhere.yaml\n")
	if ms := messages(lintFile(t, p), "colony-collection"); len(ms) != 1 || !strings.Contains(ms[0], "nowhere.yaml") {
		t.Errorf("missing: %q", ms)
	}
	// Only files in the scenario's folder or below are read.
	for _, name := range []string{"../shelf.yaml", "/etc/passwd", "sub/../../x.yaml"} {
		p = write("e.yaml", src[:i]+"collection: "+name+"\n")
		ms := messages(lintFile(t, p), "colony-collection")
		if len(ms) != 1 || !strings.Contains(ms[0], "outside the scenario's folder") {
			t.Errorf("%s: %q", name, ms)
		}
	}
	write("bad.yaml", strings.Replace(coll, "survivors: 20", "survivors: lots", 1))
	p = write("d.yaml", src[:i]+"collection: bad.yaml\n")
	ms := messages(lintFile(t, p), "colony-collection")
	if len(ms) != 1 || !strings.HasPrefix(ms[0], "bad.yaml:") || !strings.Contains(ms[0], "survivors") {
		t.Errorf("broken: %q", ms)
	}
}

// The scenario schema holds the collection's definition for editors that
// complete a collection written in place; it is the collection schema's.
func TestCollectionSchemasAgree(t *testing.T) {
	read := func(name string) map[string]any {
		src, ok := schema.Source(name)
		if !ok {
			t.Fatalf("no schema %s", name)
		}
		var m map[string]any
		if err := json.Unmarshal(src, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	scen, coll := read("colony"), read(colony.CollectionSchema)
	inPlace := scen["$defs"].(map[string]any)["collection"].(map[string]any)
	for _, k := range []string{"$schema", "$id", "title", "$defs"} {
		delete(coll, k)
	}
	a, _ := json.Marshal(inPlace)
	b, _ := json.Marshal(coll)
	if string(a) != string(b) {
		t.Errorf("colony.schema.json $defs/collection differs from colony-collection.schema.json:\n%s\n%s", a, b)
	}
	if !reflect.DeepEqual(scen["$defs"].(map[string]any)["locationBoard"], read(colony.CollectionSchema)["$defs"].(map[string]any)["locationBoard"]) {
		t.Error("the two schemas' locationBoard differ")
	}
}

// Tokens the collection owns bound what setup places, as a box bounds a
// Zombicide map's tokens.
func TestSetupTokensOwned(t *testing.T) {
	src := replace(t, example(t), "tokens: {zombie: 30, noise: 20}", "tokens: {zombie: 1, noise: 20}")
	ms := messages(lintText(t, src), "colony-setup-space")
	if len(ms) != 1 || !strings.Contains(ms[0], "places 2 zombie tokens at setup; the collection owns 1") {
		t.Errorf("got %q", ms)
	}
}

// A scenario may be JSON like any document.
func TestJSONScenario(t *testing.T) {
	r := lint.Bytes("x.yaml", []byte(example(t)), lint.Options{Limits: source.DefaultLimits})
	doc := source.ToValue(r.Doc.Root)
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	j := lint.Bytes("x.json", data, lint.Options{Limits: source.DefaultLimits})
	if len(j.Diags) != 0 || j.Model == nil {
		t.Errorf("the JSON scenario: %v", j.Diags)
	}
}

// reference is the raw rule text the tests quote; every quote must be in
// it, so a test cannot cite a sentence the text does not have.
var reference = reftext.Path("001_ba58b7d92d0321ac.txt")

func quote(t *testing.T, s string) {
	t.Helper()
	data, err := os.ReadFile(reference)
	if err != nil {
		// Outside the project's workspace the text is absent: the rule
		// is still checked, the quote is not.
		t.Logf("the reference text is not here (%v); quote not checked: %q", err, s)
		return
	}
	// The text marks bold with asterisks; quotes leave them out.
	flat := strings.Join(strings.Fields(strings.ReplaceAll(string(data), "*", "")), " ")
	if !strings.Contains(flat, strings.Join(strings.Fields(s), " ")) {
		t.Fatalf("the reference does not say: %q", s)
	}
}

// Starter Items reach the table only as dealt: an objective can count at
// most the cards dealt at that player count, of a kind at most what the
// pool holds.
func TestStarterItemsCountAsDealt(t *testing.T) {
	quote(t, "7) Shuffle (face-down) Starter Item cards → 5 (2-PL: 7) cards / Player")
	// Medicine only among the Starter Items (20 of them), 2 players.
	src := replace(t, example(t), "players: 2-4", "players: 2")
	src = replace(t, src, "{medicine: 5}", "{tool: 5}")
	src = replace(t, src, "starter-items: {food: 10, weapon: 8, tool: 10, medicine: 2}", "starter-items: {food: 10, weapon: 8, tool: 10, medicine: 20}")
	src = replace(t, src, "{cards: food, number: 1}", "{cards: medicine, number: 1}")
	perPlayer := 7 // "(2-PL: 7)"
	dealt := perPlayer * 2
	for _, c := range []struct {
		need int
		bad  bool
	}{{dealt + 2, true}, {dealt + 1, true}, {dealt, false}} {
		doc := replace(t, src, "{each: 3, per: player}", "{each: 0, per: player, plus: "+itoa(c.need)+"}")
		ms := messages(lintText(t, doc), "colony-objective-source")
		if (len(ms) == 1) != c.bad {
			t.Errorf("%d medicine, %d dealt at most: %q", c.need, dealt, ms)
		}
		if c.bad && len(ms) == 1 && !strings.Contains(ms[0], "at most "+itoa(dealt)+" can be found") {
			t.Errorf("the message should say %d can be found: %q", dealt, ms[0])
		}
	}
	// Of a kind, at most what the pool holds: 3 medicine Starter Items
	// are 3 at most, however many cards are dealt.
	for p, per := range map[int]int{2: 7, 3: 5, 4: 5} {
		if got, want := colony.StarterDealt(p, 3), min(3, per*p); got != want {
			t.Errorf("%d players, 3 in the pool: %d, want %d", p, got, want)
		}
		if got := colony.StarterDealt(p, 1000); got != per*p {
			t.Errorf("%d players, a big pool: %d, want %d", p, got, per*p)
		}
	}
}

// The supply table of analyze counts the Starter Items as the objective
// check does: as dealt, "5 (2-PL: 7) cards / Player", of a kind at most
// what the pool holds; not the whole pool.
func TestSupplyCountsStarterItemsAsDealt(t *testing.T) {
	quote(t, "7) Shuffle (face-down) Starter Item cards → 5 (2-PL: 7) cards / Player")
	src := replace(t, example(t), "starter-items: {food: 10, weapon: 8, tool: 10, medicine: 2}", "starter-items: {food: 10, weapon: 8, tool: 10, medicine: 20}")
	perPlayer := map[int]int{2: 7, 3: 5, 4: 5} // "5 (2-PL: 7)"
	for _, c := range []struct {
		players  string
		min, max int
	}{{"2", 2, 2}, {"2-4", 2, 4}, {"3-4", 3, 4}} {
		doc := replace(t, src, "players: 2-4", "players: "+c.players)
		a := colony.Analyze(scenario(t, lintText(t, doc)))
		for _, r := range a.Supply {
			pool := map[string]int{"food": 10, "weapon": 8, "tool": 10, "medicine": 20}[r.Kind]
			want := [2]int{min(pool, perPlayer[c.min]*c.min), min(pool, perPlayer[c.max]*c.max)}
			if r.Starter != pool || r.StarterDealt != want {
				t.Errorf("players %s, %s: pool %d, dealt %v; want pool %d, dealt %v", c.players, r.Kind, r.Starter, r.StarterDealt, pool, want)
			}
		}
	}
}

// Zombies added to the Colony fill the Entrances in one run, "Entrance
// 1,2,3,4,5,6,1...": a second setup entry goes on where the first stopped.
func TestColonyEntrancesContinueAcrossEntries(t *testing.T) {
	quote(t, "Colony: add 1 Zombie / 2(↑) Survivors/Helpless Survivors → Entrance 1,2,3,4,5,6,1...")
	quote(t, "full = KIA lowest Influence > Helpless")
	order := func(before, n int) [colony.Entrances]int {
		var e [colony.Entrances]int
		for i := before; i < before+n; i++ {
			e[i%colony.Entrances]++ // Entrance 1,2,3,4,5,6,1...
		}
		return e
	}
	for _, c := range [][2]int{{0, 8}, {4, 4}, {10, 1}, {5, 13}, {0, 0}} {
		if got, want := colony.EntranceRun(c[0], c[1]), order(c[0], c[1]); got != want {
			t.Errorf("%d after %d: %v, want %v", c[1], c[0], got, want)
		}
	}
	// 3 spaces per Entrance: 10 then 8 zombies fill all 18 spaces (each
	// entry restarting at Entrance 1 would put 4 at Entrance 1).
	src := replace(t, example(t), "- {zombies: 2, at: colony}", "- {zombies: 10, at: colony}\n      - {zombies: 8, at: colony}")
	r := lintText(t, src)
	if ms := messages(r, "colony-setup-space"); len(ms) != 0 {
		t.Errorf("18 zombies in 18 spaces: %q", ms)
	}
	if pl := scenario(t, r).Objective.Normal.Setup; pl[1].Before != 10 {
		t.Errorf("the second entry starts after %d zombies, want 10", pl[1].Before)
	}
	// One more: Entrance 1 gets a fourth, reported at the entry that does it.
	r = lintText(t, replace(t, src, "{zombies: 8, at: colony}", "{zombies: 9, at: colony}"))
	for _, d := range r.Diags {
		if d.Rule == "colony-setup-space" && (!strings.Contains(d.Message, "Entrance 1 gets 4") || !strings.Contains(d.Message, "after 10")) {
			t.Errorf("%s", d.Message)
		}
	}
	if ms := messages(r, "colony-setup-space"); len(ms) != 1 {
		t.Errorf("19 zombies in 18 spaces: %q", ms)
	}
}

// The PG option removes the "!?!" Crossroads cards, and only them.
func TestPGRemovesOnlyCrossroads(t *testing.T) {
	quote(t, "OPT: remove „!?!“ Crossroads cards (contain mature references) for more PG-friendly game")
	// 3 of the 8 Crisis cards marked mature; the Round track starts at 6.
	src := replace(t, example(t), "players: 2-4", "players: 2-4\nvariants: [pg]")
	src = replace(t, src, "crossroads: 10\n", "crossroads: 10\n    mature: {crisis: 3, crossroads: 4}\n")
	r := lintText(t, src)
	if ms := messages(r, "colony-pool-short"); len(ms) != 0 {
		t.Errorf("PG removed Crisis cards: %q", ms)
	}
	for _, n := range colony.Analyze(scenario(t, r)).Variants {
		if n.Variant == colony.PG && (len(n.Removes) != 1 || !strings.Contains(n.Removes[0], "4 crossroads")) {
			t.Errorf("PG removes %q, want the 4 Crossroads only", n.Removes)
		}
	}
	// The broader filter is its own option: it removes every marked card.
	r = lintText(t, strings.Replace(src, "variants: [pg]", "variants: [no-mature]", 1))
	if ms := messages(r, "colony-pool-short"); len(ms) != 1 || !strings.Contains(ms[0], "no-mature game needs 6") {
		t.Errorf("no-mature: %q", ms)
	}
}

func TestExileObjectivesAndSoloRange(t *testing.T) {
	quote(t, "m) Vote to Exile (not self / in Co-op) → all Players vote, 1 vote/Player, 1st Player breaks ties")
	quote(t, "no -1 Morale if KIA; draw Exile Obj.")
	src := example(t)
	if ms := messages(lintText(t, src), "colony-exile-objectives"); len(ms) != 0 {
		t.Fatal(ms)
	}
	none := replace(t, src, "exiled-objectives: 4", "exiled-objectives: 0")
	if ms := messages(lintText(t, none), "colony-exile-objectives"); len(ms) != 1 {
		t.Errorf("Exile with no Exiled Objectives: %q", ms)
	}
	quote(t, "2 (per Player) non-Betrayal + 1 (only) Betrayal → deal 1 / Player (secret)")
	for _, c := range []struct {
		players string
		warn    bool
	}{{"1-4", true}, {"1", true}, {"2-4", false}} {
		doc := replace(t, src, "players: 2-4", "players: "+c.players)
		if ms := messages(lintText(t, doc), "colony-solo"); (len(ms) == 1) != c.warn {
			t.Errorf("players %s: %q", c.players, ms)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// Every Player Turn draws a Crossroads card: with none the first turn
// cannot be played, and the first round draws one per player.
func TestCrossroadsEveryPlayerTurn(t *testing.T) {
	quote(t, "3) Player Turns (1st Player, clockwise) = previous Player Crossroad card")
	src := example(t) // players 2-4, crossroads: 10
	if ms := messages(lintText(t, src), "colony-pool-short"); len(ms) != 0 {
		t.Fatal(ms)
	}
	const most = 4 // the example's largest table: 4 Player Turns in round 1
	for _, c := range []struct {
		have  int
		short bool
	}{{0, true}, {most - 1, true}, {most, false}} {
		doc := replace(t, src, "crossroads: 10\n", "crossroads: "+itoa(c.have)+"\n")
		ms := messages(lintText(t, doc), "colony-pool-short")
		// The message names the smallest table that runs short.
		want := "crossroads: with 2 players the standard game needs 2 "
		if c.have >= 2 {
			want = "crossroads: with 4 players the standard game needs 4 "
		}
		if got := len(ms) == 1 && strings.HasPrefix(ms[0], want); got != c.short || !c.short && len(ms) != 0 {
			t.Errorf("%d Crossroads cards: %q", c.have, ms)
		}
	}
	// "OPT: remove „!?!“ Crossroads cards": the PG game counts what is left.
	quote(t, "OPT: remove „!?!“ Crossroads cards (contain mature references) for more PG-friendly game")
	pg := replace(t, replace(t, src, "players: 2-4", "players: 2-4\nvariants: [pg]"), "crossroads: 10\n", "crossroads: 10\n    mature: {crossroads: 8}\n")
	if ms := messages(lintText(t, pg), "colony-pool-short"); len(ms) != 1 || !strings.Contains(ms[0], "pg game needs") || !strings.Contains(ms[0], "once the variant removes 8") {
		t.Errorf("PG leaves 2 Crossroads cards: %q", ms)
	}
}
