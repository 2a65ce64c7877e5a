"""The narrated night in a real browser (VOTE-SETUP-3): what the phone says, shows and stops.

Headless Chromium has no voices, so every page gets a recorder in place of ``speechSynthesis``
(it keeps each utterance's text, language and voice, and ends it after a short delay), a stub
of Web Audio (it counts the tones) and of the Wake Lock API. Durations are small so the whole
night takes a few seconds. Screenshots go to ``artifacts/``.
"""
import json
import random

import pytest

from browser_support import TOLD, shot, wait_until
from companion.scorers.vote.night_script import NightSettings, timed_script

PLAYERS = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Zoya"]
VOICES = [["Alex", "en-US"], ["Milena", "ru-RU"], ["Alice", "it-IT"]]

RECORDER = """
(() => {
  const opts = %s;
  const rec = window.__night = {spoken: [], cancels: 0, contexts: 0, oscillators: 0, wake: [],
                                countdown: []};
  const voices = opts.voices.map(([name, lang]) => ({name, lang, voiceURI: name,
                                                     localService: true, default: false}));
  let loaded = !opts.late, queue = [], current = null, timer = null;
  const listeners = [];
  function next() {
    if (current || !queue.length) return;
    const u = current = queue.shift();
    timer = setTimeout(() => {
      if (u.onstart) u.onstart({utterance: u});
      timer = setTimeout(() => {
        current = null;
        if (u.onend) u.onend({utterance: u});
        next();
      }, opts.speakMs);
    }, 20);
  }
  class Utterance {
    constructor(text) {
      this.text = text === undefined ? "" : String(text);
      this.lang = ""; this.voice = null; this.volume = 1; this.rate = 1; this.pitch = 1;
      this.onstart = this.onend = this.onerror = null;
    }
    addEventListener(type, fn) { this["on" + type] = fn; }
  }
  const synth = {
    paused: false, onvoiceschanged: null,
    get speaking() { return !!current; },
    get pending() { return queue.length > 0; },
    getVoices() { return loaded ? voices.slice() : []; },
    speak(u) {
      rec.spoken.push({text: u.text, lang: u.lang, voice: u.voice ? u.voice.name : null,
                       at: performance.now()});
      queue.push(u);
      next();
    },
    cancel() {
      rec.cancels += 1;
      clearTimeout(timer);
      const was = current;
      current = null; queue = [];
      if (was && was.onerror) was.onerror({error: "interrupted", utterance: was});
    },
    pause() {}, resume() {},
    addEventListener(type, fn) { if (type === "voiceschanged") listeners.push(fn); },
    removeEventListener() {},
  };
  if (opts.late) {
    setTimeout(() => {
      loaded = true;
      listeners.forEach(fn => fn(new Event("voiceschanged")));
      if (synth.onvoiceschanged) synth.onvoiceschanged();
    }, 300);
  }
  Object.defineProperty(window, "speechSynthesis", {value: synth, configurable: true});
  window.SpeechSynthesisUtterance = Utterance;

  class Param {
    constructor(v) { this.value = v; }
    setValueAtTime() {} exponentialRampToValueAtTime() {} linearRampToValueAtTime() {}
  }
  class Context {
    constructor() { rec.contexts += 1; this.state = "suspended"; this.currentTime = 0;
                    this.destination = {}; }
    resume() { this.state = "running"; return Promise.resolve(); }
    createOscillator() {
      return {type: "", frequency: new Param(440), connect() {}, stop() {},
              start() { rec.oscillators += 1; }};
    }
    createGain() { return {gain: new Param(1), connect() {}}; }
  }
  window.AudioContext = Context;
  window.webkitAudioContext = Context;
  Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {
    request() {
      rec.wake.push("request");
      return Promise.resolve({addEventListener() {},
                              release() { rec.wake.push("release"); return Promise.resolve(); }});
    }}});
  document.addEventListener("DOMContentLoaded", () => {
    new MutationObserver(() => {
      const node = document.getElementById("countdown");
      if (node && !node.hidden && rec.countdown[rec.countdown.length - 1] !== node.textContent) {
        rec.countdown.push(node.textContent);
      }
    }).observe(document.body, {subtree: true, childList: true, characterData: true,
                                attributes: true});
  });
})();
"""


def narrator(phone, voices=VOICES, late=False, speak_ms=150):
    """A phone whose speech, audio and wake lock are recorded; console errors are kept."""
    page = phone()
    options = {"voices": voices, "late": late, "speakMs": speak_ms}
    page.add_init_script(RECORDER % json.dumps(options))
    page.errors = []  # a CSP refusal or a script error shows up here
    page.on("console", lambda msg: msg.type == "error" and "Failed to load resource" not in msg.text
            and page.errors.append(msg.text))
    page.on("response", lambda r: r.status >= 400 and not r.url.endswith("/favicon.ico")
            and page.errors.append(f"{r.status} {r.url}"))
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    return page


