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
    var pad = padOffered();
    if (wrote && error) {
      error.scrollIntoView({block: "center"});
    } else if (pad && (wrote || (seen !== null && key !== seen))) {
      pad.scrollIntoView({block: "end"});
    } else if (wrote || (seen !== null && key !== seen)) {
      var toast = document.getElementById("toast");
      var top = toast && toast.firstElementChild ? toast : document.getElementById("government");
      if (top) { top.scrollIntoView({block: "start"}); }
    }
    seen = key;
    wrote = false;
  });
  // The unrest's or the tie-break's pad, when it offers a card to enter (this phone's own, or
  // a player's without a phone): it comes whole into view, so each card is one tap, and the
  // table's phone enters one after another without scrolling.
  function padOffered() {
    return document.querySelector("#live .cards-form:has(input[name=player]:checked) .card-pad");
  }
  document.addEventListener("DOMContentLoaded", function () {
    seen = stepKey();
    var pad = padOffered();
    if (pad) { pad.scrollIntoView({block: "end"}); }
  });
  // The toast of this phone's change goes once the table has moved past it (another phone's
  // change, a new round): its Undo would be refused then, and its words are old news.
  document.addEventListener("htmx:afterSettle", function () {
    var shown = document.getElementById("shown"), done = document.querySelector("#toast [data-of]");
    if (shown && done && +shown.getAttribute("data-version") > +done.getAttribute("data-of")) {
      document.getElementById("toast").innerHTML = "";
    }
  });
  document.addEventListener("htmx:oobAfterSwap", function (evt) {
    if (evt.detail.target && evt.detail.target.id === "toast") { window.clearTimeout(window.fading); }
  });
  // The starting dice: two taps, one face of each die; the form is sent at the second (the Save
  // button stays for a browser without JavaScript).
  function autoDice() {
    document.querySelectorAll("form.dice-form").forEach(function (form) { form.classList.add("auto"); });
  }
  document.addEventListener("DOMContentLoaded", autoDice);
  document.addEventListener("htmx:afterSettle", autoDice);
  document.addEventListener("change", function (evt) {
    var form = evt.target.closest && evt.target.closest("form.dice-form");
    if (form && form.querySelector("input[name=budget_die]:checked") &&
        form.querySelector("input[name=support_die]:checked")) {
      form.requestSubmit(form.querySelector("button.save"));
    }
  });
  // The giving's last card, when only one player may get it: the card's cell sends it to him.
  document.addEventListener("change", function (evt) {
    var form = evt.target.closest && evt.target.closest("#give form[data-only]");
    if (form && evt.target.matches("input[name=mods]:not([value=other])")) {
      form.requestSubmit();  // its hidden "to" names the one player
    }
  });
  // "Other values" in the giving shows the budget and support lists (vote.css): into view with them.
  // A card picked in the grid brings step 2, who gets it, into view (below the fold of a small phone).
  document.addEventListener("change", function (evt) {
    if (evt.target.matches && evt.target.matches("#give input[name=mods]:not([value=other])")) {
      var who = document.getElementById("recipients");
      if (who) { who.scrollIntoView({block: "nearest"}); }
    }
    if (evt.target.matches && evt.target.matches("#give input[name=mods][value=other]")) {
      var lists = evt.target.closest(".mods-more").querySelector(".other-values");
      if (lists) { lists.scrollIntoView({block: "nearest"}); }
    }
  });
}());
