// fortlang docs: the card browser's filters (kind, suit, action, provenance). Each face of the grid
// carries its values in data- attributes; a filter hides the faces that lack the chosen value.
// The choice is kept in the address (?suit=shovel&action=gain), so a filtered grid can be shared.
(function () {
  function setup() {
    var grid = document.querySelector(".fl-grid");
    if (!grid) return;
    var selects = Array.prototype.slice.call(document.querySelectorAll("select[data-filter]"));
    var count = document.querySelector(".fl-grid-count");
    var params = new URLSearchParams(location.search);
    selects.forEach(function (s) {
      var wanted = params.get(s.dataset.filter);
      if (wanted !== null) s.value = wanted;
    });
    function apply() {
      var shown = 0;
      grid.querySelectorAll(".fl-grid-card").forEach(function (card) {
        var ok = selects.every(function (s) {
          return !s.value || (card.dataset[s.dataset.filter] || "").split(" ").indexOf(s.value) >= 0;
        });
        card.hidden = !ok;
        if (ok) shown += 1;
        // the lightbox's previous/next walk the faces shown, not the ones filtered out
        var link = card.querySelector("a.glightbox, a.fl-glightbox-off");
        if (link) {
          link.classList.toggle("glightbox", ok);
          link.classList.toggle("fl-glightbox-off", !ok);
        }
      });
      if (count) count.textContent = String(shown);
      if (typeof lightbox !== "undefined") lightbox.reload();  // mkdocs-glightbox's instance
      var query = new URLSearchParams();
      selects.forEach(function (s) { if (s.value) query.set(s.dataset.filter, s.value); });
      var search = query.toString();
      history.replaceState(null, "", location.pathname + (search ? "?" + search : "") + location.hash);
    }
    selects.forEach(function (s) { s.addEventListener("change", apply); });
    apply();
  }
  if (typeof document$ !== "undefined") document$.subscribe(setup);  // material's page event
  else document.addEventListener("DOMContentLoaded", setup);
})();
