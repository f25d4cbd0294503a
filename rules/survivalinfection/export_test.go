package survivalinfection

// PlayGames6 plays whole games at 6 players only, for the benchmark.
func (s *Setup) PlayGames6(seed int64, runs int) GameStat {
	return s.playCount(6, seed, runs, workBudgetGames)
}

// ForgetPlayed drops the checks' games kept on a setup, so two setups
// read two ways compare by what they say.
func ForgetPlayed(s *Setup) { s.played = nil }
