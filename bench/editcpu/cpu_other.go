//go:build !unix && !js

package main

import "math"

// cpuMS is not read here: the wall time is the figure.
func cpuMS() float64 { return math.NaN() }
