// narrator.js: the VOTE! night (VOTE-SETUP-3). No inline script (the CSP forbids it): the page
// carries the timed script as a JSON data block (#night-data) and its words (#night-text).
//
// The narrating phone speaks each line with speechSynthesis in the script's language, keeps the
// silences, shows the eyes-open countdown, and reports each step to the server so the caption
// phones can follow. Every sequence holds a run token: Stop, Skip, Repeat and Start take a new
// one, so a callback of an older sequence (a late `end`, a timer) finds it stale and does nothing.
// Caption phones (#captions, polled by htmx) only tick their countdown between two polls.
(function () {
  "use strict";
  var synth = window.speechSynthesis || null;
  var run = {token: 0, id: "", script: null, index: -1, running: false, timers: [],
             lock: null, audio: null, utterance: null};

  function el(id) { return document.getElementById(id); }
  function data(id) {
    var node = el(id);
    try { return node ? JSON.parse(node.textContent) : null; } catch (e) { return null; }
  }
  function words(key, values) {
    var text = (data("night-text") || {})[key] || "";
    Object.keys(values || {}).forEach(function (name) {
      text = text.split("%(" + name + ")s").join(values[name]);
    });
    return text;
  }
  function note(id, text) { var node = el(id); if (node) { node.textContent = text; } }

  // Timers of the current sequence; Stop and Skip clear them all.
  function later(fn, ms) { var id = window.setTimeout(fn, ms); run.timers.push(id); return id; }
  function every(fn, ms) { var id = window.setInterval(fn, ms); run.timers.push(id); return id; }
  function clearTimers() {
    run.timers.forEach(function (id) { window.clearTimeout(id); window.clearInterval(id); });
    run.timers = [];
  }

  // A voice whose language starts with the script's ("ru" finds "ru-RU").
  function voiceFor(lang) {
    if (!synth || !synth.getVoices) { return null; }
    var found = (synth.getVoices() || []).filter(function (voice) {
      var code = (voice.lang || "").toLowerCase().replace("_", "-");
      return code === lang || code.indexOf(lang + "-") === 0;
    });
    found.sort(function (a, b) { return (b.localService ? 1 : 0) - (a.localService ? 1 : 0); });
    return found[0] || null;
  }
  function showVoice() {
    var script = data("night-data");
    if (!script) { return; }
    var voice = voiceFor(script.lang);
    note("voice-note", voice ? words("voice", {name: voice.name})
                             : words("novoice", {language: words("language")}));
  }

  // iOS lets a page speak only after a gesture: speak something silent and wake the audio here.
  function unlock() {
    if (synth) {
      try {
        var silent = new window.SpeechSynthesisUtterance("");
        silent.volume = 0;
        synth.speak(silent);
      } catch (e) { /* no speech at all: captions and tones */ }
    }
    var Context = window.AudioContext || window.webkitAudioContext;
    if (Context && !run.audio) {
      try { run.audio = new Context(); } catch (e) { run.audio = null; }
    }
    if (run.audio && run.audio.resume) {
      var resumed = run.audio.resume();
      if (resumed && resumed.catch) { resumed.catch(function () {}); }
    }
  }

  // A soft tone (no voice for this language): a short sine that swells and fades.
  function tone() {
    var ctx = run.audio;
    if (!ctx) { return; }
    try {
      var osc = ctx.createOscillator(), gain = ctx.createGain(), t = ctx.currentTime;
      osc.type = "sine";
      osc.frequency.value = 440;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.12, t + 0.05);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.6);
      osc.connect(gain);
      gain.connect(ctx.destination);
      osc.start(t);
      osc.stop(t + 0.65);
    } catch (e) { /* a silent phone still shows the caption */ }
  }

  // The screen stays awake while narrating (taken again when the page shows again).
  function keepAwake() {
    if (!("wakeLock" in navigator)) { note("wake-note", words("nowake")); return; }
    navigator.wakeLock.request("screen").then(function (lock) {
      run.lock = lock;
      lock.addEventListener && lock.addEventListener("release", function () {
        if (run.lock === lock) { run.lock = null; }
      });
      if (!run.running) { letSleep(); }
    }).catch(function () { note("wake-note", words("nowake")); });
  }
  function letSleep() {
    var lock = run.lock;
    run.lock = null;
    if (lock && lock.release) { lock.release().catch(function () {}); }
  }

  // The narrator's report: where the caption phones should be.
  function report(line, phase, seconds) {
    var box = el("night");
    if (!box || !window.fetch) { return; }
    window.fetch(box.getAttribute("data-progress"), {
      method: "POST", credentials: "same-origin", keepalive: true,
      headers: {"Content-Type": "application/json", "X-CSRFToken": box.getAttribute("data-csrf")},
      body: JSON.stringify({run: run.id, line: line, phase: phase, seconds: seconds})
    }).catch(function () { /* captions are a courtesy: the narration goes on */ });
  }

  function caption(index) {
    var node = el("caption"), step = run.script && run.script.steps[index];
    if (node && step) { node.textContent = step.text; }
    document.querySelectorAll(".night-script li").forEach(function (li) {
      if (li.getAttribute("data-line") === String(index)) {
        li.setAttribute("aria-current", "step");
      } else {
        li.removeAttribute("aria-current");
      }
    });
  }
  function countdownShown(left) {
    var node = el("countdown");
    if (!node) { return; }
    if (left === null) { node.hidden = true; return; }
    node.hidden = false;
    node.textContent = String(left);
  }
  function state(text) { note("night-state", text); }

  // Say one line, then call done once (end, error, or a safety timer when `end` never comes).
  function say(step, token, done) {
    var finished = false;
    function finish() {
      if (finished || token !== run.token) { return; }
      finished = true;
      done();
    }
    var voice = voiceFor(run.script.lang), node = el("caption");
    if (node) { node.classList.toggle("big", !voice); }
    if (!voice) {
      tone();
      later(finish, step.speak * 1000);
      return;
    }
    var utterance = new window.SpeechSynthesisUtterance(step.text);
    utterance.lang = run.script.lang;
    utterance.voice = voice;
    utterance.rate = Math.min(1.4, Math.max(0.6, 1 / run.script.settings.pace));
    utterance.onend = finish;
    utterance.onerror = finish;
    run.utterance = utterance;  // some browsers drop `end` of an utterance nobody holds
    later(finish, (step.speak * 2 + 5) * 1000);
    synth.speak(utterance);
  }

  function countdown(index, seconds, token, next) {
    var end = Date.now() + seconds * 1000, id = null;
    report(index, "countdown", seconds);
    function tick() {
      if (token !== run.token) { return; }
      var left = Math.max(0, end - Date.now());
      countdownShown(Math.ceil(left / 1000));
      if (left <= 0) { window.clearInterval(id); next(); }
    }
    id = every(tick, 200);
    tick();
  }

  // Line `index`, its silence or countdown, then the next line; `once`: this line only.
  function play(index, token, once) {
    if (token !== run.token) { return; }
    var steps = run.script.steps;
    if (index >= steps.length) { finishNight(); return; }
    var step = steps[index];
    run.index = index;
    caption(index);
    state(words("line", {n: index + 1, total: steps.length}));
    report(index, "speaking");
    say(step, token, function () {
      if (index > 0 && steps[index - 1].countdown) { countdownShown(null); }
      if (once) { halt(words("stopped"), "stopped"); return; }
      var next = function () { play(index + 1, token, false); };
      if (step.countdown) {
        countdown(index, step.wait, token, next);
      } else {
        report(index, "pause");
        later(next, step.wait * 1000);
      }
    });
    buttons();
  }

  // Silence now: nothing speaking, no timer left, any older sequence stale.
  function silence() {
    run.token += 1;
    clearTimers();
    if (synth) { synth.cancel(); }
  }
  function halt(message, phase) {
    run.running = false;
    state(message);
    report(Math.max(run.index, 0), phase);
    letSleep();
    buttons();
  }
  function finishNight() { countdownShown(null); halt(words("done"), "done"); }

  function start() {
    var script = data("night-data");
    if (!script) { return; }
    silence();
    unlock();
    run.script = script;
    run.id = Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
    run.running = true;
    run.index = -1;
    countdownShown(null);
    keepAwake();
    play(0, run.token, false);
  }
  function stop() {
    if (!run.running) { return; }
    silence();
    countdownShown(null);
    halt(words("stopped"), "stopped");
  }
  function skip() {
    if (!run.running) { return; }
    silence();
    countdownShown(null);
    play(run.index + 1, run.token, false);
  }
  function repeat() {
    if (run.index < 0 || !run.script) { return; }
    var going = run.running;
    silence();
    countdownShown(null);
    run.running = true;
    if (!going) { unlock(); }
    play(run.index, run.token, !going);
  }

  function buttons() {
    var ready = !!data("night-data");
    var off = {start: run.running || !ready, stop: !run.running, skip: !run.running,
               repeat: run.index < 0};
    document.querySelectorAll("[data-night]").forEach(function (button) {
      button.disabled = !!off[button.getAttribute("data-night")];
    });
  }

  document.addEventListener("click", function (evt) {
    var button = evt.target.closest && evt.target.closest("[data-night]");
    var action = button && {start: start, stop: stop, skip: skip, repeat: repeat}[
      button.getAttribute("data-night")];
    if (action) { action(); }  // synchronously: still inside the tap, as iOS requires
  });
  window.addEventListener("pagehide", function () {  // leaving the page ends the night here
    if (run.running) { silence(); halt(words("stopped"), "stopped"); }
  });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && run.running && !run.lock) { keepAwake(); }
  });
  if (synth && synth.addEventListener) {
    synth.addEventListener("voiceschanged", showVoice);
  } else if (synth) {
    synth.onvoiceschanged = showVoice;
  }

  // Caption phones: copy the caption into the stable live region, tick the countdown.
  var followTick = null;
  function follow() {
    var box = el("captions");
    if (!box) { return; }
    var current = box.querySelector("[data-caption]"), live = el("caption-live");
    if (live && current && live.textContent !== current.textContent) {
      live.textContent = current.textContent;
    }
    window.clearInterval(followTick);
    var node = box.querySelector("[data-remaining]");
    if (!node) { return; }
    var end = Date.now() + parseFloat(node.getAttribute("data-remaining")) * 1000;
    followTick = window.setInterval(function () {
      var left = Math.max(0, end - Date.now());
      node.textContent = String(Math.ceil(left / 1000));
      if (left <= 0) { window.clearInterval(followTick); }
    }, 200);
  }

  function refresh() {
    showVoice();
    if (!("wakeLock" in navigator)) { note("wake-note", words("nowake")); }
    if (run.running && run.index >= 0) { caption(run.index); }
    buttons();
    follow();
  }
  document.addEventListener("htmx:afterSettle", refresh);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", refresh);
  } else {
    refresh();
  }
  // Caption phones keep the screen awake while the night runs, as the narrating phone does: the lock
  // is taken when the captions show a night under way, given back once it is over or stopped.
  var captionLock = null;
  function captionsAwake() {
    var captions = el("captions");
    if (!captions) { return; }
    var phase = captions.getAttribute("data-phase") || "";
    var running = phase !== "" && phase !== "stopped" && phase !== "done";
    if (running && !captionLock && !document.hidden && "wakeLock" in navigator) {
      captionLock = "asking";
      navigator.wakeLock.request("screen").then(function (lock) {
        captionLock = lock;
        lock.addEventListener("release", function () { if (captionLock === lock) { captionLock = null; } });
        captionsAwake();
      }).catch(function () { captionLock = null; note("wake-note", words("nowake")); });
    } else if (!running && captionLock && captionLock !== "asking") {
      captionLock.release();
      captionLock = null;
    }
  }
  // The table's news (companion.js, "companion:news") is the number of the narrator's latest
  // report (vote/night_progress.py): captions showing another one ask for theirs.
  document.addEventListener("companion:news", function (evt) {
    var captions = el("captions");
    if (captions && captions.getAttribute("data-seq") !== evt.detail && window.htmx) {
      window.htmx.trigger(captions, "night-moved");
    }
  });
  document.addEventListener("htmx:afterSettle", captionsAwake);
  document.addEventListener("visibilitychange", captionsAwake);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", captionsAwake);
  } else {
    captionsAwake();
  }
}());