def vote_table(page, server, language="ru") -> str:
    """Create a VOTE! table of seven from the start page; its join code."""
    page.goto(server + "/")
    page.check("input[name=game][value=vote]")
    page.fill("#players", "\n".join(PLAYERS))
    page.select_option("#language", language)
    page.click("form.card button.primary")
    page.locator("img.qr").wait_for()
    return page.url.split("/t/")[1].split("/")[0]


def spoken(page) -> list[dict]:
    """What the page has said, without the silent utterance that unlocks speech."""
    return page.evaluate("window.__night.spoken.filter(u => u.text.trim())")


def said(page, count, timeout=TOLD):
    wait_until(page, f"window.__night.spoken.filter(u => u.text.trim()).length >= {count}",
               timeout=timeout)


def test_the_night_is_spoken_in_russian_with_a_countdown_and_followed_by_captions(server, phone):
    """VOTE-SETUP-3: every line in order, in the table's language, the countdown down to 0."""
    from playwright.sync_api import expect
    page = narrator(phone, late=True)
    code = vote_table(page, server, "ru")
    follower = narrator(phone)  # its wake lock is recorded too
    asks = []  # the caption phone's asks for its captions after the page: none for nothing
    follower.on("response", lambda r: "/night/captions?" in r.url and asks.append(r.status))
    follower.goto(f"{server}/vote/{code}/night/captions")
    expect(follower.locator("#captions")).to_contain_text("Ночь ещё никто не ведёт")

    page.goto(f"{server}/vote/{code}/night/?eyes_open=3&pause=0.3&seed=11")
    expect(page.locator("#voice-note")).to_have_text("Голос: Milena")  # voices came late
    page.get_by_role("button", name="Начать").click()
    expect(page.get_by_role("button", name="Стоп")).to_be_enabled()
    page.locator("#countdown").wait_for(state="visible", timeout=TOLD)
    shot(page, "night-countdown")
    expect(follower.locator("#captions li[aria-current=step]")).to_contain_text(
        "Республиканцы открывают глаза", timeout=TOLD)
    shot(follower, "night-captions")
    expect(page.locator("#night-state")).to_have_text("Ночь закончилась.", timeout=TOLD)

    expected = timed_script(7, "ru", NightSettings(eyes_open=3, pause=0.3), random.Random(11))
    assert page.evaluate("JSON.parse(document.getElementById('night-data').textContent).steps") \
        == expected
    lines = spoken(page)
    assert [u["text"] for u in lines] == [step["text"] for step in expected]
    assert {u["lang"] for u in lines} == {"ru"} and {u["voice"] for u in lines} == {"Milena"}
    record = page.evaluate("window.__night")
    assert record["countdown"][:4] == ["3", "2", "1", "0"], record["countdown"]
    assert record["oscillators"] == 0 and record["contexts"] == 1  # unlocked in the tap, no tone
    assert record["wake"] == ["request", "release"]
    assert page.errors == []
    expect(page.locator("#countdown")).to_be_hidden()
    expect(follower.locator("#captions")).to_contain_text("Ночь закончилась.", timeout=TOLD)
    assert asks and set(asks) == {200}, asks  # told when the narrator moved on, never polling
    # the captions phone kept its screen awake while the night ran, as the narrator did
    wait_until(follower, "window.__night.wake.length >= 2")
    assert follower.evaluate("window.__night.wake") == ["request", "release"]


def test_stop_silences_the_night_for_good(server, phone):
    """Stop cancels speech and every timer: nothing more is said, even after the next pause."""
    from playwright.sync_api import expect
    page = narrator(phone)
    code = vote_table(page, server, "en")
    page.goto(f"{server}/vote/{code}/night/?eyes_open=1&pause=0.4")
    page.get_by_role("button", name="Start").click()
    said(page, 2)
    cancels = page.evaluate("window.__night.cancels")
    page.get_by_role("button", name="Stop").click()
    assert page.evaluate("window.__night.cancels") == cancels + 1
    expect(page.locator("#night-state")).to_have_text("Stopped.")
    expect(page.locator("#countdown")).to_be_hidden()
    page.wait_for_timeout(2500)  # past the countdown and the pause that would have followed
    assert len(spoken(page)) == 2
    assert page.evaluate("window.__night.wake") == ["request", "release"]
    expect(page.get_by_role("button", name="Start")).to_be_enabled()


