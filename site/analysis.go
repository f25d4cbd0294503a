package site

// Analysis is what 'zmission analyze' finds in a mission, shaped for a
// page: a line of summary, then sections, each a list of steps, a table or
// plain lines.
type Analysis struct {
	Summary  string            `json:"summary,omitempty"`
	Sections []AnalysisSection `json:"sections"`
}

// AnalysisSection is one part of an analysis: the play order, the routes,
// the spawns, the inventory.
type AnalysisSection struct {
	Title string   `json:"title"`
	Steps []Step   `json:"steps,omitempty"` // in order: a numbered list
	Table *Table   `json:"table,omitempty"`
	Lines []string `json:"lines,omitempty"`
}

// Step is one item of a numbered list, with the lines under it.
type Step struct {
	Text    string   `json:"text"`
	Details []string `json:"details,omitempty"`
	// Mark is "met" or "unmet" for a condition, "" otherwise.
	Mark string `json:"mark,omitempty"`
}

// Table has a heading row and rows; a row marked Short says something is
// missing (an inventory line used beyond what is owned).
type Table struct {
	Head []string `json:"head"`
	Rows []Row    `json:"rows"`
}

// Row is one row of a Table.
type Row struct {
	Cells []string `json:"cells"`
	Short bool     `json:"short,omitempty"`
}
