// The dealt tables' pages: the action clock counted down from each push (standing still while
// the TD pauses the table; the server never pushes because a second passed), the player's own
// cards put in their seat of the table's shared part (the same for every viewer of the table:
// face down there), the size buttons
// filling the amount, a cancelled all-in confirmation, and the player's turn announced with
// a sound and a vibration (once per turn), and the player's action sent on the page's
// WebSocket while it is open (a form marked data-ws-act: its fields as one JSON message; the
// answer comes back on the socket and replaces #flash by its id), else the form's HTTP POST.
// No inline script: behaviours hang on data-*.
(function () {
  "use strict";
  var tickSound = new Audio("/static/sounds/player-clock-tick.wav");
  var lastTurn = "";

  // A clock counts from the push that brought it: a later message about another part (the
  // player's own, the players left) does not restart it.
  function startClocks(root) {
    var now = Date.now();
    root.querySelectorAll("[data-remaining-ms]").forEach(function (el) {
      if (!el.dataset.until) { el.dataset.until = String(now + Number(el.dataset.remainingMs)); }
    });
  }

  function tick() {
    var now = Date.now();
    // A paused table's clock (data-paused) stands still: the server's remaining time is shown
    // as it is until the push that resumes the table brings the new one.
    document.querySelectorAll("[data-remaining-ms]:not([data-paused])").forEach(function (el) {
      if (!el.dataset.until) { el.dataset.until = String(now + Number(el.dataset.remainingMs)); }
      var left = Math.max(0, Math.ceil((Number(el.dataset.until) - now) / 1000));
      el.textContent = left + " s";
      el.classList.toggle("dealt-clock-low", left <= 10);
    });
  }

  // The player's own cards (their own part, hidden) shown in their seat of the table's part,
  // when both are of the same hand; their seat marked as theirs.
  function placeOwnCards() {
    var own = document.getElementById("dealt-own");
    var part = document.getElementById("dealt-table-part");
    if (!own || !part || own.dataset.hand !== part.dataset.hand) { return; }
    var seat = part.querySelector('.dealt-seat[data-seat="' + own.dataset.ownSeat + '"]');
    if (!seat) { return; }
    seat.classList.add("dealt-mine");
    var mine = document.getElementById("dealt-own-cards");
    var shown = seat.querySelector(".dealt-cards");
    if (mine && shown && !shown.dataset.own) {
      var cards = mine.querySelector(".dealt-cards").cloneNode(true);
      cards.dataset.own = "1";
      shown.replaceWith(cards);
    }
  }

  function announceTurn() {
    var player = document.getElementById("dealt-player");
    if (!player) { return; }
    var turn = player.dataset.yourTurn === "1" ? (document.querySelector(".dealt-hand") || {}).textContent || "1" : "";
    if (turn && turn !== lastTurn) {
      if (navigator.vibrate) { navigator.vibrate(200); }
      tickSound.play().catch(function () { /* the browser wants a tap first */ });
    }
    lastTurn = turn;
  }

  document.addEventListener("click", function (event) {
    var preset = event.target.closest("[data-amount]");
    if (preset) {
      var input = document.getElementById("dealt-amount");
      if (input) { input.value = preset.dataset.amount; input.focus(); }
      return;
    }
    var dismiss = event.target.closest("[data-dismiss]");
    if (dismiss) {
      var box = document.getElementById(dismiss.dataset.dismiss);
      if (box) { box.innerHTML = ""; box.className = "flash"; }
    }
  });

  var socket = null;
  document.addEventListener("htmx:wsOpen", function (event) { socket = event.detail.socketWrapper; });
  document.addEventListener("htmx:wsClose", function () { socket = null; });
  document.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt;
    if (!socket || !form || !form.hasAttribute || !form.hasAttribute("data-ws-act")) { return; }
    var fields = {};
    event.detail.formData.forEach(function (value, name) { fields[name] = String(value); });
    socket.send(JSON.stringify(fields));
    event.preventDefault();  // no HTTP request: the answer comes on the socket
  });

  document.addEventListener("htmx:wsAfterMessage", function () {
    startClocks(document);
    placeOwnCards();
    announceTurn();
  });
  document.addEventListener("DOMContentLoaded", function () {
    startClocks(document);
    placeOwnCards();
    announceTurn();
  });
  setInterval(tick, 250);
})();
