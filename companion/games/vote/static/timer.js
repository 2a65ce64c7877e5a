// The discussion timer: counts down locally from the seconds the server said were left when it
// rendered the page (so every phone shows the same time whatever its own clock says).
(function () {
  function show(el) {
    if (el._start === undefined) { el._start = performance.now(); }
    var left = parseFloat(el.getAttribute("data-left"));
    if (el.getAttribute("data-state") === "running") {
      left -= (performance.now() - el._start) / 1000;
    }
    left = Math.max(0, left);
    var whole = Math.ceil(left);
    var text = Math.floor(whole / 60) + ":" + String(whole % 60).padStart(2, "0");
    var t = el.querySelector(".t");
    if (t && t.textContent !== text) { t.textContent = text; }
    el.classList.toggle("up", left <= 0);
  }
  function tick() {
    document.querySelectorAll("[data-timer]").forEach(show);
  }
  window.setInterval(tick, 250);
  document.addEventListener("htmx:afterSettle", tick);
  document.addEventListener("DOMContentLoaded", tick);
})();
