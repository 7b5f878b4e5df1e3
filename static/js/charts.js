// Line charts, progressive enhancement only: without this file the legend and the table of
// numbers beside the chart say everything. With it, a player's line can be brought forward:
// hover or focus a legend entry to see it, tap (or press) it to keep it highlighted.
(function () {
  "use strict";

  function seriesOf(item) {
    var key = item.querySelector(".chart-line");
    if (!key) {
      return null;
    }
    for (var i = 0; i < key.classList.length; i++) {
      if (key.classList[i].indexOf("series-") === 0) {
        return key.classList[i];
      }
    }
    return null;
  }

  function setup(figure) {
    var pinned = null;

    function show(series) {
      figure.classList.toggle("has-highlight", series !== null);
      figure.querySelectorAll(".chart-lines > *").forEach(function (line) {
        line.classList.toggle("is-highlighted", series !== null && line.classList.contains(series));
      });
    }

    figure.querySelectorAll(".chart-legend > li").forEach(function (item) {
      var series = seriesOf(item);
      if (!series) {
        return;
      }
      var button = document.createElement("button");
      button.type = "button";
      button.className = "chart-legend-button";
      button.setAttribute("aria-pressed", "false");
      while (item.firstChild) {
        button.appendChild(item.firstChild);
      }
      item.appendChild(button);

      button.addEventListener("click", function () {
        pinned = pinned === series ? null : series;
        figure.querySelectorAll(".chart-legend-button").forEach(function (other) {
          other.setAttribute("aria-pressed", String(other === button && pinned !== null));
        });
        show(pinned);
      });
      ["mouseenter", "focus"].forEach(function (name) {
        button.addEventListener(name, function () {
          show(series);
        });
      });
      ["mouseleave", "blur"].forEach(function (name) {
        button.addEventListener(name, function () {
          show(pinned);
        });
      });
    });
  }

  document.querySelectorAll("figure.line-chart").forEach(setup);
})();
