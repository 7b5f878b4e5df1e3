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

  function all() {
    return store("readonly", function (objects) {
      return objects.getAll();
    });
  }

  // Who is logged in on this page (the account form names him); every kept record carries it,
  // and only its own scorekeeper's login sends it.
  var account = document.querySelector("form.account[data-user]");
  var named = account || document.getElementById("offline-texts");
  var user = named && named.dataset.user ? named.dataset.user : "";

  // Logging out: a warning if this scorekeeper's actions are still unsent (they stay on the
  // phone), then the service worker forgets every kept page before the logout is sent.
  function forgetPages() {
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!worker || !window.MessageChannel) {
      return Promise.resolve();
    }
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      channel.port1.onmessage = resolve;
      worker.postMessage({ type: "logout" }, [channel.port2]);
      window.setTimeout(resolve, 2000); // a worker that does not answer does not block logout
    });
  }

  if (account) {
    account.addEventListener("submit", function (event) {
      if (account.dataset.checked) {
        return;
      }
      event.preventDefault();
      var ready = window.indexedDB ? all().catch(function () {
        return [];
      }) : Promise.resolve([]);
      ready
        .then(function (records) {
          var mine = records.filter(function (record) {
            return (record.user || "") === user && record.kind !== "partie";
          });
          if (mine.length && !window.confirm(account.dataset.unsent.replace("%(n)s", mine.length))) {
            return false;
          }
          return forgetPages().then(function () {
            return true;
          });
        })
        .then(function (go) {
          if (go) {
            account.dataset.checked = "1";
            account.submit();
          }
        });
    });
  }

  window.klammernligaQueue = {
    unsent: unsent,
    keep: keep,
    forget: forget,
    find: find,
    all: all,
    user: user,
  };
})();
