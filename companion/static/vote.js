// VOTE!: after each change the step the table waits for comes to the top of the phone (with the toast
// of this phone's own change just above it); a refusal is scrolled into view beside what was tapped.
// On VOTE! pages the toast sits in the page's flow (vote.css), so it covers nothing, and it stays until
// the next change: its Undo is there as long as it is the last change. Rule ids show at a tap.
(function () {
  var seen = null, wrote = false;
  function stepKey() {
    var step = document.querySelector("#live [data-step]");
    return step ? step.getAttribute("data-step") : "";
  }
  document.addEventListener("htmx:beforeRequest", function (evt) {
    var config = evt.detail.requestConfig;
    if (config && config.verb && config.verb !== "get") { wrote = true; }
  });
  document.addEventListener("htmx:afterSettle", function () {
    var live = document.getElementById("live");
    if (!live) { return; }
    var key = stepKey(), error = live.querySelector(".card .error[role=alert]");
    if (wrote && error) {
      error.scrollIntoView({block: "center"});
    } else if (wrote || (seen !== null && key !== seen)) {
      var toast = document.getElementById("toast");
      var top = toast && toast.firstElementChild ? toast : document.getElementById("government");
      if (top) { top.scrollIntoView({block: "start"}); }
    }
    seen = key;
    wrote = false;
  });
  document.addEventListener("DOMContentLoaded", function () { seen = stepKey(); });
  document.addEventListener("htmx:oobAfterSwap", function (evt) {
    if (evt.detail.target && evt.detail.target.id === "toast") { window.clearTimeout(window.fading); }
  });
  document.addEventListener("click", function (evt) {
    if (evt.target.closest && evt.target.closest("#show-rules")) {
      document.documentElement.classList.toggle("rules-shown");
    }
  });
}());
