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
              return cache.add(client.url.split("#")[0]).catch(function () {});
            })
        );
      });
    });
}

// Pages: the network first (they change with every game), the last copy without a connection.
function page(request) {
  return fetch(request)
    .then(function (response) {
      if (response.ok && !response.redirected) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) {
          cache.put(request, copy);
        });
      }
      return response;
    })
    .catch(function () {
      return caches.open(CACHE).then(function (cache) {
        // Pages vary by cookie and language: on this phone, one scorekeeper's.
        return cache.match(request, { ignoreVary: true }).then(function (found) {
          // Another Partie's tab (?partie=N) of the same evening is better than none.
          var options = { ignoreVary: true, ignoreSearch: true };
          return found || cache.match(request, options).then(function (any) {
            return any || Response.error();
          });
        });
      });
    });
}

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
