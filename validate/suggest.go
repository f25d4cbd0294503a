package validate

import "strings"

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

func closest(word string, candidates []string) string {
	best, bestDist := "", 0
	limit := max(1, len([]rune(word))/3)
	for _, c := range candidates {
		d := editDistance(word, c)
		if d == 0 || d > limit {
			continue
		}
		if best == "" || d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, counted in
// runes, with adjacent transpositions costing one edit (a common typo).
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// three rolling rows: two back (for transpositions), previous, current
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
