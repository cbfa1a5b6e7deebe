// pokerfloor: the little the pages need beyond htmx. Shows "Reconnecting…" while a live
// WebSocket is down (htmx's ws extension reconnects by itself and the server then pushes the
// current state), and signals a level change on the clock screen.
(function () {
  "use strict";
  function setOffline(offline) {
    document.body.classList.toggle("offline", offline);
    document.querySelectorAll(".live-status").forEach(function (el) { el.hidden = !offline; });
  }
  document.addEventListener("htmx:wsOpen", function () { setOffline(false); });
  document.addEventListener("htmx:wsClose", function () { setOffline(true); });
  document.addEventListener("htmx:wsError", function () { setOffline(true); });
  window.pokerfloor = { setOffline: setOffline };
  // A restarted server is back in seconds: retry about every second, not with the ws
  // extension's exponential backoff (up to a minute: a phone took 70 s to come back). The
  // jitter spreads a room full of phones; the first retries come sooner (at most 1.5 s).
  if (window.htmx) {
    window.htmx.config.wsReconnectDelay = function (retryCount) {
      return Math.min(250 * Math.pow(2, retryCount), 1000) + Math.random() * 500;
    };
  }

  // The pages carry no inline script (the Content-Security-Policy forbids it): their small
  // behaviours are data attributes handled here.
  // A desk form whose action succeeded (the server's HX-Trigger "desk-done"): cleared for the
  // next player (data-done="reset") or closed (data-done="remove").
  document.addEventListener("desk-done", function (event) {
    var form = event.target;
    if (!form || !form.getAttribute) { return; }
    var what = form.getAttribute("data-done");
    if (what === "reset") {
      form.reset();
      var first = form.querySelector("input");
      if (first) { first.focus(); }
    } else if (what === "remove") {
      form.remove();
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || !event.target.closest) { return; }
    var form = event.target.closest("[data-escape=remove]");
    if (form) { form.remove(); }
  });
  document.addEventListener("click", function (event) {
    var control = event.target.closest && event.target.closest("[data-print], [data-close-form]");
    if (!control) { return; }
    if (control.hasAttribute("data-print")) {
      window.print();
    } else {
      control.closest("form").remove();
    }
  });
})();
