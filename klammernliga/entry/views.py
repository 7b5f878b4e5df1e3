"""The entry flow for scorekeepers: an evening, its matches, its history and restoring; a game's
own views (record, correct, delete) are in `game_views`. Views stay thin: forms check the input,
services write, scoring decides."""

from __future__ import annotations

import datetime
import functools
import json
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required, permission_required
from django.db import transaction
from django.db.models import Prefetch, Sum
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from klammernliga import services
from klammernliga.entry.access import ENTER_RESULTS
from klammernliga.entry.forms import EveningForm, MatchForm
from klammernliga.entry.game_forms import GameForm, initial_for
from klammernliga.entry.history import (
    HistoricalGame,
    evening_games,
    evening_history,
    melds_text,
    restorable_games,
)
from klammernliga.entry.problems import problem_text
from klammernliga.entry.refusals import login_again, wants_json
from klammernliga.models import Evening, Game, Match, Player, Team
from klammernliga.validation import date_problem
from scoring.domain import BASE_TOTAL, Side, Suit
from scoring.matches import pairing

View = Callable[..., HttpResponse]


def scorekeeper_required(view: View) -> View:
    """Anonymous visitors go to the login page; a logged-in user who is no scorekeeper gets 403.
    A phone's queue (asking for JSON) gets a JSON answer instead of the login page: 401 when
    logged out, 403 without the right; its games stay on the phone."""
    guarded = login_required(permission_required(ENTER_RESULTS, raise_exception=True)(view))

    @functools.wraps(view)
    def answer(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if wants_json(request):
            if not request.user.is_authenticated:
                return login_again("login", 401)
            if not request.user.has_perm(ENTER_RESULTS):
                return login_again("permission", 403)
        return guarded(request, *args, **kwargs)

    return answer


def post_only(back_to: str) -> Callable[[View], View]:
    """A view that only takes a POST; a GET goes to the page whose form posts there (`back_to`,
    given the URL's date), not to an empty 405. A GET comes from a bookmark, or from the login's
    way back after a form was sent without a login: without JavaScript nothing sent then was
    stored, and that page is where it is typed again (with JavaScript the phone keeps it)."""

    def decorate(view: View) -> View:
        only_post = require_POST(view)

        @functools.wraps(view)
        def answer(request: HttpRequest, date: datetime.date, **kwargs: Any) -> HttpResponse:
            if request.method in ("GET", "HEAD"):
                return redirect(back_to, date)
            return only_post(request, date, **kwargs)

        return answer

    return decorate


TEAMS = ("team_a__player_1", "team_a__player_2", "team_b__player_1", "team_b__player_2")


def evening_on(date: datetime.date) -> Evening:
    return get_object_or_404(Evening, date=date)


def evening_url(evening: Evening, anchor: str = "", **query: object) -> str:
    url = reverse("entry:evening", args=[evening.date])
    if query:
        url += "?" + "&".join(f"{key}={value}" for key, value in query.items())
    return url + (f"#{anchor}" if anchor else "")


def posted_int(request: HttpRequest, name: str) -> int:
    """An id from a form; a mangled one is a 404, never a server error."""
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        raise Http404 from None


def game_on(evening: Evening, pk: int) -> Game:
    games = Game.objects.select_related(
        "declarer", "match__evening", *(f"match__{t}" for t in TEAMS)
    ).prefetch_related("melds")
    return get_object_or_404(games, pk=pk, match__evening=evening)


def round_notice(game: Game, match: Match) -> str:
    """'Runde an Anna & Bernd: 5:2 – 1 großer Punkt', with 'Kalte!' before a Kalte; or ''."""
    if not game.ends_round:
        return ""
    side = Side(game.round_winner)
    winner, loser = (game.score_a, game.score_b) if side is Side.A else (game.score_b, game.score_a)
    text = ngettext(
        "Runde an %(team)s: %(score)s – %(large)d großer Punkt",
        "Runde an %(team)s: %(score)s – %(large)d große Punkte",
        game.large_points,
    ) % {"team": match.team(side).name, "score": f"{winner}:{loser}", "large": game.large_points}
    # A plain call (not inside the f-string), so that makemessages finds the message.
    kalte = gettext("Kalte!")
    return f"{kalte} {text}" if game.kalte else text


def game_label(game: Game) -> str:
    return gettext("Spiel %(game)d der Partie %(match)d") % {
        "game": game.position,
        "match": game.match.position,
    }


# --- pages --------------------------------------------------------------------------------------


@scorekeeper_required
@require_http_methods(["GET", "POST"])
def start(request: HttpRequest) -> HttpResponse:
    """Start an evening (or open the one of that date) and see the last evenings."""
    form = EveningForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        evening, created = services.open_evening(
            date=form.cleaned_data["date"], place=form.cleaned_data["place"]
        )
        if not created:
            messages.info(request, gettext("Diesen Abend gibt es schon; hier geht es weiter."))
        return redirect(evening_url(evening, "neues-spiel"))
    evenings = Evening.objects.annotate(games=Sum("matches__games_count")).order_by("-date")[:10]
    return render(request, "entry/start.html", {"form": form, "evenings": evenings})


def _matches(evening: Evening) -> list[Match]:
    if evening.pk is None:
        return []
    games = Game.objects.select_related("declarer").prefetch_related("melds").order_by("position")
    return list(
        evening.matches.select_related(*TEAMS)
        .prefetch_related(Prefetch("games", queryset=games))
        .order_by("position")
    )


def _score(match: Match) -> dict[str, object]:
    """Where the match's open round stands before its next game."""
    games = match.games.all()
    last = games[len(games) - 1] if games else None
    fresh = last is None or last.ends_round
    return {
        "round": (last.round_no + (1 if last.ends_round else 0)) if last else 1,
        "a": 0 if fresh else last.score_a,  # type: ignore[union-attr]  # not fresh: there is a last game
        "b": 0 if fresh else last.score_b,  # type: ignore[union-attr]  # not fresh: there is a last game
        "laube_a": not fresh and last.in_laube_a,  # type: ignore[union-attr]  # not fresh: there is a last game
        "laube_b": not fresh and last.in_laube_b,  # type: ignore[union-attr]  # not fresh: there is a last game
    }


def _chosen(
    request: HttpRequest, open_ones: list[Match], notice_match: Match | None
) -> Match | None:
    """The match the game form writes to: the one asked for (?partie=N), the one just saved
    to, or the newest open one."""
    asked = request.GET.get("partie", "")
    for match in open_ones:
        if str(match.position) == asked:
            return match
    if notice_match is not None and notice_match in open_ones:
        return notice_match
    return open_ones[-1] if open_ones else None


def _suggestions(evening: Evening, matches: list[Match]) -> list[Match]:
    """The teams of the last evening's matches (and this evening's), each once: a new match
    in one tap."""
    last_evening = Evening.objects.filter(date__lt=evening.date).order_by("-date").values("pk")[:1]
    earlier = Match.objects.filter(evening__in=last_evening).select_related(*TEAMS)
    seen: set[frozenset[frozenset[int]]] = set()
    chosen = []
    for match in [*matches, *earlier.order_by("position")]:
        key = pairing(
            (match.team_a.player_1_id, match.team_a.player_2_id),
            (match.team_b.player_1_id, match.team_b.player_2_id),
        )
        if key not in seen:
            seen.add(key)
            chosen.append(match)
    return chosen


def evening_page(
    request: HttpRequest,
    evening: Evening,
    *,
    game_form: GameForm | None = None,
    match_form: MatchForm | None = None,
) -> HttpResponse:
    matches = _matches(evening)
    open_ids = services.open_matches(matches)
    notice: dict[str, Any] | None = None
    saved = request.GET.get("neu", "")
    for match in matches:
        match.is_open = match.pk in open_ids  # type: ignore[attr-defined]  # for the template only
        # Where its open round stands: the phone adds the games still waiting to it.
        match.round_now = _score(match)  # type: ignore[attr-defined]  # for the template only
        # Its four seats for the phone, which may switch its form to it without a connection.
        match.seats_json = json.dumps(  # type: ignore[attr-defined]  # for the template only
            [[p.pk, p.name] for p in (*match.team_a.players, *match.team_b.players)]
        )
        for game in match.games.all():
            game.round_text = round_notice(game, match)  # type: ignore[attr-defined]  # for the template
            game.trump_symbol = Suit(game.trump).symbol  # type: ignore[attr-defined]  # for the template
            game.meld_text = melds_text((m.side, m.kind) for m in game.melds.all())  # type: ignore[attr-defined]  # for the template
            # Its fields as its correction form has them: the phone corrects it offline.
            game.fields_json = json.dumps(initial_for(game))  # type: ignore[attr-defined]  # for the template
            if saved == str(game.pk):
                notice = {"game": game, "match": match, "label": game_label(game)}
    open_ones = [m for m in matches if m.pk in open_ids]
    if game_form is not None:
        loaded = next(m for m in matches if m.pk == game_form.match.pk)
        game_form.match = loaded  # the loaded one, with its games
        current: Match | None = loaded
    else:
        current = _chosen(request, open_ones, notice["match"] if notice else None)
        # Without an open Partie, the form of one the phone may begin without a connection:
        # hidden until then, its four seats filled in by the page's script (offline.js).
        game_form = GameForm(match=current if current is not None else _seats())
    context = {
        "evening": evening,
        "matches": matches,
        "open_matches": open_ones,
        "current": current,
        "game_form": game_form,
        "match_form": match_form or MatchForm(prefix="partie"),
        "suggestions": _suggestions(evening, matches),
        "notice": notice,
        "score": _score(current) if current is not None else None,
        "deleted": restorable_games(evening) if evening.pk else [],
        "base_total": BASE_TOTAL,
    }
    return render(request, "entry/evening.html", context)


def _seats() -> Match:
    """A Partie not stored, of four seats without players: the game form's outline."""
    seat = [Player(name=f"{team} {n}") for team in "AB" for n in (1, 2)]
    return Match(
        position=0,
        team_a=Team(player_1=seat[0], player_2=seat[1]),
        team_b=Team(player_1=seat[2], player_2=seat[3]),
    )


def _evening_or_blank(date: datetime.date) -> Evening:
    """The evening of a date, or one not yet begun (not stored) if the date may have one."""
    if date_problem(date):
        raise Http404
    return Evening.objects.filter(date=date).first() or Evening(date=date)


@scorekeeper_required
@require_GET
def evening(request: HttpRequest, date: datetime.date) -> HttpResponse:
    """The evening's matches with every game, the form for the next game and a new match. An
    evening not yet begun shows the form for its first Partie: it begins with it."""
    return evening_page(request, _evening_or_blank(date))


@scorekeeper_required
@require_GET
def blank_evening(request: HttpRequest) -> HttpResponse:
    """Today's evening as it looks before it begins: the service worker keeps it and shows it,
    dated by the page's script, for an evening begun on the phone without a connection."""
    return evening_page(request, Evening(date=timezone.localdate()))


@scorekeeper_required
@post_only("entry:evening")
def new_match(request: HttpRequest, date: datetime.date) -> HttpResponse:
    """Start a match of two teams (new players may be typed in on the spot); the same two teams
    go on with their earlier match if none of the four played elsewhere since."""
    evening = _evening_or_blank(date)
    form = MatchForm(data=request.POST, prefix="partie")
    if form.is_valid():
        team_a, team_b = form.teams()
        try:
            with transaction.atomic():
                # The evening begins with its first Partie (and not without it).
                evening, _ = services.open_evening(date=date)
                match, going_on = services.begin_match(
                    evening=evening, team_a=team_a, team_b=team_b
                )
        except services.InvalidGame as error:
            evening = _evening_or_blank(date)
            for problem in error.problems:
                form.add_error(None, problem_text(problem, {}))
        else:
            names = {"match": match.position, "a": match.team_a.name, "b": match.team_b.name}
            if going_on:
                messages.info(
                    request,
                    gettext(
                        "Partie %(match)d geht weiter: %(a)s gegen %(b)s spielen hier schon, "
                        "die offene Runde zählt weiter."
                    )
                    % names,
                )
            else:
                messages.success(request, gettext("Partie %(match)d: %(a)s gegen %(b)s.") % names)
            return redirect(evening_url(evening, "neues-spiel", partie=match.position))
    return evening_page(request, evening, match_form=form)


@scorekeeper_required
@require_GET
def history(request: HttpRequest, date: datetime.date) -> HttpResponse:
    """Who changed what on this evening, and when; deleted games with a restore button."""
    evening = evening_on(date)
    return render(
        request, "entry/history.html", {"evening": evening, "changes": evening_history(evening)}
    )


@scorekeeper_required
@post_only("entry:history")
def restore_game(request: HttpRequest, date: datetime.date, history_id: int) -> HttpResponse:
    """Bring a deleted game of this evening back."""
    evening = evening_on(date)
    if not HistoricalGame.objects.filter(evening_games(evening), history_id=history_id).exists():
        raise Http404
    try:
        game = services.restore_game(history_id)
    except services.CannotRestore as error:
        messages.error(request, str(error))
        return redirect("entry:history", date=evening.date)
    except services.InvalidGame as error:
        messages.error(request, "; ".join(problem_text(p, {}) for p in error.problems))
        return redirect("entry:history", date=evening.date)
    messages.success(request, gettext("%(game)s wiederhergestellt.") % {"game": game_label(game)})
    return redirect(evening_url(evening, f"spiel-{game.pk}", partie=game.match.position))


# --- accounts -----------------------------------------------------------------------------------


class LogoutView(auth_views.LogoutView):
    """Log out (POST) and say so on a page of its own, unless a `next` page is asked for. A GET
    (a bookmark, the logged-out page loaded again) logs no one out: it offers the button to whoever
    is logged in and says "logged out" to everyone else."""

    http_method_names = ["get", "post", "options"]

    def get_default_redirect_url(self) -> str:
        return self.request.path

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_authenticated:
            return render(request, "registration/logout.html")
        return super().get(request, *args, **kwargs)

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        """The browser drops its cached copies of the logged-in pages (the service worker
        drops its own when the page tells it); the offline queue in IndexedDB stays."""
        response = super().post(request, *args, **kwargs)
        response["Clear-Site-Data"] = '"cache"'
        return response
