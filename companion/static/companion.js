// companion: the little script the pages need (no inline script: the CSP forbids it).
// Polling pauses while the tab is hidden and polls at once when it shows again. It stops for good
// once the table is gone (deleted): each poll of an unknown code counts against this phone's
// ration of join-code misses, and a phone left on the old table would soon be refused (429) the
// code of the next one.
document.addEventListener("htmx:beforeRequest", function (evt) {
  var elt = evt.detail.elt;
  if (elt.hasAttribute("data-poll") && (document.hidden || elt.hasAttribute("data-gone"))) {
    evt.preventDefault();
  }
});
document.addEventListener("htmx:afterRequest", function (evt) {
  var elt = evt.detail.elt;
  if (evt.detail.xhr && evt.detail.xhr.status === 404 && elt.hasAttribute("data-poll")) {
    elt.setAttribute("data-gone", "");
  }
});
document.addEventListener("visibilitychange", function () {
  var poll = document.getElementById("poll");
  if (!document.hidden && poll && window.htmx) {
    window.htmx.trigger(poll, "poll-now");
  }
});
// A message put in the toast fades after a while, or at a tap.
var fading;
function fade(toast, delay) {
  window.clearTimeout(fading);
  clearOfTheToast();
  fading = window.setTimeout(function () {
    (document.getElementById("toast") || toast).innerHTML = "";
    clearOfTheToast();
  }, delay);
}
// The toast covers the bottom of the screen: while it shows, the page keeps room for it below,
// and the answers to a tie question on this phone are scrolled clear of it (the toast of the
// phone's last answer is still there when its next question opens).
function clearOfTheToast() {
  var toast = document.getElementById("toast");
  var shown = toast && toast.firstElementChild;
  document.body.style.paddingBottom = shown ? (toast.offsetHeight + 16) + "px" : "";
  var answers = document.querySelectorAll("#question button:not([disabled])");
  if (shown && answers.length) {
    var last = answers[answers.length - 1].getBoundingClientRect();
    var overlap = last.bottom + 8 - toast.getBoundingClientRect().top;
    if (overlap > 0) { window.scrollBy(0, overlap); }
  }
}
document.addEventListener("htmx:afterSwap", function (evt) {
  var toast = document.getElementById("toast");
  if (evt.detail.target === toast) {
    fade(toast, 6000);
  }
});
// The change this phone made, with its Undo, comes out of band: it stays a little longer.
document.addEventListener("htmx:oobAfterSwap", function (evt) {
  var toast = document.getElementById("toast");
  if (toast && evt.detail.target && evt.detail.target.id === "toast") {
    fade(toast, 8000);
  }
});
document.addEventListener("click", function (evt) {
  if (evt.target.closest && evt.target.closest("#toast") && !evt.target.closest("form, button, a")) {
    document.getElementById("toast").innerHTML = "";
    clearOfTheToast();
  }
});
// What an answer says at the top of the page (a change refused because the table changed
// meanwhile, or refused for a form no longer shown) goes to the toast, where the phone is: it may
// be scrolled far down, at the province it tapped. Without JavaScript it stays at the top.
document.addEventListener("htmx:afterSwap", function () {
  var said = document.querySelectorAll("#live > [data-toast]");
  var toast = document.getElementById("toast");
  if (said.length && toast) {
    toast.replaceChildren.apply(toast, said);
    fade(toast, 12000);
  }
});
// A sheet (a <details>) closes after its form was sent, ready for the next entry. Sheets are kept
// as they are when another phone's change refreshes the page (hx-preserve), so a sheet being
// filled in stays open with what was chosen and typed.
document.addEventListener("htmx:afterRequest", function (evt) {
  var sheet = evt.detail.elt.closest && evt.detail.elt.closest("details.sheet");
  if (sheet && evt.detail.xhr && evt.detail.xhr.status < 300) {
    sheet.open = false;
    if (evt.detail.elt.reset) { evt.detail.elt.reset(); }
  }
});
// A write carries the version of the state this page shows (kept on the poll element), and so
// does a live refresh that can be answered with only what changed since then (data-since).
document.addEventListener("htmx:configRequest", function (evt) {
  var poll = document.getElementById("poll");
  if (poll && evt.detail.verb !== "get") {
    evt.detail.headers["X-Table-Version"] = poll.getAttribute("data-version");
  } else if (poll && evt.detail.elt.hasAttribute("data-since")) {
    evt.detail.parameters.since = poll.getAttribute("data-version");
  }
});
// The language switch goes back to the page shown now. Its form names the address the page was
// loaded at; the election wizard steps on with htmx, which pushes each step's address.
document.addEventListener("htmx:pushedIntoHistory", function (evt) {
  var next = document.querySelector("form.lang input[name=next]");
  if (next) {
    var url = new URL(evt.detail.path, window.location.href);
    next.value = url.pathname + url.search;
  }
});
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
document.addEventListener("htmx:afterSettle", openTheQuestion);
document.addEventListener("htmx:afterSettle", clearOfTheToast);
document.addEventListener("DOMContentLoaded", openTheQuestion);
