// Installs the site's service worker for every page (an enhancement: without it the site works
// online as before). A public page once opened then stays readable without a connection,
// marked with the time it shows (static/js/sw.js).
(function () {
  "use strict";

  var script = document.currentScript;
  if ("serviceWorker" in navigator && script && script.dataset.sw) {
    navigator.serviceWorker
      .register(script.dataset.sw, { scope: "/", updateViaCache: "none" })
      .catch(function () {});
  }
})();
