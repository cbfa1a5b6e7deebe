// The club event's fast desk (club_desk.py): once a member's row comes back checked in, the
// search box takes the keyboard back with its text selected, so the TD types the next name
// at once (no click, no scroll).
document.addEventListener("htmx:load", function (event) {
  var row = event.target;
  if (!row || !row.hasAttribute || !row.hasAttribute("data-desk-done")) return;
  var search = document.getElementById("desk-search");
  if (!search) return;
  search.focus();
  search.select();
});
