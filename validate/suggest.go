package validate

import (
	"strings"

	"github.com/zmission/zmission/internal/typo"
)

// suggest returns the candidate closest to word by edit distance, or "" when
// none is close enough to be a plausible typo; failing that, the first
// candidate word abbreviates ("warn" for "warning"). Ties go to the
// candidate listed first, so callers pass sorted candidates for stable
// messages.
func suggest(word string, candidates []string) string {
	if s := closest(word, candidates); s != "" {
		return s
	}
	if len(word) >= 3 {
		for _, c := range candidates {
			if len(c) > len(word) && strings.HasPrefix(c, word) {
				return c
			}
		}
	}
	return ""
}

func closest(word string, candidates []string) string { return typo.Closest(word, candidates) }
