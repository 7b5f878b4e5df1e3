// The evening being played updates itself: every few seconds it asks for its games with the
// league generation's ETag; while nothing changed the answer is a bodiless 304. Short requests
// only, so no gunicorn worker is held. Without this file the page has its "neu laden" link.
(function () {
  "use strict";

  var region = document.querySelector(".evening-games[data-live]");
  if (!region || !window.fetch) {
    return;
  }
  var INTERVAL = 3000;
  var note = document.querySelector(".live-note");
  var etag = null;
  var busy = false;

  if (note) {
    note.textContent = note.dataset.liveNote;
  }

  function games() {
    return region.querySelectorAll("tbody tr").length;
  }

  function poll() {
    if (busy || document.hidden) {
      return;
    }
    busy = true;
    var headers = { Accept: "text/html" };
    if (etag) {
      headers["If-None-Match"] = etag;
    }
    fetch(region.dataset.live, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status !== 200) {
          return; // 304: nothing new
        }
        etag = response.headers.get("ETag");
        return response.text().then(function (html) {
          var before = games();
          var fresh = new DOMParser().parseFromString(html, "text/html").body;
          region.replaceChildren.apply(region, Array.prototype.slice.call(fresh.childNodes));
          // The status line is a polite live region: a screen reader hears how many games came.
          var added = games() - before;
          if (note && added > 0) {
            note.textContent = note.dataset.liveAdded.replace("{count}", String(added));
          }
        });
      })
      .catch(function () {})
      .then(function () {
        busy = false;
      });
  }

  poll();
  window.setInterval(poll, INTERVAL);
  document.addEventListener("visibilitychange", poll);
})();
