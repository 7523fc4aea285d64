// Command bashni-engine speaks the line-based engine protocol of
// shared/PROTOCOL.md over stdin and stdout, for match runners, analysis tools
// and GUIs. Every reply is flushed at once; bad input answers "error …" and
// leaves the engine's state unchanged.
//
//	bashni-engine            speak the protocol on stdin and stdout
//	bashni-engine -version   print the version and exit
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"bashni/version"
)

func main() {
	showVersion := flag.Bool("version", false, "print the version and exit")
	flag.Parse()
	if *showVersion {
		fmt.Println("bashni-engine", version.Get())
		return
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 64*1024), 16*1024*1024)
	out := bufio.NewWriter(os.Stdout)
	e := newEngine(out)
	for in.Scan() {
		quit := e.handle(in.Text())
		if err := out.Flush(); err != nil {
			fmt.Fprintln(os.Stderr, "bashni-engine: writing to stdout:", err)
			os.Exit(1)
		}
		if quit {
			return
		}
	}
	if err := in.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "bashni-engine: reading stdin:", err)
		os.Exit(1)
	}
}
