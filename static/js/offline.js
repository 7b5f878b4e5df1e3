// Offline entry, an enhancement only: without it the entry works online as before.
// Installs the service worker (the entry opens without a connection) and keeps a game whose save
// cannot reach the server in IndexedDB, listed under its Partie as "noch nicht gesendet", until
// it is sent, in order, each with its one-time token (a resend never stores twice). The server
// decides everything about a game (valid? round over?); nothing of the rules lives here.
// A little over 400 lines: keeping, sending, listing and correcting a kept game are one flow
// over the same form; the storage itself is offline-queue.js.
(function () {
  "use strict";

  var script = document.currentScript;
  if ("serviceWorker" in navigator && script && script.dataset.sw) {
    navigator.serviceWorker
      .register(script.dataset.sw, { scope: script.dataset.scope, updateViaCache: "none" })
      .catch(function () {});
  }

  var SLOTS = ["a1", "a2", "b1", "b2"];
  var PLACE = "klammernliga-place-";

  // --- forms that open or begin something: sent when the server answers, else done here ------

  // navigator.onLine says "online" on a dead connection too (a cellar's weak signal): such a
  // form first asks the server with a small request the service worker lets through; without
  // an answer within a few seconds it is done on the phone instead of ending on an error page.
  function reachable() {
    if (!navigator.onLine || !script || !script.dataset.sw) {
      return Promise.resolve(Boolean(navigator.onLine));
    }
    var control = window.AbortController ? new AbortController() : null;
    var timer = control
      ? window.setTimeout(function () {
          control.abort();
        }, 4000)
      : null;
    return fetch(script.dataset.sw + "?erreichbar=" + Date.now(), {
      cache: "no-store",
      signal: control ? control.signal : undefined,
    })
      .then(
        function (response) {
          return response.ok;
        },
        function () {
          return false;
        }
      )
      .then(function (ok) {
        window.clearTimeout(timer);
        return ok;
      });
  }

  // Its buttons free again (entry.js holds a form's buttons while it is sent).
  function release(held) {
    delete held.dataset.sending;
    held.querySelectorAll("button[type=submit]").forEach(function (button) {
      button.disabled = false;
      button.removeAttribute("aria-busy");
    });
  }

  function sendOrDoHere(held, event, here) {
    if (held.dataset.reached) {
      delete held.dataset.reached; // the server answered: the ordinary POST goes
      return;
    }
    event.preventDefault();
    reachable().then(function (ok) {
      release(held);
      if (!ok) {
        here();
      } else if (held.requestSubmit) {
        held.dataset.reached = "1";
        held.requestSubmit();
      } else {
        held.submit();
      }
    });
  }

  // --- an evening begun without a connection -------------------------------------------------

  // The start form offline: the evening's page opens (the service worker shows the kept page of
  // an evening not yet begun), and its place waits on the phone for the first game.
  var start = document.querySelector("form[data-evening-base]");
  if (start) {
    start.addEventListener("submit", function (event) {
      var date = start.elements.date.value;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
        return; // the server says what is wrong with it
      }
      sendOrDoHere(start, event, function () {
        try {
          window.localStorage.setItem(PLACE + date, start.elements.place.value.trim());
        } catch (error) {
          // no storage: the evening begins without its place
        }
        window.location.assign(start.dataset.eveningBase + date + "/#neue-partie");
      });
    });
  }

  // The kept page of an evening not yet begun, shown for another date: its date, its title and
  // every address on it become the date asked for.
  function redate() {
    var page = document.querySelector(".entry-evening[data-date]");
    var asked = window.location.pathname.match(/\/abend\/(\d{4}-\d{2}-\d{2})\/$/);
    if (!page || !asked || page.dataset.date === asked[1]) {
      return;
    }
    var from = "/abend/" + page.dataset.date + "/";
    var to = "/abend/" + asked[1] + "/";
    var parts = asked[1].split("-");
    var shown = page.dataset.datePattern.replace(/[dmY]/g, function (code) {
      return { d: parts[2], m: parts[1], Y: parts[0] }[code];
    });
    document.querySelectorAll("[action], [href]").forEach(function (element) {
      ["action", "href"].forEach(function (name) {
        var value = element.getAttribute(name);
        if (value && value.indexOf(from) !== -1) {
          element.setAttribute(name, value.replace(from, to));
        }
      });
    });
    var title = page.querySelector("h1");
    title.textContent = title.textContent.replace(page.dataset.dateShown, shown);
    document.title = document.title.replace(page.dataset.dateShown, shown);
    page.dataset.date = asked[1];
    page.dataset.dateShown = shown;
  }
  redate();

  var form = document.querySelector("form.game-form[data-offline]");
  if (!form || !window.indexedDB || !window.crypto || !crypto.randomUUID) {
    return;
  }
  var texts = document.getElementById("offline-texts").dataset;
  var status = document.getElementById("offline-status");
  var action = form.getAttribute("action").split("#")[0];
  var dirty = false;
  var syncing = false;

  // --- the queue in IndexedDB (offline-queue.js): one record per game, keyed by its token ----

  var queue = window.klammernligaQueue;
  var keep = queue.keep;
  var forget = queue.forget;
  var find = queue.find;

  // This evening's unsent games of the scorekeeper logged in here, in the order they were
  // typed: another scorekeeper's games stay on the phone and are never sent under this login.
  function unsent() {
    return queue.unsent(action).then(function (records) {
      return records.filter(function (record) {
        return record.user === queue.user && record.kind !== "partie";
      });
    });
  }

  // --- what was typed ------------------------------------------------------------------------

  function labelOf(input) {
    var label = input.closest("label");
    return label ? label.textContent.replace(/\s+/g, " ").trim() : "";
  }

  // A line a person recognises: who played, trump, bid, points, Kontra/Re and melds as typed.
  function describe() {
    var parts = [];
    ["declarer", "trump", "bid"].forEach(function (name) {
      var chosen = form.querySelector('input[name="' + name + '"]:checked');
      if (chosen) {
        parts.push(labelOf(chosen));
      }
    });
    var a = form.querySelector('input[data-points="a"]');
    var b = form.querySelector('input[data-points="b"]');
    if (a && b) {
      parts.push((a.value || "–") + ":" + (b.value || "–"));
    }
    ["kontra", "re"].forEach(function (name) {
      var box = form.querySelector('input[name="' + name + '"]:checked');
      if (box) {
        parts.push(labelOf(box));
      }
    });
    form.querySelectorAll("fieldset.meld-team").forEach(function (team) {
      var melds = [];
      team.querySelectorAll("input:checked").forEach(function (input) {
        if (input.type === "radio" && input.value === "0") {
          return;
        }
        var row = input.closest(".meld-row");
        var legend = row && row.querySelector("legend");
        var what = labelOf(input);
        melds.push(legend && input.type === "radio" ? legend.textContent.trim() + " " + what : what);
      });
      if (melds.length) {
        parts.push(team.querySelector("legend").textContent.trim() + ": " + melds.join(", "));
      }
    });
    return parts.join(" · ");
  }

  function recordOfForm(seq) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      fields.push([name, String(value)]);
    });
    return {
      token: form.elements.token.value,
      seq: seq || Date.now(),
      action: action,
      match: form.dataset.partieKey || form.elements.match.value,
      partie: form.dataset.partie,
      user: queue.user,
      fields: fields,
      summary: describe(),
      status: "pending",
      problems: [],
    };
  }

  // The form's own Partie and CSRF token stay: a game of a Partie that is over is corrected
  // into the Partie the form is for.
  var KEPT_FIELDS = ["match", "csrfmiddlewaretoken", "place"].concat(
    SLOTS.map(function (slot) {
      return "partie-player_" + slot;
    })
  );

  function fillForm(record) {
    form.reset();
    record.fields.forEach(function (pair) {
      if (KEPT_FIELDS.indexOf(pair[0]) !== -1) {
        return;
      }
      form.querySelectorAll('[name="' + pair[0] + '"]').forEach(function (input) {
        if (input.type === "radio" || input.type === "checkbox") {
          input.checked = input.value === pair[1];
        } else {
          input.value = pair[1];
        }
      });
    });
    form.querySelectorAll("details.melds").forEach(function (details) {
      details.open = true;
    });
  }

  // --- sending -------------------------------------------------------------------------------

  function csrf() {
    var input = document.querySelector('input[name="csrfmiddlewaretoken"]');
    return input ? input.value : "";
  }

  // The server's answer: {status: "stored" | "refused" | "deleted", problems}; a network
  // failure rejects; anything else (a login page, a server error) is "later".
  function send(record) {
    var body = new URLSearchParams();
    record.fields.forEach(function (pair) {
      if (pair[0] !== "csrfmiddlewaretoken") {
        body.append(pair[0], pair[1]);
      }
    });
    body.append("csrfmiddlewaretoken", csrf());
    return fetch(record.url || record.action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    }).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      if (type.indexOf("application/json") === 0) {
        return response.json();
      }
      var login = response.redirected && response.url.indexOf(texts.loginUrl) !== -1;
      return { status: "later", problems: [login ? texts.login : texts.failed] };
    });
  }

  function setStatus(text) {
    status.textContent = text;
  }

  function resetForm() {
    form.reset();
    form.elements.token.value = crypto.randomUUID();
    form.querySelectorAll(".computed").forEach(function (input) {
      input.classList.remove("computed");
    });
    release(form);
    dirty = false;
  }

  // The game cannot reach the server: kept on the phone, listed, the form ready for the next.
  // `cleared`: the form was made ready for the next game already, when the game was read.
  function keepOffline(record, cleared) {
    return find(record.token)
      .then(function (earlier) {
        // A corrected game keeps its place in the order.
        record.seq = earlier ? earlier.seq : record.seq;
        return keep(record);
      })
      .then(
        function () {
          if (!cleared) {
            leaveChange();
            resetForm();
          }
          setStatus(texts.kept);
          return show();
        },
        function () {
          // The phone could not keep it: back in the form, nothing typed is lost.
          if (cleared && !record.kind) {
            fillForm(record);
          }
          setStatus(texts.failed);
        }
      );
  }

  function clearForm() {
    leaveChange();
    resetForm();
  }

  form.addEventListener("input", function () {
    dirty = true;
  });

  form.addEventListener("submit", function (event) {
    if (event.defaultPrevented) {
      return; // a second tap while the first save runs (entry.js)
    }
    event.preventDefault();
    if (form.dataset.changing) {
      // A correction of a stored game, made without a connection: queued, sent in order.
      var change = changeRecord();
      clearForm();
      keepOffline(change, true).then(sync);
      return;
    }
    var record = recordOfForm();
    if (!navigator.onLine) {
      // Read, and the form ready for the next game at once: a quick scorekeeper's next taps are
      // never wiped when this game is kept.
      clearForm();
      keepOffline(record, true).then(sync);
      return;
    }
    unsent()
      .then(function (records) {
        var waiting = records.some(function (other) {
          return other.token !== record.token && other.match === record.match;
        });
        // Offline, or earlier games of this Partie still unsent: it goes to the end of the queue.
        if (!navigator.onLine || waiting) {
          return keepOffline(record).then(sync);
        }
        return send(record).then(function (answer) {
          if (answer.status === "stored") {
            return forget(record.token).then(function () {
              var base = action.replace(/spiel\/$/, "");
              window.location.assign(base + "?neu=" + answer.game + "#neues-spiel");
            });
          }
          if (answer.status === "later") {
            // Logged out meanwhile, or a server error: kept, so nothing typed is lost.
            return keepOffline(record).then(function () {
              setStatus(answer.problems.join(" "));
            });
          }
          // Refused: the form goes the ordinary way, and the server's page shows every problem
          // at its field (nothing was stored under the token).
          form.submit();
        }, function () {
          return keepOffline(record);
        });
      })
      .catch(function () {
        form.submit();
      });
  });

  // Sends every pending game in order; a refused game holds back the later games of its Partie,
  // so the order stays right once it is corrected.
  function sync() {
    if (syncing || !navigator.onLine) {
      return Promise.resolve();
    }
    syncing = true;
    var stored = 0;
    var held = {};
    return unsent()
      .then(function (records) {
        var chain = Promise.resolve(true);
        records.forEach(function (record) {
          chain = chain.then(function (goOn) {
            if (!goOn) {
              return false;
            }
            if (record.status === "refused" || (held[record.match] && !record.kind)) {
              held[record.match] = held[record.match] || !record.kind;
              return true;
            }
            setStatus(texts.sending);
            return send(record).then(function (answer) {
              if (answer.status === "stored") {
                stored += 1;
                return forget(record.token).then(function () {
                  return true;
                });
              }
              if (answer.status === "later") {
                setStatus(answer.problems.join(" "));
                return false;
              }
              record.status = "refused";
              record.problems = answer.problems;
              held[record.match] = held[record.match] || !record.kind;
              return keep(record).then(function () {
                return true;
              });
            });
          });
        });
        return chain;
      })
      .catch(function () {
        return false; // the connection went again: the rest stays for the next try
      })
      .then(function () {
        syncing = false;
        return show();
      })
      .then(function (left) {
        if (!stored) {
          return;
        }
        // The running score, Laube and round ends come from the server: show the stored page.
        if (!dirty) {
          window.location.reload();
        } else {
          setStatus(texts.sent.replace("%(n)s", stored));
        }
        return left;
      });
  }

  // --- the lists under each Partie -----------------------------------------------------------

  // A waiting game as static/js/score.js reads it, from the fields its form sent.
  function gameOf(record, teamA) {
    var f = {};
    record.fields.forEach(function (pair) {
      f[pair[0]] = pair[1];
    });
    var melds = function (side) {
      var kinds = [];
      for (var i = 0; i < (parseInt(f["fuenfzig_" + side], 10) || 0); i++) kinds.push("fuenfzig");
      for (var j = 0; j < (parseInt(f["terz_" + side], 10) || 0); j++) kinds.push("terz");
      if (f["belle_" + side]) kinds.push("belle");
      return kinds;
    };
    var game = {
      playing: teamA.indexOf(f.declarer) !== -1 ? "a" : "b",
      melds_a: melds("a"),
      melds_b: melds("b"),
      kontra: Boolean(f.kontra),
      re: Boolean(f.re),
    };
    // One team's points are enough, as on the server: the other's follow from the total.
    var total = 164 + [].concat(game.melds_a, game.melds_b).reduce(function (sum, kind) {
      return sum + (kind === "fuenfzig" ? 50 : 20);
    }, 0);
    var a = parseInt(f.points_a, 10);
    var b = parseInt(f.points_b, 10);
    game.points_a = isNaN(a) ? total - b : a;
    game.points_b = isNaN(b) ? total - a : b;
    return game;
  }

  // The running state after each waiting game of a Partie, from where its open round stands:
  // provisional, the server's stored games are what counts.
  function showScores(section, items, records) {
    if (!window.KlammernScore || !section.dataset.round) {
      return;
    }
    var teamA = (section.dataset.teamA || "").split(" ");
    var names = section.querySelectorAll("h2 .team");
    var steps = window.KlammernScore.match(
      records.map(function (record) {
        return gameOf(record, teamA);
      }),
      {
        round_no: parseInt(section.dataset.round, 10),
        score_a: parseInt(section.dataset.scoreA, 10),
        score_b: parseInt(section.dataset.scoreB, 10),
      }
    );
    // The Partie's tallies with these games: rounds and large points on top of the stored ones.
    var tally = {
      ra: parseInt(section.dataset.roundsA, 10) || 0,
      rb: parseInt(section.dataset.roundsB, 10) || 0,
      la: parseInt(section.dataset.largeA, 10) || 0,
      lb: parseInt(section.dataset.largeB, 10) || 0,
    };
    steps.forEach(function (step) {
      if (step.ends_round) {
        var side = step.round_winner === "a" ? "a" : "b";
        tally["r" + side] += 1;
        tally["l" + side] += step.large_points;
      }
    });
    var line = section.querySelector(".unsent-tally");
    if (line) {
      line.textContent = texts.tally.replace(/%\((ra|rb|la|lb)\)s/g, function (all, key) {
        return tally[key];
      });
    }
    steps.forEach(function (step, index) {
      var text = texts.score.replace("%(a)s", step.score_a).replace("%(b)s", step.score_b);
      if (step.ends_round) {
        var team = names[step.round_winner === "a" ? 0 : 1];
        text = (step.kalte ? texts.roundWonKalte : texts.roundWon)
          .replace("%(team)s", team ? team.textContent : step.round_winner.toUpperCase())
          .replace("%(large)s", step.large_points);
      } else if (step.laube_a || step.laube_b) {
        text += " · " + texts.laube;
      }
      items[index].querySelector(".unsent-score").textContent = "(" + text + ")";
    });
  }

  function show() {
    return unsent().then(function (records) {
      document.querySelectorAll(".unsent").forEach(function (list) {
        list.remove();
      });
      var waiting = {};
      var bySection = [];
      records.forEach(function (record) {
        var section =
          document.querySelector('section.match[data-match="' + record.match + '"]') ||
          form.closest("section");
        var list = section.querySelector(".unsent");
        if (!list) {
          list = document.getElementById("unsent-template").content.firstElementChild.cloneNode(true);
          section.appendChild(list);
        }
        var item = document.getElementById("unsent-item").content.firstElementChild.cloneNode(true);
        item.dataset.token = record.token;
        item.querySelector(".unsent-what").textContent = record.summary;
        var problem = item.querySelector(".unsent-problem");
        if (record.status === "refused") {
          item.classList.add("is-refused");
          problem.hidden = false;
          var messages = problem.querySelector("ul");
          record.problems.forEach(function (text) {
            var line = document.createElement("li");
            line.textContent = text;
            messages.appendChild(line);
          });
          waiting[record.match] = waiting[record.match] || !record.kind;
        } else if (waiting[record.match] && !record.kind) {
          item.querySelector(".unsent-note").textContent = texts.waiting;
        }
        list.querySelector(".unsent-list").appendChild(item);
        // Until a refused game of its Partie is corrected, the later ones have no score yet.
        if (record.status !== "refused" && !waiting[record.match] && !record.kind) {
          var entry = bySection.filter(function (e) {
            return e.section === section;
          })[0];
          if (!entry) {
            entry = { section: section, items: [], records: [] };
            bySection.push(entry);
          }
          entry.items.push(item);
          entry.records.push(record);
        }
      });
      bySection.forEach(function (entry) {
        showScores(entry.section, entry.items, entry.records);
      });
      return records.length;
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest(".unsent [data-action]");
    if (!button) {
      return;
    }
    var token = button.closest("[data-token]").dataset.token;
    find(token).then(function (record) {
      if (!record) {
        return;
      }
      if (button.dataset.action === "discard") {
        if (window.confirm(texts.confirmDiscard)) {
          forget(token).then(show);
        }
      } else if (record.match !== currentKey()) {
        // The form of another Partie: switched to it on this page, or that Partie's page.
        // A Partie over meanwhile: its game is corrected into an open Partie's form.
        var partie = partieOf(record.match);
        if (partie && partie.open) {
          usePartie(partie);
          correct(record);
        } else {
          window.location.assign(
            action.replace(/spiel\/$/, "") +
              "?partie=" + record.partie + "&korrigieren=" + token + "#neues-spiel"
          );
        }
      } else {
        correct(record);
      }
    });
  });

  // A refused game back in the form, with its token: sent again, it takes its place in the queue.
  function correct(record) {
    if (record.kind === "change" || record.kind === "delete") {
      var row = document.getElementById("spiel-" + record.game);
      if (!row) {
        return;
      }
      beginChange(row, record);
      setStatus(texts.correcting);
      form.scrollIntoView();
      return;
    }
    leaveChange();
    fillForm(record);
    setStatus(texts.correcting);
    form.scrollIntoView();
  }

  // --- stored games corrected or deleted without a connection ---------------------------------
  // Offline, a stored game's row opens it in this form (its own page needs the connection); the
  // correction or deletion waits in the queue with the game's version and is sent in order. A
  // game changed meanwhile by someone else is not overwritten: the server refuses and says why.

  var changeButtons = form.querySelectorAll("[data-action=delete-stored], [data-action=cancel-change]");

  function beginChange(row, earlier) {
    var section = row.closest("section.match");
    var partie = partieOf(section.dataset.match);
    if (partie) {
      usePartie(partie);
    }
    var stored = JSON.parse(row.dataset.game);
    var fields = earlier && earlier.kind === "change" ? earlier.fields : Object.keys(stored).map(
      function (name) {
        var value = stored[name];
        return [name, value === true ? "on" : value === false || value === null ? "" : String(value)];
      }
    );
    fillForm({ fields: fields });
    // The version of the game as this page shows it: a correction made again after a refusal
    // is made over the game as it stands now.
    setHidden("version", String(stored.version));
    form.dataset.changing = JSON.stringify({
      game: row.id.replace("spiel-", ""),
      url: row.querySelector("a.game-link").getAttribute("href"),
      position: row.dataset.position,
      partie: section.dataset.position,
      match: section.dataset.match,
      token: earlier ? earlier.token : "change:" + crypto.randomUUID(),
    });
    changeButtons.forEach(function (button) {
      button.hidden = false;
    });
    form.closest("section").querySelector(".new-game-title").textContent = texts.changing
      .split(":")[0]
      .replace("%(n)s", row.dataset.position)
      .replace("%(m)s", section.dataset.position);
    setStatus(
      texts.changing.replace("%(n)s", row.dataset.position).replace("%(m)s", section.dataset.position)
    );
  }

  function leaveChange() {
    if (!form.dataset.changing) {
      return;
    }
    delete form.dataset.changing;
    setHidden("version", null);
    changeButtons.forEach(function (button) {
      button.hidden = true;
    });
    var partie = partieOf(currentKey());
    if (partie) {
      usePartie(partie);
    }
  }

  function changeRecord(kind) {
    var change = JSON.parse(form.dataset.changing);
    var record = recordOfForm();
    record.kind = kind || "change";
    record.token = change.token;
    record.game = change.game;
    record.match = change.match;
    record.partie = change.partie;
    if (record.kind === "delete") {
      record.url = change.url + "loeschen/";
      record.fields = [["version", form.elements.version.value]];
      record.summary = texts.deletionOf.replace("%(n)s", change.position);
    } else {
      record.url = change.url;
      record.summary = texts.changeOf.replace("%(n)s", change.position) + " " + record.summary;
    }
    return record;
  }

  document.querySelectorAll("section.match .game-link").forEach(function (link) {
    link.addEventListener("click", function (event) {
      if (navigator.onLine) {
        return;
      }
      event.preventDefault();
      beginChange(link.closest("li.game-row"));
      form.closest("section").scrollIntoView();
    });
  });

  form.addEventListener("click", function (event) {
    var button = event.target.closest("[data-action]");
    if (!button || !form.dataset.changing) {
      return;
    }
    if (button.dataset.action === "cancel-change") {
      leaveChange();
      setStatus("");
    } else if (button.dataset.action === "delete-stored" && window.confirm(texts.confirmDelete)) {
      keepOffline(changeRecord("delete")).then(sync);
    }
  });

  // --- Parties begun without a connection ---------------------------------------------------
  // A Partie begun on the phone is kept in the queue too (kind "partie", never sent itself): its
  // games name it by the four players, and the server begins or continues it with the first.

  var parties = []; // every Partie the form can be switched to on this page

  function teamName(first, second) {
    return [first, second]
      .sort(function (x, y) {
        var a = x.toLowerCase();
        var b = y.toLowerCase();
        return a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0;
      })
      .join(" & ");
  }

  // The same two teams, however seated.
  function pairingKey(ids) {
    var a = [ids[0], ids[1]].sort().join("+");
    var b = [ids[2], ids[3]].sort().join("+");
    return [a, b].sort().join("|");
  }

  function currentKey() {
    return form.dataset.partieKey || form.elements.match.value;
  }

  function partieOf(key) {
    return parties.filter(function (partie) {
      return partie.key === key;
    })[0];
  }

  function setHidden(name, value) {
    var input = form.querySelector('input[type="hidden"][name="' + name + '"]');
    if (value === null) {
      if (input) {
        input.remove();
      }
      return;
    }
    if (!input) {
      input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      form.appendChild(input);
    }
    input.value = value;
  }

  function place() {
    try {
      return window.localStorage.getItem(PLACE + action.split("/").slice(-3)[0]) || "";
    } catch (error) {
      return "";
    }
  }

  var firstMatch = form.elements.match.value;

  // The form, with its seats, names and number, for one Partie: never one Partie's form under
  // another's name.
  function usePartie(partie) {
    var section = form.closest("section");
    section.hidden = false;
    form.dataset.partie = partie.position;
    form.dataset.partieKey = partie.key;
    form.elements.match.value = partie.local ? "" : partie.key;
    SLOTS.forEach(function (slot, index) {
      setHidden("partie-player_" + slot, partie.local ? partie.ids[index] : null);
    });
    setHidden("place", partie.local ? place() : null);
    ["declarer", "dealer"].forEach(function (name) {
      form.querySelectorAll('input[name="' + name + '"]').forEach(function (input, index) {
        input.value = partie.ids[index];
        var label = input.closest("label");
        var text = label && label.querySelector("span");
        if (text) {
          text.textContent = partie.names[index];
        }
      });
    });
    [0, 1].forEach(function (team) {
      form.querySelectorAll('[data-team="' + team + '"]').forEach(function (element) {
        element.textContent = teamName(partie.names[2 * team], partie.names[2 * team + 1]);
      });
    });
    section.querySelector(".new-game-title").textContent = texts.newGame.replace(
      "%(n)s",
      partie.position
    );
    var score = section.querySelector("p.score");
    if (score) {
      score.hidden = partie.key !== firstMatch;
    }
    section.querySelectorAll(".partie-tabs a").forEach(function (tab) {
      if (new URLSearchParams(tab.search).get("partie") === String(partie.position)) {
        tab.setAttribute("aria-current", "true");
      } else {
        tab.removeAttribute("aria-current");
      }
    });
    resetForm();
  }

  function showLocal(partie) {
    var section = document.getElementById("local-partie").content.firstElementChild.cloneNode(true);
    section.id = "partie-" + partie.position;
    section.dataset.match = partie.key;
    section.dataset.teamA = partie.ids[0] + " " + partie.ids[1];
    section.dataset.round = "1";
    section.dataset.scoreA = "0";
    section.dataset.scoreB = "0";
    ["roundsA", "roundsB", "largeA", "largeB"].forEach(function (name) {
      section.dataset[name] = "0";
    });
    section.querySelector(".partie-title").textContent = texts.partie.replace("%(n)s", partie.position);
    var teams = section.querySelectorAll(".team");
    teams[0].textContent = teamName(partie.names[0], partie.names[1]);
    teams[1].textContent = teamName(partie.names[2], partie.names[3]);
    section.querySelector(".use-partie").addEventListener("click", function () {
      usePartie(partie);
      form.closest("section").scrollIntoView();
    });
    var before = document.getElementById("geloescht") || document.getElementById("neue-partie");
    before.parentNode.insertBefore(section, before);
  }

  document.querySelectorAll("section.match[data-seats]").forEach(function (section) {
    var seats = JSON.parse(section.dataset.seats);
    var partie = {
      key: section.dataset.match,
      local: false,
      open: "open" in section.dataset,
      position: section.dataset.position,
      ids: seats.map(function (seat) {
        return String(seat[0]);
      }),
      names: seats.map(function (seat) {
        return seat[1];
      }),
    };
    parties.push(partie);
    // Offline, "next game here" switches the form on this page (that Partie's page may not be
    // kept on the phone).
    var link = section.querySelector(".tally a");
    if (link) {
      link.addEventListener("click", function (event) {
        if (!navigator.onLine) {
          event.preventDefault();
          usePartie(partie);
          form.closest("section").scrollIntoView();
        }
      });
    }
  });

  function localRecords() {
    return queue.all().then(function (records) {
      return records
        .filter(function (record) {
          return record.kind === "partie" && record.action === action && record.user === queue.user;
        })
        .sort(function (a, b) {
          return a.seq - b.seq;
        });
    });
  }

  function nameOf(id) {
    var option = document.querySelector('select[name="partie-player_a1"] option[value="' + id + '"]');
    return option ? option.textContent.trim() : "";
  }

  function beginOffline(partieForm) {
    var ids = [];
    var typed = false;
    SLOTS.forEach(function (slot) {
      var chosen = partieForm.elements["partie-player_" + slot];
      var fresh = partieForm.elements["partie-new_" + slot];
      typed = typed || Boolean(fresh && fresh.value.trim());
      ids.push(chosen ? chosen.value : "");
    });
    var distinct = ids.filter(function (id, index) {
      return id && ids.indexOf(id) === index;
    });
    var note = document.getElementById("partie-offline-status");
    if (typed || distinct.length !== 4) {
      note.textContent = typed ? texts.newPlayerOffline : texts.fourPlayers;
      return Promise.resolve();
    }
    var names = ids.map(nameOf);
    var same = parties.filter(function (partie) {
      return (partie.local || partie.open) && pairingKey(partie.ids) === pairingKey(ids);
    })[0];
    var ready = Promise.resolve(same);
    if (!same) {
      var position = parties.reduce(function (top, partie) {
        return Math.max(top, parseInt(partie.position, 10) || 0);
      }, 0) + 1;
      var key = "neu:" + ids.join("-");
      var record = {
        token: "partie:" + action + ":" + key,
        kind: "partie",
        seq: Date.now(),
        action: action,
        user: queue.user,
        key: key,
        ids: ids,
        names: names,
        position: String(position),
      };
      ready = keep(record).then(function () {
        var partie = fromRecord(record);
        parties.push(partie);
        showLocal(partie);
        return partie;
      });
    }
    return ready.then(function (partie) {
      note.textContent = "";
      usePartie(partie);
      setStatus(texts.partieBegun.replace("%(n)s", partie.position));
      form.closest("section").scrollIntoView();
    });
  }

  function fromRecord(record) {
    return {
      key: record.key,
      local: true,
      open: true,
      position: record.position,
      ids: record.ids,
      names: record.names,
    };
  }

  document.querySelectorAll("form").forEach(function (partieForm) {
    if (!/\/partie\/$/.test((partieForm.getAttribute("action") || "").split("#")[0])) {
      return;
    }
    partieForm.addEventListener("submit", function (event) {
      sendOrDoHere(partieForm, event, function () {
        beginOffline(partieForm);
      });
    });
  });

  // The Parties begun on this phone: shown, unless the server has them now and none of their
  // games waits any more.
  function loadLocal() {
    return Promise.all([localRecords(), unsent()]).then(function (both) {
      var shown = [];
      both[0].forEach(function (record) {
        var partie = fromRecord(record);
        var waiting = both[1].some(function (game) {
          return game.match === partie.key;
        });
        var stored = parties.some(function (other) {
          return other.open && pairingKey(other.ids) === pairingKey(partie.ids);
        });
        if (stored && !waiting) {
          forget(record.token);
          return;
        }
        parties.push(partie);
        showLocal(partie);
        shown.push(partie);
      });
      if (form.closest("section").hidden && shown.length) {
        usePartie(shown[shown.length - 1]);
      }
    });
  }

  // --- another scorekeeper's games on this phone ---------------------------------------------
  // They are never sent under this login by themselves; taken over with a tap, they are sent
  // under this scorekeeper's name, and the history names who typed them.

  function foreignRecords() {
    return queue.unsent(action).then(function (records) {
      return records.filter(function (record) {
        return record.user !== queue.user;
      });
    });
  }

  var foreign = document.getElementById("foreign-unsent");

  function showForeign() {
    return foreignRecords().then(function (records) {
      var games = records.filter(function (record) {
        return record.kind !== "partie";
      });
      foreign.hidden = !games.length;
      if (games.length) {
        var typedBy = games
          .map(function (record) {
            return record.user || "?";
          })
          .filter(function (user, index, all) {
            return all.indexOf(user) === index;
          })
          .join(", ");
        foreign.querySelector("p").textContent = (games.length === 1 ? texts.foreignOne : texts.foreign)
          .replace("%(n)s", games.length)
          .replace("%(user)s", typedBy);
      }
    });
  }

  foreign.querySelector("button").addEventListener("click", function () {
    foreignRecords()
      .then(function (records) {
        return Promise.all(
          records.map(function (record) {
            if (record.kind !== "partie" && record.user) {
              record.fields = record.fields.filter(function (pair) {
                return pair[0] !== "taken_over_from";
              });
              record.fields.push(["taken_over_from", record.user]);
            }
            record.user = queue.user;
            return keep(record);
          })
        );
      })
      .then(function () {
        foreign.hidden = true;
        // Parties the other scorekeeper began on this phone come along.
        parties = parties.filter(function (partie) {
          return !partie.local;
        });
        document.querySelectorAll("section.match-local").forEach(function (section) {
          section.remove();
        });
        return loadLocal();
      })
      .then(show)
      .then(sync);
  });

  // Every page load gets a token of its own: a page kept by the service worker holds an old one.
  form.elements.token.value = crypto.randomUUID();
  var asked = new URLSearchParams(window.location.search).get("korrigieren");
  loadLocal()
    .then(showForeign)
    .catch(function () {})
    .then(function () {
      return asked ? find(asked) : null;
    })
    .then(function (record) {
      if (record) {
        correct(record);
      }
      return show();
    })
    .then(function (count) {
      if (count) {
        sync();
      }
    });

  window.addEventListener("online", sync);
  window.addEventListener("offline", function () {
    setStatus(texts.offline);
  });
  // navigator.onLine may say "online" on a dead connection: try again now and then.
  window.setInterval(function () {
    unsent().then(function (records) {
      if (
        records.some(function (record) {
          return record.status === "pending";
        })
      ) {
        sync();
      }
    });
  }, 20000);
})();
