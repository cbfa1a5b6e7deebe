// pokerfloor clock screen. The server pushes the whole screen every second (its clock is the
// only one); this script only signals a change of period (a new level, a break beginning or
// ending) with a flash and a short tone made by the Web Audio API (no audio file), announces it
// to screen readers, and drives the sound and full-screen buttons (keys S and F).
(function () {
  "use strict";
  var SOUND_KEY = "pokerfloor.clock.sound";
  var audio = null;
  var soundOn = false;
  var lastPeriod = null;
  var lastAnnounce = null;
  var changes = 0;
  var flashTimer = null;

  // A TV must come back quickly after a server restart: retry every 0.5 to 3 s instead of
  // the extension's default back-off, which can wait for a minute.
  if (window.htmx) {
    window.htmx.config.wsReconnectDelay = function (retries) {
      return Math.min(500 * (retries + 1), 3000);
    };
  }

  function screen() { return document.getElementById("clock-screen"); }

  function remembered() {
    try { return window.localStorage.getItem(SOUND_KEY) === "on"; } catch (e) { return false; }
  }

  function remember(on) {
    try { window.localStorage.setItem(SOUND_KEY, on ? "on" : "off"); } catch (e) { /* private */ }
  }

  // Browsers only let a page make sound after a user gesture: the context is created (or
  // resumed) from a click or a key press.
  function audioContext() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) { return null; }
    if (!audio) { audio = new Context(); }
    if (audio.state === "suspended") {
      var resumed = audio.resume();
      if (resumed && resumed.catch) { resumed.catch(function () { /* no gesture yet */ }); }
    }
    return audio;
  }

  function tone() {
    var context = soundOn ? audioContext() : null;
    if (!context) { return; }
    var start = context.currentTime + 0.05;
    [[0, 660], [0.3, 880], [0.6, 1320]].forEach(function (step) {
      var at = start + step[0];
      var oscillator = context.createOscillator();
      var gain = context.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = step[1];
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.6, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.26);
      oscillator.connect(gain);
      gain.connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.28);
    });
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
      tone();
    }
    if (lastAnnounce !== null && said !== lastAnnounce) { announce(said); }
    lastPeriod = period;
    lastAnnounce = said;
  }

  function setSound(on) {
    soundOn = on;
    remember(on);
    var button = document.getElementById("clock-sound");
    if (button) { button.setAttribute("aria-pressed", on ? "true" : "false"); }
  }

  function toggleSound() {
    setSound(!soundOn);
    if (soundOn) { tone(); } // the click is the gesture that unlocks audio; the tone confirms
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
    setSound(remembered());
    if (soundOn) {
      // Sound was on before a reload: unlock it at the first gesture on the page.
      var unlock = function () {
        audioContext();
        document.removeEventListener("pointerdown", unlock);
        document.removeEventListener("keydown", unlock);
      };
      document.addEventListener("pointerdown", unlock);
      document.addEventListener("keydown", unlock);
    }
    if (sound) { sound.addEventListener("click", toggleSound); }
    if (full) {
      if (!document.fullscreenEnabled) { full.hidden = true; }
      full.addEventListener("click", toggleFullscreen);
      document.addEventListener("fullscreenchange", function () {
        full.setAttribute("aria-pressed", document.fullscreenElement ? "true" : "false");
      });
    }
    document.addEventListener("keydown", function (event) {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) { return; }
      var key = (event.key || "").toLowerCase();
      if (key === "f" && full && !full.hidden) { toggleFullscreen(); }
      if (key === "s") { toggleSound(); }
    });
    document.body.addEventListener("htmx:wsAfterMessage", onScreen);
    onScreen();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
