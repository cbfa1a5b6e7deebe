// The club event's fast desk (club_desk.py): once a member's row comes back checked in, the
// search box takes the keyboard back with its text selected, so the TD types the next name
// at once (no click, no scroll). A search answer that arrives after the click (a slow
// network) may replace that row before it loads: the keyboard, left on nothing, goes back
// to the search box then too.
document.addEventListener("htmx:load", function (event) {
  var target = event.target;
  if (!target || !target.hasAttribute) return;
  var search = document.getElementById("desk-search");
  if (!search) return;
  var done = target.hasAttribute("data-desk-done");
  var active = document.activeElement;
  var lost = !active || active === document.body || !document.body.contains(active);
  var inDesk = target.closest && target.closest("#desk");
  if (!done && !(lost && inDesk)) return;
  search.focus();
  search.select();
});
