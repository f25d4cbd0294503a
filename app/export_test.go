package app

// WellFormedSVG is the XML check of render's tests, for the tests of
// package app_test.
var WellFormedSVG = wellFormedSVG
