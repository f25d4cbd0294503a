package survivalinfection

import "github.com/zmission/zmission/rules"

// Analyze is filled in below.
func Analyze(s *Setup, o rules.AnalyzeOptions) *Analysis { return &Analysis{} }

type Analysis struct{}
