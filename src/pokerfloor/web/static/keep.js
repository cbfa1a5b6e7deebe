// pokerfloor: live sections carry data-state, a fingerprint of their content; one that did
// not change is left alone, so a form being filled keeps what was typed and its focus.
document.addEventListener("htmx:oobBeforeSwap", function (event) {
  var next = event.detail.fragment && event.detail.fragment.firstElementChild;
  var state = next && next.getAttribute("data-state");
  if (state && state === event.detail.target.getAttribute("data-state")) {
    event.detail.shouldSwap = false;
  }
});
// The busts of a hand: their chips at the start of the hand rank them, so they are asked
// once two or more players are ticked (captain.css hides them otherwise).
document.addEventListener("change", function (event) {
  var busts = event.target.closest && event.target.closest("[data-busts]");
  if (!busts) { return; }
  var ticked = busts.querySelectorAll("input[name=busted]:checked").length;
  busts.toggleAttribute("data-several", ticked > 1);
});
