// Command zmission checks, analyses and prints board-game mission files.
package main

import (
	"os"

	"github.com/zmission/zmission/app"
)

func main() {
	app.TuneGC(os.Getenv)
	os.Exit(app.Run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
