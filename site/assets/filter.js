// The index's search, filters and sort. Without this script the index is
// a plain list of every mission; with it, the form shows and hides cards
// and orders them as it is changed. Every choice is kept in the address
// (?q=…&game=…&players=…&difficulty=…&box=…&sort=…), so a view can be
// linked, and is read back from it. The boxes owned are also remembered in
// this browser. The search's index (a script beside this one) is loaded
// the first time something is searched.
(function () {
  "use strict";
  var form = document.getElementById("filters");
  if (!form) return;
  var list = document.querySelector("li.card[data-game]");
  list = list && list.parentNode;
  var cards = Array.prototype.slice.call(document.querySelectorAll("li.card[data-game]"));
  cards.forEach(function (c, i) { c.dataset.order = i; });
  var shown = form.querySelector(".shown");
  var key = "zmission-site-boxes";
  var boxes = form.querySelectorAll("input[name=box]");
  var fields = ["q", "game", "players", "difficulty", "sort"];
  var index = null, loading = false;

  // The address wins; else the boxes remembered.
  var params = new URLSearchParams(location.search);
  fields.forEach(function (f) {
    var v = params.get(f), el = form.elements[f];
    if (v === null || !el) return;
    if (el.tagName === "SELECT" && !Array.prototype.some.call(el.options, function (o) { return o.value === v; })) return;
    el.value = v;
  });
  var owned = params.getAll("box");
  if (!owned.length) {
    try { owned = JSON.parse(localStorage.getItem(key) || "[]"); } catch (e) { owned = []; }
  }
  boxes.forEach(function (b) { b.checked = owned.indexOf(b.value) >= 0; });

  function num(c, k) { return parseInt(c.dataset[k], 10) || 0; }
  var orders = {
    title: function (a, b) { return num(a, "order") - num(b, "order"); },
    newest: function (a, b) { return a.dataset.date < b.dataset.date ? 1 : a.dataset.date > b.dataset.date ? -1 : 0; },
    difficulty: function (a, b) { return num(a, "level") - num(b, "level"); },
    players: function (a, b) { return (num(a, "min") - num(b, "min")) || (num(a, "max") - num(b, "max")); },
    // A mission that gives no duration goes last.
    duration: function (a, b) { return (num(a, "duration") || 1e9) - (num(b, "duration") || 1e9); }
  };

  function loadIndex() {
    if (index || loading) return;
    loading = true;
    var s = document.createElement("script");
    s.src = form.dataset.index;
    s.onload = function () { index = window.zmissionIndex || {}; apply(); };
    s.onerror = function () { index = {}; shown.textContent = "The search's index could not be loaded."; };
    document.body.appendChild(s);
  }

  function apply() {
    var q = form.elements.q.value.toLowerCase().split(/\s+/).filter(Boolean);
    var game = form.elements.game.value;
    var players = parseInt(form.elements.players.value, 10);
    var level = form.elements.difficulty.value;
    var sort = form.elements.sort.value;
    var mine = [];
    boxes.forEach(function (b) { if (b.checked) mine.push(b.value); });
    if (q.length && !index) loadIndex();
    var n = 0;
    cards.forEach(function (c) {
      var ok = !game || c.dataset.game === game;
      if (ok && players > 0) {
        var lo = num(c, "min"), hi = num(c, "max");
        ok = (lo === 0 || players >= lo) && (hi === 0 || players <= hi);
      }
      if (ok && level) ok = c.dataset.difficulty === level;
      if (ok && mine.length) {
        // A mission needs every box it names; one that names none needs none.
        var need = c.dataset.boxes ? c.dataset.boxes.split(" ") : [];
        ok = need.every(function (b) { return mine.indexOf(b) >= 0; });
      }
      if (ok && q.length && index) {
        var words = index[c.dataset.slug] || "";
        ok = q.every(function (w) { return words.indexOf(w) >= 0; });
      }
      c.hidden = !ok;
      if (ok) n++;
    });
    var by = orders[sort] || orders.title;
    cards.slice().sort(function (a, b) { return by(a, b) || orders.title(a, b); })
      .forEach(function (c) { list.appendChild(c); });
    shown.textContent = (q.length && !index ? "Searching… " : "") + n + " of " + cards.length + " shown";

    // The address says what is shown.
    var out = new URLSearchParams();
    fields.forEach(function (f) {
      var v = form.elements[f].value.trim();
      if (v && !(f === "sort" && v === "title")) out.set(f, v);
    });
    mine.forEach(function (b) { out.append("box", b); });
    var qs = out.toString();
    history.replaceState(null, "", location.pathname + (qs ? "?" + qs : "") + location.hash);
    // Boxes read from a link someone shared are theirs: this browser keeps
    // only the boxes ticked here.
    if (changed) {
      try { localStorage.setItem(key, JSON.stringify(mine)); } catch (e) { /* not kept */ }
    }
  }
  var changed = false;
  function edit() { changed = true; apply(); }
  form.addEventListener("input", edit);
  form.addEventListener("change", edit);
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  form.hidden = false;
  apply();
})();
