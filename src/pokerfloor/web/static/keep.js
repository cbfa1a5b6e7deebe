// pokerfloor: live sections carry data-state, a fingerprint of their content; one that did
// not change is left alone, so a form being filled keeps what was typed and its focus.
document.addEventListener("htmx:oobBeforeSwap", function (event) {
  var next = event.detail.fragment && event.detail.fragment.firstElementChild;
  var state = next && next.getAttribute("data-state");
  if (state && state === event.detail.target.getAttribute("data-state")) {
    event.detail.shouldSwap = false;
  }
});
