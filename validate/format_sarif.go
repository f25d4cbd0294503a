package validate

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
)

const (
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	toolName     = "zmission"
	toolURI      = "https://github.com/zmission/zmission"
	checksDocURI = "https://github.com/zmission/zmission/blob/main/docs/checks.md#"
	srcRoot      = "%SRCROOT%"
)

// The SARIF 2.1.0 subset we write. Hand-written structs keep the output
// small, stable and free of a dependency.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
	// Columns count characters, not UTF-16 code units (SARIF's default).
	ColumnKind string `json:"columnKind"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string              `json:"id"`
	Name                 string              `json:"name,omitempty"`
	ShortDescription     *sarifText          `json:"shortDescription,omitempty"`
	FullDescription      *sarifText          `json:"fullDescription,omitempty"`
	HelpURI              string              `json:"helpUri,omitempty"`
	DefaultConfiguration *sarifConfiguration `json:"defaultConfiguration,omitempty"`
}

type sarifConfiguration struct {
	Enabled *bool  `json:"enabled,omitempty"`
	Level   string `json:"level"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	RuleIndex        int             `json:"ruleIndex"`
	Level            string          `json:"level"`
	Message          sarifText       `json:"message"`
	Locations        []sarifLocation `json:"locations"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
}

type sarifLocation struct {
	ID               *int                  `json:"id,omitempty"`
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	Message          *sarifText            `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           *sarifRegion          `json:"region,omitempty"`
}

type sarifArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

// writeSARIF prints one SARIF run. Its rules are every check in the
// catalogue plus any rule id the diagnostics use that is not registered
// (such as "config"), sorted by id, so every ruleIndex is valid. The results
// are encoded one at a time into the run's frame, so the output is never
// held whole in memory (it is what encoding the whole log would print).
func writeSARIF(w io.Writer, ds []Diagnostic, o Options, checks []*Check) error {
	rules, index := sarifRules(ds, checks)
	log := sarifLog{
		Schema:  sarifSchema,
		Version: "2.1.0",
		Runs: []sarifRun{{
			ColumnKind: "unicodeCodePoints",
			Tool: sarifTool{Driver: sarifDriver{
				Name:           toolName,
				Version:        o.Version,
				InformationURI: toolURI,
				Rules:          rules,
			}},
			Results: []sarifResult{},
		}},
	}
	var frame bytes.Buffer
	enc := json.NewEncoder(&frame)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(log); err != nil {
		return err
	}
	const hole = "\n      \"results\": []"
	at := bytes.LastIndex(frame.Bytes(), []byte(hole))
	if at < 0 {
		return errors.New("sarif: no place for the results")
	}
	at += len(hole) - 1 // between the brackets
	if _, err := w.Write(frame.Bytes()[:at]); err != nil {
		return err
	}
	var one bytes.Buffer
	for i, d := range ds {
		one.Reset()
		if i > 0 {
			one.WriteByte(',')
		}
		one.WriteString("\n        ")
		enc := json.NewEncoder(&one)
		enc.SetIndent("        ", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(sarifResultOf(d, index)); err != nil {
			return err
		}
		one.Truncate(one.Len() - 1) // the encoder's newline
		if _, err := w.Write(one.Bytes()); err != nil {
			return err
		}
	}
	if len(ds) > 0 {
		io.WriteString(w, "\n      ")
	}
	_, err := w.Write(frame.Bytes()[at:])
	return err
}

// sarifResultOf is one diagnostic as a SARIF result.
func sarifResultOf(d Diagnostic, index map[string]int) sarifResult {
	msg := d.Message
	if d.Hint != "" {
		msg += "\nhint: " + d.Hint
	}
	res := sarifResult{
		RuleID:    d.Rule,
		RuleIndex: index[d.Rule],
		Level:     sarifLevel(d.Severity),
		Message:   sarifText{msg},
		Locations: []sarifLocation{{PhysicalLocation: sarifSpan(d.File, d.Range())}},
	}
	for i, r := range d.Related {
		res.RelatedLocations = append(res.RelatedLocations, sarifLocation{
			ID:               &i,
			PhysicalLocation: sarifPhysical(r.File, r.Line, r.Col),
			Message:          &sarifText{r.Message},
		})
	}
	return res
}

func sarifRules(ds []Diagnostic, checks []*Check) ([]sarifRule, map[string]int) {
	rules := make([]sarifRule, 0, len(checks))
	known := map[string]bool{}
	for _, c := range checks {
		known[c.ID] = true
		r := sarifRule{
			ID:                   c.ID,
			Name:                 camelName(c.ID),
			ShortDescription:     &sarifText{c.Title},
			HelpURI:              checksDocURI + c.ID,
			DefaultConfiguration: &sarifConfiguration{Level: sarifLevel(c.Severity)},
		}
		if p := firstParagraph(c.Doc); p != "" {
			r.FullDescription = &sarifText{p}
		}
		if c.Severity == Off {
			off := false
			r.DefaultConfiguration.Enabled = &off
		}
		rules = append(rules, r)
	}
	for _, d := range ds {
		if !known[d.Rule] {
			known[d.Rule] = true
			rules = append(rules, sarifRule{ID: d.Rule, Name: camelName(d.Rule)})
		}
	}
	slices.SortFunc(rules, func(a, b sarifRule) int { return strings.Compare(a.ID, b.ID) })
	index := make(map[string]int, len(rules))
	for i, r := range rules {
		index[r.ID] = i
	}
	return rules, index
}

func sarifLevel(s Severity) string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Info:
		return "note"
	}
	return "none"
}

func sarifPhysical(file string, line, col int) sarifPhysicalLocation {
	uri, base := sarifURI(file)
	p := sarifPhysicalLocation{ArtifactLocation: sarifArtifactLocation{URI: uri, URIBaseID: base}}
	if line > 0 {
		p.Region = &sarifRegion{StartLine: line}
		if col > 0 {
			p.Region.StartColumn = col
		}
	}
	return p
}

// sarifSpan is sarifPhysical with the region's end, where it is known.
func sarifSpan(file string, r Range) sarifPhysicalLocation {
	p := sarifPhysical(file, r.Line, r.Col)
	if p.Region != nil && r.HasEnd() {
		p.Region.EndLine, p.Region.EndColumn = r.EndLine, r.EndCol
	}
	return p
}

// sarifURI turns a path into a URI reference with forward slashes. Relative
// paths stay relative to %SRCROOT%; absolute ones become file URIs. Both are
// percent-encoded, so spaces and '#' survive.
func sarifURI(file string) (uri, base string) {
	p := filepath.ToSlash(file)
	if filepath.IsAbs(file) || strings.HasPrefix(p, "/") {
		if !strings.HasPrefix(p, "/") {
			p = "/" + p // a Windows volume: C:/x -> /C:/x
		}
		return (&url.URL{Scheme: "file", Path: p}).String(), ""
	}
	return (&url.URL{Path: p}).String(), srcRoot
}

// DocURL is the address of a check's section in docs/checks.md, where
// SARIF's helpUri and a language server's code description lead.
func DocURL(id string) string { return checksDocURI + id }
