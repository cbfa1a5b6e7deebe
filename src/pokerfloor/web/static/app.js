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
})();
