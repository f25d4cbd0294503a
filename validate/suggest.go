package validate

import "github.com/zmission/zmission/internal/typo"

// suggest returns the candidate word most likely meant ("warning" for
// "warnign" or "warn"), or "" when none is close enough.
func suggest(word string, candidates []string) string { return typo.Guess(word, candidates) }
