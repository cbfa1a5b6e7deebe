// pokerfloor clock screen. The server pushes the whole screen when it changes (its clock is
// the only one: each push carries the time left as the server counts it); between pushes this
// script counts down the times marked data-ticks (data-left-ms: the time left at the push)
// while the screen's data-running is "true", so no push is needed each second. It also
// signals a change of period (a new level, a break beginning or ending) with a flash and
// static/sounds/level-change.wav, plays static/sounds/one-minute.wav when a minute of the
// period is left, announces the change to screen readers, and drives the sound and
// full-screen buttons (keys S and F). The sounds come from scripts/clock_sounds.py.
//
// Each sound plays at most once per period (data-period, "6:level"), whatever the pushes and
// reconnections bring: a period seen again after a TD's jump back stays silent. Browsers play
// a sound only after a click or a key press on the page: "Enable sound" is that gesture, and
// the choice is remembered (localStorage); after a reload the button asks for a click again.
// data-sound-level-plays and data-sound-minute-plays on <body> count the sounds started.
(function () {
  "use strict";
  var SOUND_KEY = "pokerfloor.clock.sound";
  var MINUTE_MS = 60000;
  var soundOn = false;
  var waiting = false; // the sound is on, but the page had no click or key press since it loaded
  var lastPeriod = null;
  var lastAnnounce = null;
  var changes = 0;
  var plays = { level: 0, minute: 0 };
  var flashTimer = null;
  var levelSounded = {}; // periods whose change was sounded
  var minuteSounded = {}; // periods whose last minute was sounded
  var aboveMinute = {}; // periods seen with more than a minute left

  // A TV must come back quickly after a server restart: retry every 0.5 to 3 s instead of
  // the extension's default back-off, which can wait for a minute.
  if (window.htmx) {
    window.htmx.config.wsReconnectDelay = function (retries) {
      return Math.min(500 * (retries + 1), 3000);
    };
  }

  function screen() { return document.getElementById("clock-screen"); }

  // When each pushed element arrived (a push replaces the elements: a new node, a new time).
  var arrived = typeof WeakMap === "function" ? new WeakMap() : null;
  function elapsed(node) {
    if (!arrived) { return 0; }
    var now = window.performance.now();
    var at = arrived.get(node);
    if (at === undefined) { arrived.set(node, now); return 0; }
    return now - at;
  }

  // The same text as the server's duration filter (web/i18n.py format_duration).
  function duration(ms) {
    var total = Math.floor(Math.max(0, ms) / 1000);
    var hours = Math.floor(total / 3600);
    var minutes = Math.floor((total % 3600) / 60);
    var seconds = total % 60;
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return hours ? hours + ":" + two(minutes) + ":" + two(seconds) : two(minutes) + ":" + two(seconds);
  }

  // The time left on the screen now: what the push said, less the time since it came.
  function leftNow(element, node, attribute) {
    var left = Number(node.getAttribute(attribute));
    var running = element.getAttribute("data-running") === "true";
    return running ? left - elapsed(node) : left;
  }

  function tick() {
    var element = screen();
    // Cut off from the server, the time stands still (greyed out): nothing says it still runs.
    if (!element || document.body.classList.contains("offline")) { return; }
    var times = element.querySelectorAll("[data-ticks]");
    for (var i = 0; i < times.length; i += 1) {
      var text = duration(leftNow(element, times[i], "data-left-ms"));
      if (times[i].textContent !== text) { times[i].textContent = text; }
    }
    minuteLeft(element);
  }

  function remembered() {
    try { return window.localStorage.getItem(SOUND_KEY) === "on"; } catch (e) { return false; }
  }

  function remember(on) {
    try { window.localStorage.setItem(SOUND_KEY, on ? "on" : "off"); } catch (e) { /* private */ }
  }

  // Whether the page had a click or a key press yet (browsers without the API: assume so).
  function gestured() {
    var activation = navigator.userActivation;
    return !activation || activation.hasBeenActive;
  }

  function showButton() {
    var button = document.getElementById("clock-sound");
    if (!button) { return; }
    button.setAttribute("aria-pressed", soundOn ? "true" : "false");
    button.toggleAttribute("data-needs-click", waiting);
    var label = soundOn && !waiting ? "data-label-on" : "data-label-off";
    button.textContent = button.getAttribute(label) || button.textContent;
  }

  function blocked() {
    document.body.setAttribute("data-clock-sound", "blocked");
    waiting = soundOn;
    showButton();
  }

  function play(which) {
    if (!soundOn) { return; }
    var audio = document.getElementById(which === "level" ? "clock-sound-level" : "clock-sound-minute");
    if (!audio) { return; }
    plays[which] += 1;
    document.body.setAttribute("data-sound-" + which + "-plays", String(plays[which]));
    try {
      audio.currentTime = 0;
      var started = audio.play();
      if (started && started.then) {
        started.then(function () {
          document.body.setAttribute("data-clock-sound", "played");
        }, blocked);
      }
    } catch (e) {
      blocked();
    }
  }

  function flash() {
    var body = document.body;
    body.classList.remove("level-change");
    void body.offsetWidth; // restarts the animation when two changes come close together
    body.classList.add("level-change");
    window.clearTimeout(flashTimer);
    flashTimer = window.setTimeout(function () { body.classList.remove("level-change"); }, 2500);
  }

  function announce(text) {
    var region = document.getElementById("clock-announce");
    if (region) { region.textContent = text; }
  }

  function onScreen() {
    var element = screen();
    if (!element) { return; }
    var period = element.getAttribute("data-period");
    var said = element.getAttribute("data-announce");
    if (lastPeriod !== null && period !== lastPeriod) {
      changes += 1;
      document.body.setAttribute("data-level-changes", String(changes));
      flash();
      if (!levelSounded[period]) {
        levelSounded[period] = true;
        play("level");
      }
    }
    tick();
    if (lastAnnounce !== null && said !== lastAnnounce) { announce(said); }
    lastPeriod = period;
    lastAnnounce = said;
  }

  // Checked at each push and each tick: the last minute is no push of its own.
  function minuteLeft(element) {
    var period = element.getAttribute("data-period");
    var left = leftNow(element, element, "data-remaining-ms");
    var running = element.getAttribute("data-running") === "true";
    if (left > MINUTE_MS) {
      aboveMinute[period] = true;
    } else if (running && left > 0 && aboveMinute[period] && !minuteSounded[period]) {
      // Only a minute seen coming (not a page opened in the last minute) is sounded.
      minuteSounded[period] = true;
      play("minute");
    }
  }

  function setSound(on) {
    soundOn = on;
    remember(on);
    showButton();
  }

  function soundButton() {
    if (soundOn && waiting) {
      // The sound was on but the browser held it back: this click allows it, keep it on.
      waiting = false;
      document.body.removeAttribute("data-clock-sound");
      showButton();
      play("level");
      return;
    }
    waiting = false;
    setSound(!soundOn);
    if (soundOn) { play("level"); } // the click is the gesture that allows sound; it confirms
  }

  function toggleFullscreen() {
    if (document.fullscreenElement) {
      document.exitFullscreen();
    } else if (document.documentElement.requestFullscreen) {
      document.documentElement.requestFullscreen().catch(function () { /* refused */ });
    }
  }

  function start() {
    var sound = document.getElementById("clock-sound");
    var full = document.getElementById("clock-fullscreen");
    soundOn = remembered();
    waiting = soundOn && !gestured();
    showButton();
    // After a reload with the sound on, the first click or key anywhere allows it (the sound
    // button and its key S say so themselves: soundButton).
    var woke = function (event) {
      var onButton = event.target && event.target.closest && event.target.closest("#clock-sound");
      if (onButton || (event.key || "").toLowerCase() === "s") { return; }
      if (waiting) { waiting = false; showButton(); }
      document.removeEventListener("pointerdown", woke);
      document.removeEventListener("keydown", woke);
    };
    document.addEventListener("pointerdown", woke);
    document.addEventListener("keydown", woke);
    if (sound) { sound.addEventListener("click", soundButton); }
    if (full) {
      if (!document.fullscreenEnabled) { full.hidden = true; }
      full.addEventListener("click", toggleFullscreen);
      document.addEventListener("fullscreenchange", function () {
        full.setAttribute("aria-pressed", document.fullscreenElement ? "true" : "false");
      });
    }
    document.addEventListener("keydown", function (event) {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) { return; }
      // Typing in the TD's room screen panel is not a shortcut.
      var target = event.target;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) { return; }
      var key = (event.key || "").toLowerCase();
      if (key === "f" && full && !full.hidden) { toggleFullscreen(); }
      if (key === "s") { soundButton(); }
    });
    document.body.addEventListener("htmx:wsAfterMessage", onScreen);
    onScreen();
    window.setInterval(tick, 200);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
