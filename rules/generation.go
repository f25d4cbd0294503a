package rules

// Generation is what a game played on tiles gives the mission generator
// (package generate, which sits above lint): where Survivors start and
// enemies spawn, the colours of its key/lock pairs, the tokens only it
// has, the mission types it offers and the words of its titles and
// briefings. The generator owns the search and the proof; the game owns
// what its missions are made of.
type Generation struct {
	Ruleset, CoreBox string
	Play             func(*Scene) *Play
	Players          [2]int
	StartKinds       []string // zone kinds the Survivors start in
	SpawnKinds       []string // zone kinds Spawn Zones are put in first
	SpawnOn          []string // the only zone kinds Spawn Zones stand in; nil: any
	ExitOn           []string // the only zone kinds the Exit stands in; nil: any
	LockColors       []string // door and Objective colours a key/lock pair may use
	Mold             bool     // Mold, kept from linking two Spawn Zones
	Cars             bool     // cars on the streets
	// ShutDoors: closed neutral doors at the start, on buildings' and
	// rooms' doorways away from it (classic: opened with a door-opening
	// weapon; Invader: by a Survivor in the room, and destroyed by Xenos
	// on their way).
	ShutDoors bool
	// DoorsFromInside: a closed door opens only from inside the room it
	// shuts (Invader's Door Activation), so a door is shut only where the
	// room has another way in.
	DoorsFromInside bool
	// SentryGun: the box's Sentry Gun, placed where it covers the
	// Survivors' way near a Spawn Zone (a Survivor in its Zone controls
	// it).
	SentryGun bool
	// SpawnsForSurvivors: the game's own rules add Spawn Zones for 7+
	// Survivors (Invader), so a map places none for them.
	SpawnsForSurvivors bool
	// CloseSpawnsPastHard: aiming past hard (the judge found hard boards
	// easier still), Spawn Zones may stand side by side and near the
	// route's ends; for a game whose small boards leave few zones far
	// from both (classic's streets, most of them crossed by every route).
	CloseSpawnsPastHard bool
	// EasierDeck and HarderDeck are the enemy card ranges (a mission's
	// xeno_deck) that tune a mission beyond what its structure can: the
	// easier for a board the playtest finds too hard with the gentlest
	// structure, the harder for one it finds too easy with the deadliest.
	// Nil: the game's deck is not tuned by mission.
	EasierDeck, HarderDeck []string
	// DeckRule words a tuned deck for the mission's rules, given the
	// ranges ("" leaves it unsaid).
	DeckRule func(ranges []string) string
	// Types are the mission types the game's rulebooks describe and its
	// boxes can build, by name (the generator knows how to place each:
	// grab-and-go, key-chain, wake-spawns, airlock, car-escape); the first
	// is one every board has room for.
	Types []string
	Words Words
}

// Words are a game's templates for titles and briefings.
type Words struct {
	First, Second []string // a title is one of each
	Openings      []string // what happened
	Enemy         string   // plural, for the briefing
	Place         string   // where the exit leads
	// Hooks are a briefing's second sentence for each mission type: why
	// the team is here.
	Hooks map[string][]string
	// Closings end a briefing after the way out is named; Key is what a
	// coloured Objective that opens a door is called in the story.
	Closings []string
	Key      string
}
