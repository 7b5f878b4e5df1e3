// Klammern's score in the browser, for the games that still wait on the phone: a game's small
// points and a Partie's running state (small points, Laube, round ends, large points, Kalte).
// The same rules as `scoring` (scoring/rules.py `result`, scoring/rounds.py `progress`), held
// to them by one conformance test over thousands of generated games
// (tests/e2e/test_score_conformance.py); docs/rules.md says them in words.
//
//   KlammernScore.game(g) -> {winner: "a" | "b", small_a, small_b}
//     g = {playing: "a" | "b", points_a, points_b, melds_a: ["terz" | "fuenfzig" | "belle", …],
//          melds_b: […], kontra: bool, re: bool}
//   KlammernScore.match(games, start) -> one step per game:
//     {round_no, score_a, score_b, laube_a, laube_b, ends_round, round_winner: "a" | "b" | null,
//      large_points, kalte}
//     start (optional) = {round_no, score_a, score_b}: the open round the games continue.
(function (root) {
  "use strict";

  var BASE_TOTAL = 164; // 120 card points, Jappa 20, Mi 14, last trick 10
  var ROUND_TARGET = 5;
  var LAUBE_SCORE = 4;
  var MELD_POINTS = { terz: 20, fuenfzig: 50, belle: 20 };

  function meldPoints(melds) {
    return (melds || []).reduce(function (sum, kind) {
      return sum + MELD_POINTS[kind];
    }, 0);
  }

  function game(g) {
    var total = BASE_TOTAL + meldPoints(g.melds_a) + meldPoints(g.melds_b);
    var own = g.playing === "a" ? g.points_a : g.points_b;
    // More than the Beet (half of all points) wins; a tie loses.
    var won = 2 * own > total;
    var winner = won ? g.playing : g.playing === "a" ? "b" : "a";
    var small = (won ? 1 : 2) * (g.re ? 4 : g.kontra ? 2 : 1);
    return { winner: winner, small_a: winner === "a" ? small : 0, small_b: winner === "b" ? small : 0 };
  }

  function match(games, start) {
    var round = start ? start.round_no : 1;
    var a = start ? start.score_a : 0;
    var b = start ? start.score_b : 0;
    return games.map(function (g) {
      var result = game(g);
      a += result.small_a;
      b += result.small_b;
      var step = {
        round_no: round,
        score_a: a,
        score_b: b,
        laube_a: a === LAUBE_SCORE,
        laube_b: b === LAUBE_SCORE,
        ends_round: false,
        round_winner: null,
        large_points: 0,
        kalte: false,
      };
      if (a >= ROUND_TARGET || b >= ROUND_TARGET) {
        var loser = a >= ROUND_TARGET ? b : a;
        step.ends_round = true;
        step.round_winner = a >= ROUND_TARGET ? "a" : "b";
        step.kalte = loser === 0;
        step.large_points = loser === 0 ? 2 : 1;
        round += 1;
        a = 0;
        b = 0;
      }
      return step;
    });
  }

  root.KlammernScore = { game: game, match: match };
})(typeof window !== "undefined" ? window : self);
