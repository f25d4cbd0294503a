// The index's filters. Without this script the index is a plain list of
// every mission; with it, the form shows and hides cards as it is changed.
// The boxes an author owns are remembered in this browser.
(function () {
  "use strict";
  var form = document.getElementById("filters");
  if (!form) return;
  var cards = Array.prototype.slice.call(document.querySelectorAll("li.card[data-game]"));
  var shown = form.querySelector(".shown");
  var key = "zmission-site-boxes";
  var boxes = form.querySelectorAll("input[name=box]");
  try {
    var owned = JSON.parse(localStorage.getItem(key) || "[]");
    boxes.forEach(function (b) { b.checked = owned.indexOf(b.value) >= 0; });
  } catch (e) { /* storage refused: start with none ticked */ }

  function apply() {
    var game = form.elements.game.value;
    var players = parseInt(form.elements.players.value, 10);
    var level = form.elements.difficulty.value;
    var mine = [];
    boxes.forEach(function (b) { if (b.checked) mine.push(b.value); });
    var n = 0;
    cards.forEach(function (c) {
      var ok = !game || c.dataset.game === game;
      if (ok && players > 0) {
        var lo = parseInt(c.dataset.min, 10) || 0, hi = parseInt(c.dataset.max, 10) || 0;
        ok = (lo === 0 || players >= lo) && (hi === 0 || players <= hi);
      }
      if (ok && level) ok = c.dataset.difficulty === level;
      if (ok && mine.length) {
        // A mission needs every box it names; one that names none needs none.
        var need = c.dataset.boxes ? c.dataset.boxes.split(" ") : [];
        ok = need.every(function (b) { return mine.indexOf(b) >= 0; });
      }
      c.hidden = !ok;
      if (ok) n++;
    });
    shown.textContent = n + " of " + cards.length + " shown";
    try { localStorage.setItem(key, JSON.stringify(mine)); } catch (e) { /* not kept */ }
  }
  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  form.hidden = false;
  apply();
})();
