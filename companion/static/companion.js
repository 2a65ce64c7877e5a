// companion: the little script the pages need (no inline script: the CSP forbids it).
// News of the table: the page keeps one stream open (Server-Sent Events, companion/push.py) on
// which the server tells the table's version whenever it changes. A version newer than the one
// the page shows (#shown's data-version) makes the live block ask for itself again; news that
// comes while this phone's own change is on its way waits for its answer, which brings it (and
// a page that its own answer took past the news has nothing to ask).
// While the page is hidden the stream is closed (a phone in a pocket costs the host nothing);
// shown again, the stream's first message is the version now, so the page catches up at once.
// A table that is gone (deleted) is not asked for again: each ask for an unknown code counts
// against this phone's ration of join-code misses. Without EventSource, the page asks once a
// second. A table whose game has news beyond its version (push.py, event "news") passes its
// number on as a "companion:news" event of the document: the game's own script decides what to
// ask for then.
// A database restored under the server (push.py, event "restored") may bring the table back at
// an older version: the page then asks for its live block whatever version it shows, as it does
// when a new stream's first version is older than the one shown.
// The stream names the page's live block (?live=, its hx-get): the server then sends the change
// itself, as this phone would be answered (swap.py, event "swap": the version as its id, the
// block's address, then "since N" and what changed since version N, its parts swapped out of
// band, or "block" and the whole block), and the page swaps it in without asking. Changes since
// a version the page does not show (its own tap took it further, a message missed while the
// stream was closed), a block of another address: the page asks, as before, or has nothing to do.
var news = {source: null, latest: null, writing: 0, gone: false, again: null, restored: false,
            fresh: false, silence: null, path: null, pushed: null, hiding: null, every: 0};
