// companion: the little script the pages need (no inline script: the CSP forbids it).
// Polling pauses while the tab is hidden and polls at once when it shows again.
document.addEventListener("htmx:beforeRequest", function (evt) {
  if (document.hidden && evt.detail.elt.hasAttribute("data-poll")) {
    evt.preventDefault();
  }
});
document.addEventListener("visibilitychange", function () {
  var poll = document.getElementById("poll");
  if (!document.hidden && poll && window.htmx) {
    window.htmx.trigger(poll, "poll-now");
  }
});
// A message put in the toast fades after a while.
document.addEventListener("htmx:afterSwap", function (evt) {
  var toast = document.getElementById("toast");
  if (evt.detail.target === toast) {
    window.setTimeout(function () { toast.innerHTML = ""; }, 6000);
  }
});
// A sheet (a <details>) closes after its form was sent.
document.addEventListener("htmx:afterRequest", function (evt) {
  var sheet = evt.detail.elt.closest && evt.detail.elt.closest("details.sheet");
  if (sheet && evt.detail.successful) { sheet.open = false; }
});
// A write carries the version of the state this page shows (kept on the poll element).
document.addEventListener("htmx:configRequest", function (evt) {
  var poll = document.getElementById("poll");
  if (poll && evt.detail.verb !== "get") {
    evt.detail.headers["X-Table-Version"] = poll.getAttribute("data-version");
  }
});
