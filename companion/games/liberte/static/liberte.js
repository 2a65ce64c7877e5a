// liberte.js: what the Liberté pages add to companion.js (loaded on the game's pages and on its
// tables' shared pages: Game.scripts). No inline script: the CSP forbids it.
// A tie question for this phone's player opens by itself, once per question, with a vibration
// where the browser allows it (liberte/_ask.html).
function openTheQuestion() {
  var ask = document.querySelector("[data-ask]");
  if (!ask || window.sessionStorage.getItem("asked") === ask.getAttribute("data-ask")) {
    return;
  }
  window.sessionStorage.setItem("asked", ask.getAttribute("data-ask"));
  try { if (navigator.vibrate) { navigator.vibrate([200, 100, 200]); } } catch (e) { /* not allowed */ }
  var go = ask.getAttribute("data-go");
  if (go) {
    window.location.assign(go);
  } else {
    ask.scrollIntoView({block: "center"});
  }
}
// (before companion.js keeps the answers clear of the toast: on the way down, not up)
document.addEventListener("htmx:afterSettle", openTheQuestion, true);
document.addEventListener("DOMContentLoaded", openTheQuestion);
// The open province (the Liberté board's sheet, liberte/_open.html): a tap on a tile moves the focus
// into it, so a keyboard or a screen reader is where the sheet is; Escape closes it as its × does,
// and the focus goes back to the tile it was opened from.
var sheetFrom = null;
function focusTheSheet() {
  var sheet = document.getElementById("open");
  if (sheet) {
    var tile = document.querySelector(".tile.opened");
    sheetFrom = tile ? tile.id : null;
    sheet.focus({preventScroll: true});
  }
}
document.addEventListener("htmx:afterSettle", function (evt) {
  var elt = evt.detail.elt, from = evt.detail.requestConfig && evt.detail.requestConfig.elt;
  if ((from && from.classList && from.classList.contains("tile")) ||
      (elt && elt.classList && elt.classList.contains("tile"))) {
    focusTheSheet();
  } else if (sheetFrom && !document.getElementById("open")) {
    var tile = document.getElementById(sheetFrom);
    sheetFrom = null;
    if (tile) { tile.focus({preventScroll: true}); }
  }
});
document.addEventListener("DOMContentLoaded", function () {
  if (/[?&]open=/.test(window.location.search)) { focusTheSheet(); }
});
document.addEventListener("keydown", function (evt) {
  var close = evt.key === "Escape" && document.querySelector("#open a.close");
  if (close && !evt.defaultPrevented) {
    evt.preventDefault();
    close.click();
  }
});
// The board's changes are rendered once for every phone of the table (views.board_changes): no
// seat chosen, every button usable, each marked. Each page applies its own seat and rights
// (#seat-marks: liberte/_board.html) as it swaps them in, before they are painted: a phone that
// only watches gets no usable button and no add-a-stack sheet; a seated one finds its own player
// chosen in a new sheet or panel. A sheet kept through the swap (hx-preserve) keeps its choice.
function markForThisPhone() {
  var me = document.getElementById("seat-marks");
  if (!me) { return; }
  var seat = me.getAttribute("data-seat"), writes = me.hasAttribute("data-writes");
  document.querySelectorAll("[data-off]").forEach(function (button) {
    button.removeAttribute("data-off");
    if (!writes) { button.disabled = true; }
  });
  document.querySelectorAll("[data-writers-only]").forEach(function (elt) {
    if (writes) { elt.removeAttribute("data-writers-only"); } else { elt.remove(); }
  });
  document.querySelectorAll("[data-unseated]").forEach(function (elt) {
    if (seat) { elt.remove(); } else { elt.removeAttribute("data-unseated"); }
  });
  document.querySelectorAll("select[data-pick-seat]").forEach(function (select) {
    select.removeAttribute("data-pick-seat");
    for (var i = 0; i < select.options.length; i++) {
      if (select.options[i].value === seat) { select.selectedIndex = i; }
    }
  });
  document.querySelectorAll("fieldset[data-pick-seat]").forEach(function (choices) {
    choices.removeAttribute("data-pick-seat");
    choices.querySelectorAll("input[name=player]").forEach(function (radio) {
      if (radio.value === seat) { radio.checked = true; }
    });
  });
}
document.addEventListener("htmx:afterSwap", markForThisPhone);
