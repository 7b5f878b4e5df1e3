// Entry form, progressive enhancement only: the form works without this file.
// Typing one team's points fills in the other team's while that field is empty or was filled by
// the page (a typed number is never changed): the total (164 plus all melds) comes from the page (data-base-total, data-meld-points), so no rule of the game lives here.
(function () {
  "use strict";

  function setup(form) {
    var base = parseInt(form.dataset.baseTotal, 10);
    var fields = {
      a: form.querySelector('input[data-points="a"]'),
      b: form.querySelector('input[data-points="b"]'),
    };
    if (!fields.a || !fields.b || isNaN(base)) {
      return;
    }
    var typed = null;

    function meldPoints() {
      var sum = 0;
      form.querySelectorAll("input[data-meld-points]").forEach(function (input) {
        if (!input.checked) {
          return;
        }
        var points = parseInt(input.dataset.meldPoints, 10);
        var count = input.type === "radio" ? parseInt(input.value, 10) : 1;
        if (!isNaN(points) && !isNaN(count)) {
          sum += points * count;
        }
      });
      return sum;
    }

    // The page never changes a number the scorekeeper typed: it fills the other team's
    // points only while that field is empty or was filled by the page itself.
    function pageMayFill(input) {
      return input.value.trim() === "" || input.classList.contains("computed");
    }

    // Which team's points were typed last goes with the game, so a sum that does not add up
    // is reported at that field.
    var lastTyped = form.querySelector('input[name="last_typed"]');
    if (!lastTyped) {
      lastTyped = document.createElement("input");
      lastTyped.type = "hidden";
      lastTyped.name = "last_typed";
      form.appendChild(lastTyped);
    }

    function fill() {
      if (!typed) {
        return;
      }
      var other = typed === "a" ? "b" : "a";
      var raw = fields[typed].value.trim();
      if (!pageMayFill(fields[other])) {
        return;
      }
      if (!/^\d+$/.test(raw)) {
        fields[other].value = "";
        fields[other].classList.remove("computed");
        return;
      }
      var rest = base + meldPoints() - parseInt(raw, 10);
      if (rest < 0) {
        fields[other].value = "";
        fields[other].classList.remove("computed");
        return;
      }
      fields[other].value = String(rest);
      fields[other].classList.add("computed");
    }

    ["a", "b"].forEach(function (side) {
      fields[side].addEventListener("input", function () {
        fields[side].classList.remove("computed");
        typed = side;
        lastTyped.value = "points_" + side;
        fill();
      });
    });
    form.addEventListener("change", function (event) {
      if (event.target.matches("input[data-meld-points]")) {
        fill();
      }
    });
    form.addEventListener("reset", function () {
      typed = null;
      lastTyped.value = "";
    });
  }

  document.querySelectorAll("form[data-base-total]").forEach(setup);

  // Melds opened with a tap come into view above the save bar: the one tap after it (a Terz,
  // a Fünfzig) needs no scroll.
  document.querySelectorAll("form[data-base-total] details.melds").forEach(function (details) {
    details.querySelector("summary").addEventListener("click", function () {
      if (details.open) {
        return; // it is closing
      }
      window.requestAnimationFrame(function () {
        var bar = details.form || details.closest("form");
        var save = bar && bar.querySelector(".actions");
        var covered = save ? save.getBoundingClientRect().height : 0;
        var bottom = details.getBoundingClientRect().bottom;
        var room = window.innerHeight - covered;
        if (bottom > room) {
          window.scrollBy(0, Math.min(bottom - room, details.getBoundingClientRect().top - 8));
        }
      });
    });
  });

  // A second tap while the save runs sends nothing (the server's one-time token is the guard
  // without JavaScript); the button is disabled until the next page.
  document.querySelectorAll(".entry form[method=post]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (form.dataset.sending) {
        event.preventDefault();
        return;
      }
      form.dataset.sending = "1";
      form.querySelectorAll("button[type=submit]").forEach(function (button) {
        button.disabled = true;
        button.setAttribute("aria-busy", "true");
      });
    });
  });
  // Back to a page from the browser's cache: the form can be sent again.
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) {
      return;
    }
    document.querySelectorAll(".entry form[data-sending]").forEach(function (form) {
      delete form.dataset.sending;
      form.querySelectorAll("button[type=submit]").forEach(function (button) {
        button.disabled = false;
        button.removeAttribute("aria-busy");
      });
    });
  });

  // After a refused save, focus goes to the summary of what to correct.
  var problems = document.querySelector(".entry .form-problems[tabindex]");
  if (problems) {
    problems.focus();
  }
})();
