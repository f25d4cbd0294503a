//go:build js

package main

import "syscall/js"

// cpuMS is the process's CPU time (user and system), in ms.
func cpuMS() float64 {
	u := js.Global().Get("process").Call("cpuUsage")
	return (u.Get("user").Float() + u.Get("system").Float()) / 1000
}
