package browsertest

// Focused describes the element that has a page's focus (FocusedJS
// gives it): what it is, where it is and how its focus shows.
type Focused struct {
	Tag, ID, Name, Href, Text string
	Top, Left                 float64
	InView                    bool
	Outline                   string // computed outline-style, width and colour
	OutlineStyle              string
	OutlineWidth              float64
	Shadow                    string
	Contrast                  float64 // of the outline's colour against what is behind the element
}

// RingShows tells whether the focus shows as WCAG 2.2 asks of a focus
// indicator: an outline of 2 pixels or more, at 3:1 against what is behind
// it (non-text contrast). Chromium's own ring is 1 pixel, dark, and
// vanishes on a dark bar.
func (f Focused) RingShows() bool {
	return f.OutlineStyle != "none" && f.OutlineWidth >= 2 && f.Contrast >= 3
}

// FocusedJS evaluates to the Focused of the page's focus ({Tag: "body"}
// when nothing has it).
const FocusedJS = `(() => {
  const e = document.activeElement;
  if (!e || e === document.body) return {Tag: "body"};
  const r = e.getBoundingClientRect(), s = getComputedStyle(e);
  return {Tag: e.tagName.toLowerCase(), ID: e.id, Name: e.name || "", Href: e.getAttribute("href") || "",
    Text: (e.value && e.type === "checkbox" ? e.value : (e.textContent || "").trim()).slice(0, 40),
    Top: r.top + scrollY, Left: r.left + scrollX,
    InView: r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth,
    Outline: s.outlineStyle + " " + s.outlineWidth + " " + s.outlineColor,
    OutlineStyle: s.outlineStyle, OutlineWidth: parseFloat(s.outlineWidth) || 0, Shadow: s.boxShadow,
    Contrast: contrast(s.outlineColor, behind(e.parentElement))};
  // behind is the first colour painted under e, up its ancestors.
  function behind(e) {
    for (; e; e = e.parentElement) {
      const c = getComputedStyle(e).backgroundColor;
      if (!/rgba\(.*, 0\)$/.test(c) && c !== "transparent") return c;
    }
    return "rgb(255, 255, 255)";
  }
  // contrast is WCAG's ratio of two colours' relative luminance.
  function contrast(a, b) {
    const lum = c => {
      const v = c.match(/[\d.]+/g).slice(0, 3).map(x => {
        x = x / 255;
        return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4);
      });
      return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
    };
    const [l1, l2] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (l1 + 0.05) / (l2 + 0.05);
  }
})()`
