package app

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
)

// Version, Commit and Date describe this build. A release sets them with
//
//	go build -ldflags "-X github.com/zmission/zmission/app.Version=1.2.0 \
//	  -X github.com/zmission/zmission/app.Commit=$(git rev-parse HEAD) \
//	  -X github.com/zmission/zmission/app.Date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
//
// Whatever is left empty comes from the Go build information: the module
// version ('go install …@v1.2.0'), and the commit and its time when built
// from a git checkout. Go records no build time (builds are reproducible), so
// without -ldflags the date is the commit's.
var (
	Version = ""
	Commit  = ""
	Date    = ""
)

// devVersion is reported when neither -ldflags nor the module says more.
const devVersion = "0.1.0-dev"

func init() {
	info, _ := debug.ReadBuildInfo()
	b := resolveBuild(Version, Commit, Date, info)
	Version, Commit, Date = b.version, b.commit, b.date
	build = b
}

// build is what 'zmission version' prints.
var build buildInfo

type buildInfo struct {
	version, commit, date string
	modified              bool   // built from a checkout with uncommitted changes
	dateIsCommit          bool   // the date is the commit's, not the build's
	goVersion             string // the Go toolchain that built it
}

// resolveBuild fills what -ldflags left empty from the build information.
func resolveBuild(version, commit, date string, info *debug.BuildInfo) buildInfo {
	b := buildInfo{version: version, commit: commit, date: date, goVersion: runtime.Version()}
	if info == nil {
		info = &debug.BuildInfo{}
	}
	if info.GoVersion != "" {
		b.goVersion = info.GoVersion
	}
	if b.version == "" {
		// "(devel)" is a build from a checkout with no version control
		// information; a pseudo-version or tag comes from 'go install'.
		if v := info.Main.Version; v != "" && v != "(devel)" {
			b.version = strings.TrimPrefix(v, "v")
		} else {
			b.version = devVersion
		}
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if b.commit == "" {
		b.commit = settings["vcs.revision"]
		b.modified = settings["vcs.modified"] == "true"
	}
	if b.date == "" && settings["vcs.time"] != "" {
		b.date = settings["vcs.time"]
		b.dateIsCommit = true
	}
	return b
}

// write prints the version report: the first line is "zmission VERSION",
// which scripts may rely on; the lines after it are for people.
func (b buildInfo) write(w io.Writer) {
	fmt.Fprintf(w, "zmission %s\n", b.version)
	commit := b.commit
	switch {
	case commit == "":
		commit = "unknown (built without version control information)"
	case b.modified:
		commit += " (with uncommitted changes)"
	}
	fmt.Fprintf(w, "commit:  %s\n", commit)
	date := b.date
	switch {
	case date == "":
		date = "unknown"
	case b.dateIsCommit:
		date += " (commit time)"
	}
	fmt.Fprintf(w, "date:    %s\n", date)
	fmt.Fprintf(w, "go:      %s %s/%s\n", b.goVersion, runtime.GOOS, runtime.GOARCH)
}
