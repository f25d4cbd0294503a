// Command zmission-web builds the web edition, a static site with the
// editor, the checks and the printouts compiled to WebAssembly, and serves
// a built site on loopback for trying it:
//
//	go run ./cmd/zmission-web build -o public
//	go run ./cmd/zmission-web serve public
//	go run ./cmd/zmission-web serve --build public   # both at once
//
// public/ is ignored by git; site/ would not do in this repository, where
// it is a Go package.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/zmission/zmission/web"
)

const usage = `usage:
  zmission-web build -o DIR     write the web edition's site into DIR
  zmission-web serve [--build] [--addr 127.0.0.1:8080] DIR
                                serve a built site on this machine
                                (--build: build it into DIR first)
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command; its exit codes are zmission's: 0 done, 2 usage,
// 3 could not run.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "build":
		fl := flag.NewFlagSet("build", flag.ContinueOnError)
		fl.SetOutput(stderr)
		out := fl.String("o", "", "the folder to write")
		if err := fl.Parse(args[1:]); err != nil || fl.NArg() != 0 || *out == "" {
			fmt.Fprint(stderr, usage)
			return 2
		}
		if err := web.Build(web.BuildOptions{Out: *out, Log: stderr}); err != nil {
			fmt.Fprintf(stderr, "zmission-web: %v\n", err)
			return 3
		}
		fmt.Fprintf(stdout, "wrote the web edition to %s; try it with: go run ./cmd/zmission-web serve %s\n", *out, *out)
		return 0
	case "serve":
		fl := flag.NewFlagSet("serve", flag.ContinueOnError)
		fl.SetOutput(stderr)
		addr := fl.String("addr", "127.0.0.1:8080", "where to listen (loopback)")
		build := fl.Bool("build", false, "build the site into DIR first")
		if err := fl.Parse(args[1:]); err != nil || fl.NArg() != 1 {
			fmt.Fprint(stderr, usage)
			return 2
		}
		if *build {
			if err := web.Build(web.BuildOptions{Out: fl.Arg(0), Log: stderr}); err != nil {
				fmt.Fprintf(stderr, "zmission-web: %v\n", err)
				return 3
			}
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		err := web.Serve(ctx, fl.Arg(0), *addr, func(url string) {
			fmt.Fprintf(stdout, "serving %s at %s (Ctrl-C stops)\n", fl.Arg(0), url)
		})
		if err != nil {
			fmt.Fprintf(stderr, "zmission-web: %v\n", err)
			return 3
		}
		return 0
	case "-h", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "zmission-web: unknown command %q\n%s", args[0], usage)
	return 2
}
