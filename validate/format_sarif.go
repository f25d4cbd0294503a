package validate

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"regexp"
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
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations,omitempty"`
	Results     []sarifResult     `json:"results"`
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
	Help                 *sarifHelp          `json:"help,omitempty"`
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

// sarifHelp is a rule's documentation, which code scanning shows beside an
// alert (GitHub requires it of every rule).
type sarifHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown"`
}

// sarifInvocation is written only for a run that did not complete (a file
// could not be read, or the tool failed on one): its findings are then not
// the whole story, and a reader of the log is told so.
type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string    `json:"level"`
	Message sarifText `json:"message"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	RelatedLocations    []sarifLocation   `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
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
//
// failed, when not empty, says why the run did not complete; the log then
// records an unsuccessful invocation, so it never reads as a clean run.
func writeSARIF(w io.Writer, ds []Diagnostic, o Options, checks []*Check, failed []string) error {
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
	if len(failed) > 0 {
		inv := sarifInvocation{ExecutionSuccessful: false}
		for _, f := range failed {
			inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, sarifNotification{Level: "error", Message: sarifText{f}})
		}
		log.Runs[0].Invocations = []sarifInvocation{inv}
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
	seen := map[string]int{} // fingerprint -> findings with it so far
	for i, d := range ds {
		one.Reset()
		if i > 0 {
			one.WriteByte(',')
		}
		one.WriteString("\n        ")
		enc := json.NewEncoder(&one)
		enc.SetIndent("        ", "  ")
		enc.SetEscapeHTML(false)
		res := sarifResultOf(d, index)
		fp := fingerprint(d)
		seen[fp]++
		res.PartialFingerprints = map[string]string{fingerprintKey: fmt.Sprintf("%s:%d", fp, seen[fp])}
		if err := enc.Encode(res); err != nil {
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
			Name:                 sarifName(c.ID),
			ShortDescription:     &sarifText{c.Title},
			Help:                 checkHelp(c),
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
			rules = append(rules, sarifRule{ID: d.Rule, Name: sarifName(d.Rule), Help: &sarifHelp{
				Text:     "zmission reports this finding outside its catalogue of checks: the message says what to do.",
				Markdown: "zmission reports this finding outside its catalogue of checks: the message says what to do.",
			}})
		}
	}
	slices.SortFunc(rules, func(a, b sarifRule) int { return strings.Compare(a.ID, b.ID) })
	index := make(map[string]int, len(rules))
	for i, r := range rules {
		index[r.ID] = i
	}
	return rules, index
}

// sarifName is a rule's friendly name: its id in PascalCase. SARIF wants
// the name to differ from the id, and the Multitool compares them ignoring
// case, so a one-word id ("schema") gets a word more ("SchemaProblem").
func sarifName(id string) string {
	n := camelName(id)
	if strings.EqualFold(n, id) {
		n += "Problem"
	}
	return n
}

// checkHelp is a check's documentation for code scanning: as plain text its
// title and doc, as Markdown the section docs/checks.md has for it (the
// examples without their output, which only the application can run).
func checkHelp(c *Check) *sarifHelp {
	text := c.Title + "\n\n" + strings.TrimSpace(c.Doc) + "\n\nDocumentation: " + DocURL(c.ID)
	var md strings.Builder
	writeCheckDoc(&md, c, nil, nil, "##")
	// Links between the docs are relative; beside an alert they would lead
	// nowhere.
	fmt.Fprintf(&md, "\n[docs/checks.md#%s](%s)\n", c.ID, DocURL(c.ID))
	return &sarifHelp{Text: text, Markdown: docLink.ReplaceAllString(md.String(), "](https://github.com/zmission/zmission/blob/main/docs/$1)")}
}

// docLink is a relative link to another page of docs/.
var docLink = regexp.MustCompile(`\]\(([A-Za-z0-9_-]+\.md(?:#[^)\s]*)?)\)`)

// fingerprintKey names the partial fingerprint code scanning matches alerts
// across commits by. Filled in here, it is a hash of what the finding is
// about rather than of the text of its line, so an alert follows its
// finding when lines move or the line itself is edited.
const fingerprintKey = "primaryLocationLineHash"

// lineRef matches the positions some messages quote ("defined at line 3",
// "12:5"), which move with the lines and so are left out of a fingerprint.
var lineRef = regexp.MustCompile(`\blines? \d+|\b\d+:\d+\b`)

// fingerprint identifies a finding apart from its line: its rule, its file
// and the value it is about (the JSON pointer), or its message with any
// line numbers taken out when no pointer is known. writeSARIF adds ":N",
// the finding's rank among those with the same hash, as codeql-action does.
func fingerprint(d Diagnostic) string {
	h := sha256.New()
	io.WriteString(h, d.Rule+"\x00"+filepath.ToSlash(d.File)+"\x00")
	if d.Pointer != "" {
		fmt.Fprintf(h, "%s\x00%t", d.Pointer, d.Key)
	} else {
		io.WriteString(h, lineRef.ReplaceAllString(d.Message, "#"))
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
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