function catchUp() {
  var shown = document.getElementById("shown");
  if (shown && news.latest !== null && news.writing === 0 && (news.restored ||
      Number(news.latest) > Number(shown.getAttribute("data-version")))) {
    var live = document.getElementById("live"), pushed = news.pushed;
    news.pushed = null;
    if (!news.restored && pushed && pushed.version === news.latest && live &&
        live.getAttribute("hx-get") === pushed.path && (pushed.since === null ||
        pushed.since === shown.getAttribute("data-version"))) {
      return swapIn(live, pushed.html, pushed.since === null ? "outerHTML" : "none");
    }
    news.restored = false;
    window.htmx.trigger(shown, "table-changed");
  }
}
// A pushed block's forms carry no CSRF token (it was rendered once for several phones): each
// gets this page's own, the one its htmx requests send (<body hx-headers>). "none": only the
// parts marked out of band are swapped (the changes since the version the page shows).
function swapIn(live, html, style) {
  var template = document.createElement("template"), token = "";
  template.innerHTML = html;
  try { token = JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { /* none */ }
  template.content.querySelectorAll("input[name=csrf_token]").forEach(function (input) {
    input.setAttribute("value", token);
  });
  var box = document.createElement("div");
  box.appendChild(template.content);
  window.htmx.swap(live, box.innerHTML, {swapStyle: style});
}
function firstHeard(version) {
  var shown = document.getElementById("shown");
  if (news.fresh && shown && Number(version) < Number(shown.getAttribute("data-version"))) {
    news.restored = true;
  }
  news.fresh = false;
}
function heard(text) {
  var version = /^data: (\w+)$/m.exec(text), seq = /^event: news\ndata: (\d+)$/m.exec(text);
  if (version && version[1] === "gone") {
    news.gone = true;
    quiet();
  } else if (version) {
    news.latest = version[1];
    catchUp();
  }
  if (seq) { gameNews(seq[1]); }
}
function gameNews(seq) {
  document.dispatchEvent(new CustomEvent("companion:news", {detail: seq}));
}
function listen() {
  var shown = document.getElementById("shown");
  if (!shown || news.source || news.again || news.gone || document.hidden || !window.htmx) {
    return;
  }
  var url = shown.getAttribute("data-events"), live = document.getElementById("live");
  if (!window.EventSource) {
    news.again = window.setInterval(function () { ask(url); }, 1000);
    return ask(url);
  }
  news.path = live && live.getAttribute("hx-get");
  var source = new EventSource(news.path ? url + "?live=" + encodeURIComponent(news.path) +
                               "&lang=" + encodeURIComponent(document.documentElement.lang) : url);
  news.source = source;
  news.fresh = true;
  news.every = 0;
  source.onopen = function () { beat(source); hostBack(); };
  source.onmessage = function (evt) { beat(source); firstHeard(evt.data); heard("data: " + evt.data); };
  source.addEventListener("beat", function (evt) {
    var every = Number(evt.data);
    if (every > 0) { news.every = every; }
    beat(source);
  });
  source.addEventListener("restored", function (evt) {
    news.restored = true;
    heard("data: " + evt.data);
  });
  source.addEventListener("gone", function () { heard("data: gone"); });
  source.addEventListener("swap", function (evt) {
    beat(source);
    var line = evt.data.indexOf("\n"), next = evt.data.indexOf("\n", line + 1);
    var what = evt.data.slice(line + 1, next);
    news.pushed = {version: evt.lastEventId, path: evt.data.slice(0, line),
                   since: what.indexOf("since ") === 0 ? what.slice(6) : null,
                   html: evt.data.slice(next + 1)};
    heard("data: " + evt.lastEventId);
  });
  source.addEventListener("news", function (evt) { gameNews(evt.data); });
  source.onerror = function () {
    if (source.readyState === EventSource.CONNECTING) { askHost(); }  // the stream broke
    if (source.readyState === EventSource.CLOSED) {  // refused: gone, or the server is busy
      quiet();
      ask(url).then(function () {
        if (!news.gone) {
          news.again = window.setTimeout(function () { news.again = null; listen(); }, 5000);
        }
      });
    }
  };
}
function ask(url) {
  return window.fetch(url + "?once", {cache: "no-store"}).then(function (answer) {
    if (answer.status === 404) { return heard("data: gone"); }
    return answer.ok ? answer.text().then(heard) : null;
  }, function () { return null; });
}
// The heartbeat (push.py: every HEARTBEAT seconds on a quiet stream, 2 by default, #shown's
// data-heartbeat; further apart on a host holding many phones: each beat, and the stream's first
// message then, names the seconds to the next): a stream silent for 2.5 beats, and 5 s at the
// least, is a hung host or connection; the page says so at once, closes it and asks /alive
// until the host answers.
var SILENCE = 5000;
function silence() {
  var shown = document.getElementById("shown");
  var every = news.every || (shown ? Number(shown.getAttribute("data-heartbeat")) : 0);
  return Math.max(SILENCE, every > 0 ? every * 2500 : 0);
}
function beat(source) {
  window.clearTimeout(news.silence);
  news.silence = window.setTimeout(function () {
    if (news.source !== source) { return; }
    quiet();
    hostLost();
  }, silence());
}
function quiet() {
  window.clearTimeout(news.silence);
  if (news.source) { news.source.close(); news.source = null; }
  if (news.again) {
    window.clearInterval(news.again);
    window.clearTimeout(news.again);
    news.again = null;
  }
}
document.addEventListener("DOMContentLoaded", listen);
// A page hidden for a moment (a glance at another app) keeps its stream; hidden for longer than
// HIDING it closes it, and shown again opens it, its first message the version now.
var HIDING = 30000;
document.addEventListener("visibilitychange", function () {
  window.clearTimeout(news.hiding);
  if (document.hidden) {
    news.hiding = window.setTimeout(quiet, HIDING);
  } else {
    listen();
    catchUp();
  }
});
// A swap that gives the page another live block (another address) opens its stream again, naming it.
document.addEventListener("htmx:afterSettle", function () {
  var live = document.getElementById("live");
  if (news.source && live && live.getAttribute("hx-get") !== news.path) {
    quiet();
    listen();
  }
});
// A write is counted from its sending to the end of its request, whatever becomes of the element
// that sent it (an answer often replaces it, and its own events then reach no listener).
document.addEventListener("htmx:beforeSend", function (evt) {
  var xhr = evt.detail.xhr;
  if (xhr && evt.detail.requestConfig && evt.detail.requestConfig.verb !== "get") {
    news.writing += 1;
    xhr.addEventListener("loadend", function () {
      news.writing = Math.max(news.writing - 1, 0);
      catchUp();
    });
  }
});
document.addEventListener("htmx:afterSettle", catchUp);
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
// The toast covers the bottom of the screen, and never a button: while it shows, the page keeps
// room for it below, the open province (kept at the bottom) rises above it, the button just tapped
// is scrolled clear of it (the next tap goes to the same place: a stack's + again), and so are
// the answers to a tie question on this phone (the toast of the phone's last answer is still
// there when its next question opens).
var tapped = null;  // the bottom of the control tapped last, in page coordinates
document.addEventListener("click", function (evt) {
  var control = evt.target.closest && evt.target.closest("button, a.button, summary, label");
  if (control && !control.closest("#toast")) {
    tapped = control.closest(".open") ? null :
      control.getBoundingClientRect().bottom + window.scrollY;
  }
}, true);
function clearOfTheToast() {
  var toast = document.getElementById("toast");
  var shown = toast && toast.firstElementChild;
  document.body.style.paddingBottom = shown ? (toast.offsetHeight + 16) + "px" : "";
  var open = document.querySelector(".open");
  if (open) { open.style.bottom = shown ? (toast.offsetHeight + 12) + "px" : ""; }
  if (shown && tapped !== null) {
    var covered = tapped - window.scrollY + 8 - toast.getBoundingClientRect().top;
    if (covered > 0) { window.scrollBy(0, covered); }
  }
  tapped = shown ? null : tapped;
  var answers = document.querySelectorAll("#question button:not([disabled])");
  if (shown && answers.length) {
    var last = answers[answers.length - 1].getBoundingClientRect();
    var overlap = last.bottom + 8 - toast.getBoundingClientRect().top;
    if (overlap > 0) { window.scrollBy(0, overlap); }
  }
}
document.addEventListener("htmx:afterSettle", clearOfTheToast);
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
  if (evt.target.closest && evt.target.closest("#toast") && !evt.target.closest("form, button, a") &&
      !host.unsent.length) {
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
// A write carries the version of the state this page shows (kept on the #shown element), and so
// does a live refresh that can be answered with only what changed since then (data-since).
document.addEventListener("htmx:configRequest", function (evt) {
  var shown = document.getElementById("shown");
  if (shown && evt.detail.verb !== "get" && !evt.detail.headers["X-Table-Version"]) {
    evt.detail.headers["X-Table-Version"] = shown.getAttribute("data-version");
  } else if (shown && evt.detail.elt.hasAttribute("data-since")) {
    evt.detail.parameters.since = shown.getAttribute("data-version");
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
// The host: a page says when it has lost the host (its news stream broke and the host does not
// answer, or a request could not be sent) and when the host is back (#host, base.html). While the
// host is lost the page asks /alive every 3 s. A write that could not be sent is shown as not sent
// in the toast, with a button to send it again, and is sent again by itself when the host is back.
// It carries the version it was made from (X-Table-Version), not the page's version then: a write
// the host did get before it went away is then refused as stale, never applied twice.
// The offline page (offline.html, shown by the service worker) goes back to its page by itself.
var host = {lost: false, asking: null, unsent: [], hiding: null};
function hostSays(state) {
  var banner = document.getElementById("host");
  if (!banner) { return; }
  window.clearTimeout(host.hiding);
  banner.textContent = banner.getAttribute("data-" + state);
  banner.className = state;
  banner.hidden = false;
  if (state === "back") {
    host.hiding = window.setTimeout(function () { banner.hidden = true; }, 4000);
  }
}
function hostLost() {
  if (!host.lost) {
    host.lost = true;
    hostSays("lost");
  }
  if (!host.asking) { host.asking = window.setInterval(askHost, 3000); }
}
function askHost() {
  return window.fetch("/alive", {cache: "no-store"}).then(function (answer) {
    if (answer.ok) { hostBack(); }
  }, hostLost);
}
function hostBack() {
  window.clearInterval(host.asking);
  host.asking = null;
  if (!host.lost) { return; }
  host.lost = false;
  if (document.body.hasAttribute("data-offline")) { return window.location.reload(); }
  hostSays("back");
  listen();
  sendAgain();
}
function valuesOf(form) {
  var values = {};
  if (form && form.forEach) {
    form.forEach(function (value, key) {
      values[key] = key in values ? [].concat(values[key], value) : value;
    });
  }
  return values;
}
function notSent(evt) {
  var config = evt.detail.requestConfig;
  hostLost();
  if (!config || config.verb === "get") { return; }  // a refresh: the news asks again when back
  var headers = {};
  if (config.headers && config.headers["X-Table-Version"]) {
    headers["X-Table-Version"] = config.headers["X-Table-Version"];
  }
  host.unsent.push({elt: evt.detail.elt, target: config.target, verb: config.verb,
                    path: config.path, values: valuesOf(config.formData || config.parameters),
                    headers: headers});
  showUnsent();
}
function showUnsent() {
  var toast = document.getElementById("toast"), banner = document.getElementById("host");
  if (!toast || !banner) { return; }
  window.clearTimeout(fading);
  var box = document.createElement("div"), said = document.createElement("span");
  var again = document.createElement("button");
  box.className = "done unsent";
  said.textContent = banner.getAttribute("data-unsent");
  again.type = "button";
  again.textContent = banner.getAttribute("data-retry");
  again.addEventListener("click", sendAgain);
  box.append(said, again);
  toast.replaceChildren(box);
  clearOfTheToast();
}
// Sent again from the element that sent it, or one that took its place (same address), else
// from the page with only its out-of-band parts taken (the news then refreshes the page).
function sendAgain() {
  var writes = host.unsent, toast = document.getElementById("toast");
  host.unsent = [];
  if (toast && toast.querySelector(".unsent")) { toast.innerHTML = ""; }
  writes.forEach(function (write) {
    var source = write.elt && write.elt.isConnected ? write.elt :
      document.querySelector("[hx-" + write.verb + '="' + CSS.escape(write.path) + '"]');
    var context = {source: source || document.body, values: write.values, headers: write.headers};
    if (write.target && write.target.isConnected) {
      context.target = write.target;
    } else if (!source) {
      context.target = "#toast";
      context.swap = "none";
    }
    window.htmx.ajax(write.verb, write.path, context);
  });
}
document.addEventListener("htmx:sendError", notSent);
document.addEventListener("htmx:timeout", notSent);
window.addEventListener("offline", hostLost);
window.addEventListener("online", askHost);
document.addEventListener("visibilitychange", function () {  // a page without a stream asks once
  if (!document.hidden && !document.getElementById("shown") && !host.lost) { askHost(); }
});
document.addEventListener("DOMContentLoaded", function () {
  if (document.body.hasAttribute("data-offline")) {
    host.lost = true;
    host.asking = window.setInterval(askHost, 3000);
  }
});
// The service worker (install.py, sw.js) keeps the app's shell for a reload without the host.
if (navigator.serviceWorker && window.isSecureContext) {
  window.addEventListener("load", function () {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* not kept: no offline page */ });
  });
}
// "Show the rule ids": the ids (<span class="rule">) stay hidden unless this browser asked for them.
function rulesShown(on) {
  document.documentElement.classList.toggle("rules-shown", on);
  document.querySelectorAll("[data-show-rules]").forEach(function (b) { b.setAttribute("aria-pressed", on ? "true" : "false"); });
}
try { rulesShown(window.localStorage.getItem("rules-shown") === "1"); } catch (e) { /* no storage: hidden */ }
document.addEventListener("DOMContentLoaded", function () { rulesShown(document.documentElement.classList.contains("rules-shown")); });
document.addEventListener("click", function (evt) {
  var button = evt.target.closest && evt.target.closest("[data-show-rules]");
  if (!button) { return; }
  var on = !document.documentElement.classList.contains("rules-shown");
  rulesShown(on);
  try { window.localStorage.setItem("rules-shown", on ? "1" : "0"); } catch (e) { /* kept for this page only */ }
});
