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
