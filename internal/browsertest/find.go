package browsertest

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
)

// names are the commands Chrome, Chromium and Edge install as, most
// specific first.
var names = []string{
	"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome",
	"microsoft-edge", "microsoft-edge-stable", "msedge",
}

// places are where they live when not on PATH: macOS application bundles,
// Linux packages that leave the binary out of PATH (snap, Google's .deb),
// the Windows installers' folders.
func places() []string {
	switch runtime.GOOS {
	case "darwin":
		var out []string
		for _, root := range []string{"/Applications", filepath.Join(os.Getenv("HOME"), "Applications")} {
			out = append(out,
				filepath.Join(root, "Google Chrome.app/Contents/MacOS/Google Chrome"),
				filepath.Join(root, "Chromium.app/Contents/MacOS/Chromium"),
				filepath.Join(root, "Microsoft Edge.app/Contents/MacOS/Microsoft Edge"),
				filepath.Join(root, "Google Chrome Canary.app/Contents/MacOS/Google Chrome Canary"))
		}
		return out
	case "windows":
		var out []string
		for _, env := range []string{"ProgramFiles", "ProgramFiles(x86)", "LocalAppData"} {
			root := os.Getenv(env)
			if root == "" {
				continue
			}
			out = append(out,
				filepath.Join(root, `Google\Chrome\Application\chrome.exe`),
				filepath.Join(root, `Chromium\Application\chrome.exe`),
				filepath.Join(root, `Microsoft\Edge\Application\msedge.exe`))
		}
		return out
	}
	return []string{"/snap/bin/chromium", "/usr/lib/chromium/chromium", "/usr/lib/chromium-browser/chromium-browser",
		"/opt/google/chrome/chrome", "/opt/microsoft/msedge/msedge"}
}

// Find is the browser the tests drive: the one CHROME (or the older
// ZMISSION_CHROMIUM) names, as a path or a command, else the first of the
// usual commands on PATH, else the first of the usual install places. ok
// is false when there is none, or when CHROME names something that is not
// there (a wrong CHROME is never passed over for another browser).
func Find() (path string, ok bool) {
	for _, env := range []string{"CHROME", "ZMISSION_CHROMIUM"} {
		if v := os.Getenv(env); v != "" {
			p, err := exec.LookPath(v)
			return p, err == nil
		}
	}
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p, true
		}
	}
	for _, p := range places() {
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, true
		}
	}
	return "", false
}
