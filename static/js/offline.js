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
        return record.user === queue.user;
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
      match: form.elements.match.value,
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
  var KEPT_FIELDS = ["match", "csrfmiddlewaretoken"];

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
    return fetch(record.action, {
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
    delete form.dataset.sending;
    form.querySelectorAll("button[type=submit]").forEach(function (button) {
      button.disabled = false;
      button.removeAttribute("aria-busy");
    });
    dirty = false;
  }

  // The game cannot reach the server: kept on the phone, listed, the form ready for the next.
  function keepOffline(record) {
    return find(record.token)
      .then(function (earlier) {
        // A corrected game keeps its place in the order.
        record.seq = earlier ? earlier.seq : record.seq;
        return keep(record);
      })
      .then(function () {
        resetForm();
        setStatus(texts.kept);
        return show();
      });
  }

  form.addEventListener("input", function () {
    dirty = true;
  });

  form.addEventListener("submit", function (event) {
    if (event.defaultPrevented) {
      return; // a second tap while the first save runs (entry.js)
    }
    event.preventDefault();
    var record = recordOfForm();
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
            if (record.status === "refused" || held[record.match]) {
              held[record.match] = true;
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
              held[record.match] = true;
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
          waiting[record.match] = true;
        } else if (waiting[record.match]) {
          item.querySelector(".unsent-note").textContent = texts.waiting;
        }
        list.querySelector(".unsent-list").appendChild(item);
        // Until a refused game of its Partie is corrected, the later ones have no score yet.
        if (record.status !== "refused" && !waiting[record.match]) {
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
      } else if (record.match !== form.elements.match.value) {
        // The form of another Partie: open that tab and fill it there.
        window.location.assign(
          action.replace(/spiel\/$/, "") +
            "?partie=" + record.partie + "&korrigieren=" + token + "#neues-spiel"
        );
      } else {
        correct(record);
      }
    });
  });

  // A refused game back in the form, with its token: sent again, it takes its place in the queue.
  function correct(record) {
    fillForm(record);
    setStatus(texts.correcting);
    form.scrollIntoView();
  }

  // Every page load gets a token of its own: a page kept by the service worker holds an old one.
  form.elements.token.value = crypto.randomUUID();
  var asked = new URLSearchParams(window.location.search).get("korrigieren");
  (asked ? find(asked) : Promise.resolve(null))
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
