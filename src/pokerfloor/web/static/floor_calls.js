// pokerfloor: the chime of a new floor call (a file: the Content-Security-Policy allows no
// inline script). The badge (#floor-call-badge, pushed by the server every second) carries
// data-count (the open calls) and data-latest (the newest call's time); when the count goes up
// or a newer call shows, this plays static/sounds/floor-call.wav (scripts/floor_call_sound.py
// makes it) and announces the table to screen readers. Browsers play a sound only once the page
// had a click or a key press: the TD turns the sound on once with its toggle (remembered in
// localStorage); after a reload, a call that comes before any click says the sound is blocked.
(function () {
  "use strict";
  var SOUND_KEY = "pokerfloor.floor-calls.sound";
  var toggle = null;
  var audio = null;
  var soundOn = false;
  var seen = null;
  var chimes = 0;

  function remembered() {
    try { return window.localStorage.getItem(SOUND_KEY) === "on"; } catch (e) { return false; }
  }

  function remember(on) {
    try { window.localStorage.setItem(SOUND_KEY, on ? "on" : "off"); } catch (e) { /* private */ }
  }

  // Which explanation shows next to the toggle: "off", "blocked" or none.
  function note(which) {
    document.querySelectorAll("[data-sound-note]").forEach(function (element) {
      element.hidden = element.getAttribute("data-sound-note") !== which;
    });
  }

  function blocked() {
    document.body.setAttribute("data-floor-call-sound", "blocked");
    if (soundOn) { note("blocked"); }
  }

  function play() {
    if (!toggle) { return; }
    if (!audio) { audio = new Audio(toggle.getAttribute("data-floor-call-sound")); }
    var played;
    try {
      audio.currentTime = 0;
      played = audio.play();
    } catch (e) {
      blocked();
      return;
    }
    if (played && played.then) {
      played.then(function () {
        document.body.setAttribute("data-floor-call-sound", "played");
        note(null);
      }, blocked);
    }
  }

  function check() {
    var badge = document.getElementById("floor-call-badge");
    if (!badge) { return; }
    var now = {
      count: Number(badge.getAttribute("data-count")) || 0,
      latest: Number(badge.getAttribute("data-latest")) || 0
    };
    if (seen !== null && (now.count > seen.count || now.latest > seen.latest)) {
      chimes += 1;
      document.body.setAttribute("data-floor-call-chimes", String(chimes));
      var region = document.getElementById("floor-call-announce");
      if (region) { region.textContent = badge.getAttribute("data-announce") || ""; }
      if (soundOn) { play(); }
    }
    seen = now;
  }

  function setSound(on) {
    soundOn = on;
    remember(on);
    if (toggle) { toggle.setAttribute("aria-pressed", on ? "true" : "false"); }
    note(on ? null : "off");
  }

  function start() {
    toggle = document.getElementById("floor-call-sound");
    if (toggle) {
      setSound(remembered());
      toggle.addEventListener("click", function () {
        setSound(!soundOn);
        if (soundOn) { play(); } // the click is the gesture that allows sound; the chime confirms
      });
      // A click or a key anywhere allows the sound from then on: the warning goes.
      var woke = function () {
        if (document.body.getAttribute("data-floor-call-sound") === "blocked") { note(null); }
        document.removeEventListener("pointerdown", woke);
        document.removeEventListener("keydown", woke);
      };
      document.addEventListener("pointerdown", woke);
      document.addEventListener("keydown", woke);
    }
    document.body.addEventListener("htmx:wsAfterMessage", check);
    // An answered call leaves the list with its button: keep a keyboard user's place (the next
    // call's "Answered", else the list's heading).
    var answering = false;
    document.body.addEventListener("htmx:wsBeforeMessage", function () {
      var active = document.activeElement;
      answering = Boolean(active && active.id && active.id.indexOf("answer-call-") === 0);
    });
    document.body.addEventListener("htmx:wsAfterMessage", function () {
      if (!answering || (document.activeElement && document.activeElement !== document.body)) { return; }
      var next = document.querySelector("[id^=answer-call-]") || document.getElementById("floor-calls-title");
      if (next) { next.focus(); }
    });
    check();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
