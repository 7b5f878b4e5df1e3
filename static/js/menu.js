// The menu's panels are <details> elements and work without this file. With it, an open panel
// closes on a tap or click outside it and on Escape (which gives the focus back to its summary).
(function () {
  "use strict";

  var panels = document.querySelectorAll('details[name="site-menu"]');
  if (!panels.length) {
    return;
  }

  function closeOpen(keep, refocus) {
    Array.prototype.forEach.call(panels, function (panel) {
      if (panel.open && panel !== keep) {
        panel.open = false;
        if (refocus) {
          panel.querySelector("summary").focus();
        }
      }
    });
  }

  document.addEventListener("click", function (event) {
    var inside = event.target.closest ? event.target.closest('details[name="site-menu"]') : null;
    closeOpen(inside, false);
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      closeOpen(null, true);
    }
  });
})();
