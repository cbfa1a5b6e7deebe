// pokerfloor: the player clock on the captain's phone and the TD's console (a file: the
// Content-Security-Policy allows no inline script). The server pushes the clock every second
// (its clock is the only one); this script
// - keeps a section marked data-pclock-live whose data-state did not change (only the times
//   moved) and copies the new texts marked data-pclock-text into it, so a button is never
//   replaced under a finger;
// - ticks (static/sounds/player-clock-tick.wav) on each second of the final countdown and
//   sounds the expiry (player-clock-expired.wav) once per clock seen running, from the
//   elements marked data-player-clock (data-phase, data-left: the seconds left);
// - drives the sound toggle (#player-clock-sound, remembered in localStorage; on by default).
// Browsers play a sound only after a click or a tap on the page: calling the clock is one.
// data-player-clock-ticks and data-player-clock-expiries on <body> count the sounds started.
(function () {
  "use strict";
  var SOUND_KEY = "pokerfloor.player-clock.sound";
  var seen = {}; // clock key -> {phase, left}
  var counts = { ticks: 0, expiries: 0 };

  function soundOn() {
    try { return window.localStorage.getItem(SOUND_KEY) !== "off"; } catch (e) { return true; }
  }

  function showToggle() {
    var toggle = document.getElementById("player-clock-sound");
    if (!toggle) { return; }
    var on = soundOn();
    toggle.setAttribute("aria-pressed", on ? "true" : "false");
    toggle.textContent = toggle.getAttribute(on ? "data-label-on" : "data-label-off") || toggle.textContent;
  }

  function blocked(yes) {
    document.querySelectorAll("[data-pclock-blocked]").forEach(function (note) { note.hidden = !yes; });
  }

  function play(id) {
    if (!soundOn()) { return; }
    var audio = document.getElementById(id);
    if (!audio) { return; }
    try {
      audio.currentTime = 0;
      var started = audio.play();
      if (started && started.then) {
        started.then(function () { blocked(false); }, function () { blocked(true); });
      }
    } catch (e) {
      blocked(true);
    }
  }

  function count(which) {
    counts[which] += 1;
    document.body.setAttribute(
      which === "ticks" ? "data-player-clock-ticks" : "data-player-clock-expiries",
      String(counts[which])
    );
  }

  function check() {
    document.querySelectorAll("[data-player-clock]").forEach(function (clock) {
      var key = clock.getAttribute("data-player-clock");
      var phase = clock.getAttribute("data-phase");
      var left = clock.getAttribute("data-left");
      var last = seen[key];
      if (phase === "countdown" && (!last || last.phase !== "countdown" || last.left !== left)) {
        count("ticks");
        play("player-clock-tick");
      }
      // Only a clock seen running sounds its end (not a page opened after it).
      if (phase === "expired" && last && (last.phase === "action" || last.phase === "countdown")) {
        count("expiries");
        play("player-clock-expired");
      }
      seen[key] = { phase: phase, left: left };
    });
  }

  // An unchanged section keeps its buttons: only the times and the seconds left are copied.
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var next = event.detail.fragment && event.detail.fragment.firstElementChild;
    var target = event.detail.target;
    if (!next || !target || !target.hasAttribute("data-pclock-live")) { return; }
    if (next.getAttribute("data-state") !== target.getAttribute("data-state")) { return; }
    event.detail.shouldSwap = false;
    next.querySelectorAll("[data-pclock-text]").forEach(function (fresh) {
      var name = fresh.getAttribute("data-pclock-text");
      target.querySelectorAll("[data-pclock-text]").forEach(function (old) {
        if (old.getAttribute("data-pclock-text") === name) { old.textContent = fresh.textContent; }
      });
    });
    next.querySelectorAll("[data-player-clock]").forEach(function (fresh) {
      var key = fresh.getAttribute("data-player-clock");
      target.querySelectorAll("[data-player-clock]").forEach(function (old) {
        if (old.getAttribute("data-player-clock") === key) {
          old.setAttribute("data-phase", fresh.getAttribute("data-phase"));
          old.setAttribute("data-left", fresh.getAttribute("data-left"));
        }
      });
    });
  });

  function start() {
    var toggle = document.getElementById("player-clock-sound");
    if (toggle) {
      toggle.addEventListener("click", function () {
        try { window.localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on"); } catch (e) { /* private */ }
        showToggle();
        if (soundOn()) { play("player-clock-tick"); } // the click allows sound; the tick confirms
      });
      showToggle();
    }
    document.addEventListener("pointerdown", function () { blocked(false); }, { once: true });
    document.body.addEventListener("htmx:wsAfterMessage", check);
    document.body.addEventListener("htmx:afterSwap", check);
    check();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
