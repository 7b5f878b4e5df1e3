// The entry's service worker, served at /sw.js by klammernliga.entry.offline, which puts the
// version and the asset list in front of this text (self.KLAMMERN_OFFLINE).
"use strict";

var CONFIG = self.KLAMMERN_OFFLINE;
var PREFIX = "klammernliga-";
// One cache per release: its name changes whenever an asset's name or this file changes.
var CACHE = PREFIX + CONFIG.version;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches
      .open(CACHE)
      .then(function (cache) {
        return cache.addAll(CONFIG.assets);
      })
      .then(function () {
        return self.skipWaiting();
      })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name.indexOf(PREFIX) === 0 && name !== CACHE;
            })
            .map(function (name) {
              return caches.delete(name);
            })
        );
      })
      .then(keepOpenPages)
      .then(function () {
        return self.clients.claim();
      })
  );
});

// The entry page that installed the worker is kept too: it opens even if the connection goes
// before the next page is loaded.
function keepOpenPages() {
  var scope = self.registration.scope;
  return self.clients
    .matchAll({ type: "window", includeUncontrolled: true })
    .then(function (windows) {
      return caches.open(CACHE).then(function (cache) {
        return Promise.all(
          windows
            .filter(function (client) {
              return client.url.indexOf(scope) === 0;
            })
            .map(function (client) {
              var url = client.url.split("#")[0];
              if (new URL(url).pathname.indexOf(CONFIG.entry) !== 0) {
                return fetch(url).then(function (response) {
                  return keepPublic(url, response);
                }).catch(function () {});
              }
              return Promise.all([cache.add(url).catch(function () {}), keepBlankEvening()]);
            })
        );
      });
    });
}

// A public page a visitor opened: the network first, else the copy kept when it was last
// fetched, with a line at its top that says so and from when. Only pages for everyone are kept
// (the page cache marks a logged-in visitor's "private, no-store").
function keepPublic(request, response) {
  var control = response.headers.get("Cache-Control") || "";
  if (!response.ok || response.redirected || /private|no-store/.test(control)) {
    return Promise.resolve();
  }
  return response.text().then(function (body) {
    var headers = { "Content-Type": response.headers.get("Content-Type") || "text/html" };
    headers["X-Kept-At"] = new Date().toISOString();
    return caches.open(CACHE).then(function (cache) {
      return cache.put(request, new Response(body, { headers: headers }));
    });
  });
}

function publicPage(request) {
  return fetch(request)
    .then(function (response) {
      keepPublic(request, response.clone());
      return response;
    })
    .catch(function () {
      return keptCopy(request).then(function (found) {
        return found ? marked(found) : notKept();
      });
    });
}

// The kept copy with "Ohne Verbindung – Stand: …" at the top of its content.
function marked(response) {
  var kept = new Date(response.headers.get("X-Kept-At") || Date.now());
  return response.text().then(function (body) {
    var english = /<html[^>]*lang="en"/.test(body);
    var when = kept.toLocaleString(english ? "en-GB" : "de-DE", {
      day: "numeric",
      month: "long",
      hour: "2-digit",
      minute: "2-digit",
    });
    var line =
      '<p class="offline-banner" role="status">' +
      (english ? "No connection – as of " : "Ohne Verbindung – Stand: ") +
      '<time datetime="' + kept.toISOString() + '">' + when + "</time></p>";
    var shown = body.replace(/<main[^>]*>/, function (tag) {
      return tag + line;
    });
    return new Response(shown, {
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
    });
  });
}

// The copy kept of this very address. Pages vary by cookie and language: on this phone, one
// scorekeeper's, so the Vary header is ignored. This release's cache first, then any other:
// while a new release takes over, the worker still answering may be the old one, whose cache
// has just been dropped.
function keptCopy(request) {
  return caches
    .match(request, { ignoreVary: true, cacheName: CACHE })
    .then(function (found) {
      return found || caches.match(request, { ignoreVary: true });
    });
}

function isEvening(url) {
  var path = new URL(url).pathname;
  return path.indexOf(CONFIG.entry) === 0 && /\/abend\/\d{4}-\d{2}-\d{2}\/$/.test(path);
}

// The page of an evening not yet begun, kept once a logged-in entry page was opened, so that
// an evening can begin without a connection. Logging out forgets it with the other pages.
var blankKept = false;
function keepBlankEvening() {
  if (blankKept) {
    return Promise.resolve();
  }
  blankKept = true;
  return fetch(CONFIG.blank, { credentials: "same-origin" })
    .then(function (response) {
      if (!response.ok || response.redirected) {
        blankKept = false;
        return;
      }
      return caches.open(CACHE).then(function (cache) {
        return cache.put(CONFIG.blank, response);
      });
    })
    .catch(function () {
      blankKept = false;
    });
}

// Pages: the network first (they change with every game), the last copy without a connection.
function page(request) {
  if (new URL(request.url).pathname.indexOf(CONFIG.entry) !== 0) {
    return publicPage(request);
  }
  return fetch(request)
    .then(function (response) {
      if (response.ok && !response.redirected) {
        keepBlankEvening();
        var copy = response.clone();
        // Not into a cache a newer release has dropped meanwhile.
        caches.has(CACHE).then(function (kept) {
          return kept && caches.open(CACHE).then(function (cache) {
            return cache.put(request, copy);
          });
        });
      }
      return response;
    })
    .catch(function () {
      // Only this very address: another Partie's page under this one's name would put the
      // next game into the wrong Partie. An evening not opened on this phone (begun offline)
      // is the kept page of an evening not yet begun; its script dates it.
      return keptCopy(request)
        .then(function (found) {
          return found || (isEvening(request.url) ? keptCopy(CONFIG.blank) : null);
        })
        .then(function (found) {
          return found || notKept();
        });
    });
}

// A page never opened on this phone: said plainly instead of the browser's error page.
function notKept() {
  var text =
    '<!doctype html><html lang="de"><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    "<title>Keine Verbindung</title><main><h1>Keine Verbindung</h1>" +
    "<p>Diese Seite wurde auf diesem Telefon noch nicht geöffnet und ist ohne Verbindung " +
    "nicht zu sehen. Zurück zur vorigen Seite oder warten, bis die Verbindung zurück ist.</p>" +
    "</main></html>";
  return new Response(text, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

// Logging out: every kept page goes (they show the scorekeeper's name, his CSRF token and the
// Verlauf); the assets stay.
function forgetPages() {
  return caches.keys().then(function (names) {
    return Promise.all(
      names
        .filter(function (name) {
          return name.indexOf(PREFIX) === 0;
        })
        .map(function (name) {
          return caches.open(name).then(function (cache) {
            return cache.keys().then(function (requests) {
              return Promise.all(
                requests
                  .filter(function (request) {
                    var url = new URL(request.url);
                    return CONFIG.assets.indexOf(url.pathname + url.search) === -1;
                  })
                  .map(function (request) {
                    return cache.delete(request);
                  })
              );
            });
          });
        })
    );
  });
}

self.addEventListener("message", function (event) {
  if (event.data && event.data.type === "logout") {
    blankKept = false;
    var done = forgetPages().then(function () {
      if (event.ports && event.ports[0]) {
        event.ports[0].postMessage("done");
      }
    });
    if (event.waitUntil) {
      event.waitUntil(done);
    }
  }
});

// Assets: their names change with their content, so a kept copy is always right.
function asset(request) {
  return caches.match(request).then(function (found) {
    return found || fetch(request);
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) {
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else if (CONFIG.assets.indexOf(url.pathname + url.search) !== -1) {
    event.respondWith(asset(request));
  }
});
