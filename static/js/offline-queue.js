// The games kept on the phone for offline.js (loaded before it): a queue in IndexedDB, one record
// per game, keyed by its one-time token. Storage only; offline.js decides what goes in and out.
(function () {
  "use strict";

  var opened = null;
  function db() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        var request = indexedDB.open("klammernliga-offline", 1);
        request.onupgradeneeded = function () {
          request.result.createObjectStore("unsent", { keyPath: "token" });
        };
        request.onsuccess = function () {
          resolve(request.result);
        };
        request.onerror = function () {
          reject(request.error);
        };
      });
    }
    return opened;
  }

  function store(mode, work) {
    return db().then(function (database) {
      return new Promise(function (resolve, reject) {
        var tx = database.transaction("unsent", mode);
        var result = work(tx.objectStore("unsent"));
        tx.oncomplete = function () {
          resolve(result && "result" in result ? result.result : undefined);
        };
        tx.onerror = function () {
          reject(tx.error);
        };
      });
    });
  }

  // The unsent games of one evening (its form's `action`), in the order they were typed.
  function unsent(action) {
    return store("readonly", function (objects) {
      return objects.getAll();
    }).then(function (all) {
      return all
        .filter(function (record) {
          return record.action === action;
        })
        .sort(function (a, b) {
          return a.seq - b.seq;
        });
    });
  }

  function keep(record) {
    return store("readwrite", function (objects) {
      objects.put(record);
    });
  }

  function forget(token) {
    return store("readwrite", function (objects) {
      objects.delete(token);
    });
  }

  function find(token) {
    return store("readonly", function (objects) {
      return objects.get(token);
    });
  }

  window.klammernligaQueue = { unsent: unsent, keep: keep, forget: forget, find: find };
})();