def test_repeat_says_the_last_line_again_and_skip_moves_on(server, phone):
    """Repeat the last line, then Skip the silence and the countdown."""
    from playwright.sync_api import expect
    page = narrator(phone)
    code = vote_table(page, server, "it")
    page.goto(f"{server}/vote/{code}/night/?eyes_open=30&pause=5")
    lines = [step["text"] for step in timed_script(7, "it", NightSettings(eyes_open=30, pause=5))]
    page.get_by_role("button", name="Inizia").click()
    said(page, 1)
    page.wait_for_timeout(300)  # the line is over; the 5 s silence runs
    page.get_by_role("button", name="Ripeti l'ultima riga").click()
    said(page, 2)
    page.get_by_role("button", name="Salta").click()  # no need to wait out the silence
    said(page, 3, timeout=TOLD)  # not the 5 s silence
    page.locator("#countdown").wait_for(state="visible")
    page.get_by_role("button", name="Salta").click()  # nor the 30 s countdown
    said(page, 4, timeout=TOLD)  # not the 30 s countdown
    assert [u["text"] for u in spoken(page)] == [lines[0], lines[0], lines[1], lines[2]]
    expect(page.locator("#caption")).to_have_text(lines[2])
    expect(page.locator("li[aria-current=step]")).to_contain_text(lines[2])
    page.get_by_role("button", name="Ferma").click()
    page.wait_for_timeout(600)
    assert len(spoken(page)) == 4


def test_without_a_voice_for_the_language_the_caption_is_big_and_a_tone_sounds(server, phone):
    """No Russian voice: each line is shown big and marked by a soft Web Audio tone."""
    from playwright.sync_api import expect
    page = narrator(phone, voices=[["Alex", "en-US"], ["Alice", "it-IT"]])
    code = vote_table(page, server, "ru")
    page.goto(f"{server}/vote/{code}/night/?pace=0.2&eyes_open=2&pause=1")
    expect(page.locator("#voice-note")).to_contain_text("нет голоса для языка «Русский»")
    page.get_by_role("button", name="Начать").click()
    expect(page.locator("#caption")).to_have_class("caption big")
    expect(page.locator("#caption")).to_contain_text("Нас 7: 4 демократа и 3 республиканца.")
    wait_until(page, "window.__night.oscillators >= 2")
    shot(page, "night-no-voice")
    page.set_viewport_size({"width": 360, "height": 740})  # the narrowest phone we design for
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.evaluate("""() => { const c = document.getElementById('caption');
                                    return c.scrollWidth <= c.clientWidth; }""")
    small = page.evaluate("""() => [...document.querySelectorAll('button, summary, a.button')]
        .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 44)
        .map(e => e.textContent.trim())""")
    assert small == []
    page.get_by_role("button", name="Стоп").click()
    record = page.evaluate("window.__night")
    assert record["contexts"] == 1 and spoken(page) == []
    assert page.errors == []


@pytest.mark.parametrize("field, value, message", [("pace", "0", "Pace: 0 is not between 0.1 and 5")])
def test_a_bad_setting_is_answered_beside_its_field(server, phone, field, value, message):
    """VOTE-SETUP-3: the settings form shows the refusal next to the field, naming the rule."""
    from playwright.sync_api import expect
    page = narrator(phone)
    code = vote_table(page, server, "en")
    page.goto(f"{server}/vote/{code}/night/")
    page.locator(".night-settings summary").click()
    page.locator(f"#night-{field}").evaluate("(input, v) => { input.min = ''; input.value = v; }",
                                             value)
    page.get_by_role("button", name="Apply the settings").click()
    expect(page.locator(".night-settings .error")).to_contain_text(f"{message} (VOTE-SETUP-3)")
    expect(page.get_by_role("button", name="Start")).to_be_disabled()
    assert f"{field}={value}" in page.url
    page.locator(f"#night-{field}").fill("0.5")
    page.get_by_role("button", name="Apply the settings").click()
    expect(page.get_by_role("button", name="Start")).to_be_enabled()
    assert page.evaluate("JSON.parse(document.getElementById('night-data').textContent)"
                         ".settings.pace") == 0.5


@pytest.mark.parametrize("lang, start, over, voice", [("fr", "Démarrer", "La nuit est finie.", "Thomas"),
                                                      ("de", "Start", "Die Nacht ist vorbei.", "Anna")])
def test_a_french_or_german_night_is_spoken_by_a_voice_of_that_language(server, phone, lang, start, over, voice):
    """VOTE-SETUP-3 for the game's French and German tables: the narrating phone picks the
    browser's voice for the script's language (fr-FR, de-DE) and speaks every line in it."""
    from playwright.sync_api import expect
    page = narrator(phone, voices=[["Alex", "en-US"], ["Thomas", "fr-FR"], ["Anna", "de-DE"]])
    code = vote_table(page, server, lang)
    page.goto(f"{server}/vote/{code}/night/?eyes_open=1&pause=0.2&seed=5")
    expect(page.locator("#voice-note")).to_contain_text(voice)
    page.get_by_role("button", name=start, exact=True).click()
    expect(page.locator("#night-state")).to_have_text(over, timeout=TOLD)
    expected = timed_script(7, lang, NightSettings(eyes_open=1, pause=0.2), random.Random(5))
    lines = spoken(page)
    assert [u["text"] for u in lines] == [step["text"] for step in expected]
    assert {u["lang"] for u in lines} == {lang} and {u["voice"] for u in lines} == {voice}
    assert page.errors == []
