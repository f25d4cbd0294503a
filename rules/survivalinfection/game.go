package survivalinfection

import (
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

func init() { rules.RegisterModel(game{}) }

// game is the ruleset on the board-kind seam: no board at all.
type game struct{}

func (game) Ruleset() string  { return Ruleset }
func (game) Name() string     { return "Zombie: Survival Infection" }
func (game) Kind() rules.Kind { return rules.KindNone }
func (game) Schema() string   { return Ruleset }

// Load reads a document into its Setup. A setup never names other files,
// so env is not used.
func (game) Load(doc *missions.Doc, _ rules.LoadEnv) (rules.Model, []rules.Finding) {
	s, fs := Load(doc)
	return s, fs
}

// Tolerates implements rules.Tolerant: a variant's change that cannot be
// made is left out, and the setup without it is whole.
func (game) Tolerates(rule string) bool { return rule == "variant-card" }

// CheckModel runs every check on a loaded setup.
func (game) CheckModel(m rules.Model, _ rules.Options) []rules.Finding {
	s, ok := m.(*Setup)
	if !ok {
		return nil
	}
	return Check(s)
}

// AnalyzeModel implements rules.ModelAnalyzer.
func (game) AnalyzeModel(m rules.Model, o rules.AnalyzeOptions) any {
	s, ok := m.(*Setup)
	if !ok {
		return nil
	}
	return Analyze(s, o)
}

// PlayOutModel implements rules.ModelPlayOut: the whole games the balance
// checks play (LintRuns a count, LintSeed), with the base game beside a
// variant and the flags.
func (game) PlayOutModel(m rules.Model) any {
	s, ok := m.(*Setup)
	if !ok {
		return nil
	}
	return s.LintGames()
}
