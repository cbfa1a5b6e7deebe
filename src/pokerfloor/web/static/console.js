// pokerfloor: the console's own behaviour (served as a file: the Content-Security-Policy
// allows no inline script). Keeps the keyboard focus across live pushes and reloads the
// forms' player lists the TD is not using when who sits where changed.
(function () {
  "use strict";
  var focusedId = null;
  // A live push replaces the elements it carries; put the focus back on the same control
  // (e.g. a "done" button) so that a keyboard user does not lose their place.
  document.addEventListener("htmx:wsBeforeMessage", function () {
    var active = document.activeElement;
    focusedId = active && active.id ? active.id : null;
  });
  function inUse(region) {
    if (region.contains(document.activeElement)) { return true; }
    if (region.querySelector("input[type=checkbox]:checked")) { return true; }
    return Array.prototype.some.call(region.querySelectorAll("input[type=text], input:not([type])"),
      function (input) { return input.value.trim() !== ""; });
  }
  document.addEventListener("htmx:wsAfterMessage", function () {
    if (focusedId && (!document.activeElement || document.activeElement === document.body)) {
      // A confirmed move's button is gone: go on to the next move, else the moves heading.
      var again = document.getElementById(focusedId) ||
        (focusedId.indexOf("move") === 0 ? document.querySelector(".move-done") || document.getElementById("moves-title") : null);
      if (again) { again.focus(); }
    }
    // Who sits where changed: reload the forms' player lists the TD is not using.
    var roster = document.getElementById("console-roster");
    if (!roster) { return; }
    document.querySelectorAll("[data-picker]").forEach(function (region) {
      if (region.getAttribute("data-roster") !== roster.getAttribute("data-roster") && !inUse(region)) {
        htmx.trigger(region, "roster-changed");
      }
    });
  });
  // Space bar: pause a running clock, resume a paused one, start one not started.
  document.addEventListener("keydown", function (event) {
    if (event.key !== " " || event.ctrlKey || event.altKey || event.metaKey || event.repeat) { return; }
    var target = event.target;
    if (target && target.closest && target.closest("input, select, textarea, button, a, summary, [contenteditable]")) { return; }
    var clock = document.getElementById("console-clock");
    if (!clock) { return; }
    var status = clock.getAttribute("data-status");
    var id = status === "running" ? "clock-pause" : status === "paused" ? "clock-resume" : status === "not_started" ? "clock-start" : null;
    var button = id && document.getElementById(id);
    if (button) { event.preventDefault(); button.click(); }
  });
})();
