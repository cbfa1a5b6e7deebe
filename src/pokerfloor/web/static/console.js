// pokerfloor: the console's own behaviour (served as a file: the Content-Security-Policy
// allows no inline script). Keeps the keyboard focus across live pushes, opens a player's
// actions in a dialog, finds a player as the TD types, offers "undo" for 30 seconds, and the
// keyboard shortcuts listed on the page.
(function () {
  "use strict";
  var focusedId = null;
  var opener = null;
  var dialog = function () { return document.getElementById("console-dialog"); };

  // A live push replaces the elements it carries; put the focus back on the same control
  // (e.g. a "done" button) so that a keyboard user does not lose their place.
  document.addEventListener("htmx:wsBeforeMessage", function () {
    var active = document.activeElement;
    focusedId = active && active.id ? active.id : null;
  });
  function inUse(region) {
    if (region.contains(document.activeElement)) { return true; }
    return region.querySelector("select") && region.querySelector("select").value !== "";
  }
  document.addEventListener("htmx:wsAfterMessage", function () {
    if (focusedId && (!document.activeElement || document.activeElement === document.body)) {
      // A confirmed move's button is gone: go on to the next move, else the moves heading.
      var again = document.getElementById(focusedId) ||
        (focusedId.indexOf("move") === 0 ? document.querySelector(".move-done") || document.getElementById("moves-title") : null);
      if (again) { again.focus(); }
    }
    applyFind();
    // Who sits where changed: reload the lists of tables the TD is not using.
    var roster = document.getElementById("console-roster");
    if (!roster) { return; }
    document.querySelectorAll("[data-picker]").forEach(function (region) {
      if (region.getAttribute("data-roster") !== roster.getAttribute("data-roster") && !inUse(region)) {
        htmx.trigger(region, "roster-changed");
      }
    });
  });

  // ---- the dialog: a player's actions, the add-ons at the break ---------------------------
  document.addEventListener("click", function (event) {
    var trigger = event.target.closest && event.target.closest("[data-dialog]");
    if (trigger) { opener = trigger.id || null; }
    if (event.target.closest && event.target.closest("[data-close-dialog]")) { closeDialog(); }
    var all = event.target.closest && event.target.closest("[data-check-all]");
    if (all) {
      var cls = all.getAttribute("data-check-all");
      all.closest("form").querySelectorAll("input." + cls).forEach(function (box) { box.checked = all.checked; });
    }
  });
  // Opened once htmx has settled the new content: its buttons then carry their requests (a
  // key pressed earlier would submit the bare form).
  document.addEventListener("htmx:afterSettle", function (event) {
    var box = dialog();
    if (box && event.detail.target && event.detail.target.id === "console-dialog-body") {
      if (!box.open) { box.showModal(); }
      var first = box.querySelector("[data-key], button[type=submit], input");
      if (first) { first.focus(); }
    }
  });
  document.addEventListener("htmx:afterSwap", function () {
    var flash = document.getElementById("flash");
    var form = flash && flash.querySelector("[data-expires]:not([data-timed])");
    if (form) {
      form.setAttribute("data-timed", "");  // one timer per undo form, whatever swaps follow
      setTimeout(function () { if (form.isConnected) { form.remove(); } },
        1000 * parseInt(form.getAttribute("data-expires"), 10));
    }
  });
  // An action sent from the dialog closes it: its outcome shows in the flash above.
  document.addEventListener("htmx:afterRequest", function (event) {
    var box = dialog();
    if (box && box.open && box.contains(event.detail.elt) && event.detail.requestConfig &&
        event.detail.requestConfig.verb === "post") {
      closeDialog();
    }
  });
  function closeDialog() {
    var box = dialog();
    if (box && box.open) { box.close(); }
  }
  document.addEventListener("close", function (event) {
    if (event.target !== dialog()) { return; }
    var back = opener && document.getElementById(opener);
    if (back) { back.focus(); }
  }, true);

  // ---- finding a player as the TD types -------------------------------------------------
  function plain(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
  }
  function matches() {
    var input = document.getElementById("player-find");
    var wanted = input ? plain(input.value) : "";
    var found = [];
    document.querySelectorAll("#console-tables [data-find]").forEach(function (button) {
      var hit = wanted !== "" && plain(button.getAttribute("data-find")).indexOf(wanted) !== -1;
      button.classList.toggle("is-found", hit);
      if (hit) { found.push(button); }
    });
    document.body.classList.toggle("finding", wanted !== "");
    return found;
  }
  function applyFind() { matches(); }
  document.addEventListener("input", function (event) {
    if (event.target.id === "player-find") { matches(); }
  });
  document.addEventListener("keydown", function (event) {
    if (event.target.id !== "player-find") { return; }
    if (event.key === "Enter") {
      event.preventDefault();
      var found = matches();
      if (found.length) { found[0].click(); }
    } else if (event.key === "Escape") {
      event.target.value = "";
      matches();
    }
  });

  // ---- keyboard shortcuts (listed on the page) --------------------------------------------
  function click(id) {
    var button = document.getElementById(id);
    if (button && button.offsetParent !== null) { button.click(); return true; }
    return false;
  }
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.metaKey || event.repeat) { return; }
    var target = event.target;
    var typing = target && target.closest && target.closest("input, select, textarea, [contenteditable]");
    if ((event.ctrlKey && event.key.toLowerCase() === "z") && !typing) {
      if (click("undo-last")) { event.preventDefault(); }
      return;
    }
    if (event.ctrlKey || typing) { return; }
    var box = dialog();
    if (box && box.open) {
      var action = box.querySelector("[data-key='" + event.key.toLowerCase() + "']");
      if (action) { event.preventDefault(); action.click(); }
      return;
    }
    if (target && target.closest && target.closest("button, a, summary")) {
      if (event.key === " " || event.key === "Enter") { return; }
    }
    var clock = document.getElementById("console-clock");
    var status = clock ? clock.getAttribute("data-status") : "";
    if (event.key === " ") {
      var id = status === "running" ? "clock-pause" : status === "paused" ? "clock-resume" : status === "not_started" ? "clock-start" : null;
      if (id && click(id)) { event.preventDefault(); }
    } else if (event.key === "+") {
      if (click("clock-plus")) { event.preventDefault(); }
    } else if (event.key === "-" || event.key === "\u2212") {
      if (click("clock-minus")) { event.preventDefault(); }
    } else if (event.key === "/") {
      var find = document.getElementById("player-find");
      if (find) { event.preventDefault(); find.focus(); find.select(); }
    } else if (event.key.toLowerCase() === "m") {
      var moves = document.getElementById("moves-title");
      if (moves) { event.preventDefault(); moves.focus(); moves.scrollIntoView({block: "nearest"}); }
    }
  });
})();
