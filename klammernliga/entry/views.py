"""The entry flow for scorekeepers: an evening, its matches and games; corrections, deletion and
restoring. Views stay thin: forms check the input, services write, scoring decides."""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required, permission_required
from django.db.models import Prefetch, Sum
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from klammernliga import services
from klammernliga.entry.access import ENTER_RESULTS
from klammernliga.entry.forms import (
    DeleteGameForm,
    EditGameForm,
    EveningForm,
    GameForm,
    MatchForm,
    problem_text,
)
from klammernliga.entry.history import (
    HistoricalGame,
    evening_games,
    evening_history,
    melds_text,
    restorable_games,
)
from klammernliga.models import Evening, Game, Match
from scoring.domain import BASE_TOTAL, Side, Suit
from scoring.matches import pairing

View = Callable[..., HttpResponse]


def scorekeeper_required(view: View) -> View:
    """Anonymous visitors go to the login page; a logged-in user who is no scorekeeper gets 403."""
    return login_required(permission_required(ENTER_RESULTS, raise_exception=True)(view))


_TEAMS = ("team_a__player_1", "team_a__player_2", "team_b__player_1", "team_b__player_2")


def _evening(date: datetime.date) -> Evening:
    return get_object_or_404(Evening, date=date)


def _evening_url(evening: Evening, anchor: str = "", **query: object) -> str:
    url = reverse("entry:evening", args=[evening.date])
    if query:
        url += "?" + "&".join(f"{key}={value}" for key, value in query.items())
    return url + (f"#{anchor}" if anchor else "")


def _posted_int(request: HttpRequest, name: str) -> int:
    """An id from a form; a mangled one is a 404, never a server error."""
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        raise Http404 from None


def _game(evening: Evening, pk: int) -> Game:
    games = Game.objects.select_related(
        "declarer", "match__evening", *(f"match__{t}" for t in _TEAMS)
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


def _game_label(game: Game) -> str:
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
        return redirect(_evening_url(evening, "neues-spiel"))
    evenings = Evening.objects.annotate(games=Sum("matches__games_count")).order_by("-date")[:10]
    return render(request, "entry/start.html", {"form": form, "evenings": evenings})


def _matches(evening: Evening) -> list[Match]:
    games = Game.objects.select_related("declarer").prefetch_related("melds").order_by("position")
    return list(
        evening.matches.select_related(*_TEAMS)
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
        "a": 0 if fresh else last.score_a,  # type: ignore[union-attr]
        "b": 0 if fresh else last.score_b,  # type: ignore[union-attr]
        "laube_a": not fresh and last.in_laube_a,  # type: ignore[union-attr]
        "laube_b": not fresh and last.in_laube_b,  # type: ignore[union-attr]
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
    earlier = Match.objects.filter(evening__in=last_evening).select_related(*_TEAMS)
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


def _evening_page(
    request: HttpRequest,
    evening: Evening,
    *,
    game_form: GameForm | None = None,
    match_form: MatchForm | None = None,
) -> HttpResponse:
    matches = _matches(evening)
    open_ids = services.open_matches(matches)
    notice = None
    saved = request.GET.get("neu", "")
    for match in matches:
        match.is_open = match.pk in open_ids  # type: ignore[attr-defined]
        for game in match.games.all():
            game.round_text = round_notice(game, match)  # type: ignore[attr-defined]
            game.trump_symbol = Suit(game.trump).symbol  # type: ignore[attr-defined]
            game.meld_text = melds_text((m.side, m.kind) for m in game.melds.all())  # type: ignore[attr-defined]
            if saved == str(game.pk):
                notice = {"game": game, "match": match, "label": _game_label(game)}
    open_ones = [m for m in matches if m.pk in open_ids]
    if game_form is not None:
        current: Match | None = next(m for m in matches if m.pk == game_form.match.pk)
        game_form.match = current  # the loaded one, with its games
    else:
        current = _chosen(request, open_ones, notice["match"] if notice else None)
        if current is not None:
            game_form = GameForm(match=current)
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
        "deleted": restorable_games(evening),
        "base_total": BASE_TOTAL,
    }
    return render(request, "entry/evening.html", context)


@scorekeeper_required
@require_GET
def evening(request: HttpRequest, date: datetime.date) -> HttpResponse:
    """The evening's matches with every game, the form for the next game and a new match."""
    return _evening_page(request, _evening(date))


@scorekeeper_required
@require_POST
def new_match(request: HttpRequest, date: datetime.date) -> HttpResponse:
    """Start a match of two teams (new players may be typed in on the spot); the same two teams
    go on with their earlier match if none of the four played elsewhere since."""
    evening = _evening(date)
    form = MatchForm(data=request.POST, prefix="partie")
    if form.is_valid():
        team_a, team_b = form.teams()
        try:
            match, going_on = services.begin_match(evening=evening, team_a=team_a, team_b=team_b)
        except services.InvalidGame as error:
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
            return redirect(_evening_url(evening, "neues-spiel", partie=match.position))
    return _evening_page(request, evening, match_form=form)


@scorekeeper_required
@require_POST
def new_game(request: HttpRequest, date: datetime.date) -> HttpResponse:
    """Record the next game of a match of this evening; the same form sent again stores
    nothing and shows the game it stored. A phone sending games kept offline asks for JSON."""
    evening = _evening(date)
    synced = _wants_json(request)
    try:
        stored = _posted_token(request)
    except services.AlreadyRecorded:
        if synced:
            return _sync_answer("deleted", [_deleted_text()])
        return _recorded_and_deleted(request, evening)
    if stored is not None:
        return _sync_stored(stored, replay=True) if synced else _replayed(request, evening, stored)
    match = (
        Match.objects.select_related("evening", *_TEAMS)
        .filter(pk=_posted_int(request, "match"), evening=evening)
        .first()
    )
    if match is None:
        if synced:
            return _sync_answer("refused", [gettext("Diese Partie gibt es nicht mehr.")])
        raise Http404
    form = GameForm(match=match, data=request.POST)
    if form.is_valid():
        if not services.match_is_open(match):
            form.add_error(
                None,
                gettext(
                    "Partie %(match)d ist vorbei: einer der vier hat inzwischen in einer "
                    "anderen Partie gespielt. Für diese Teams bitte eine neue Partie beginnen."
                )
                % {"match": match.position},
            )
            return _refused(request, evening, form, synced)
        try:
            if form.cleaned_data.get("token"):
                game, fresh = services.record_game_once(
                    match=match, token=form.cleaned_data["token"], **form.inputs()
                )
                if not fresh:
                    if synced:
                        return _sync_stored(game, replay=True)
                    return _replayed(request, evening, game)
            else:
                game = services.record_game(match=match, **form.inputs())
        except services.AlreadyRecorded:
            if synced:
                return _sync_answer("deleted", [_deleted_text()])
            return _recorded_and_deleted(request, evening)
        except services.InvalidGame as error:
            form.add_problems(error.problems, form.names)
        else:
            if synced:
                return _sync_stored(game, replay=False)
            return redirect(_evening_url(evening, "neues-spiel", neu=game.pk))
    return _refused(request, evening, form, synced)


def _wants_json(request: HttpRequest) -> bool:
    """The offline queue's sync asks for JSON; a form sent by the browser asks for HTML."""
    return request.headers.get("accept", "").startswith("application/json")


def _deleted_text() -> str:
    return gettext("Dieses Spiel war schon gespeichert und ist inzwischen gelöscht.")


def _sync_answer(status: str, problems: list[str], **more: object) -> JsonResponse:
    code = {"stored": 200, "deleted": 409, "refused": 422}[status]
    return JsonResponse({"status": status, "problems": problems, **more}, status=code)


def _sync_stored(game: Game, *, replay: bool) -> JsonResponse:
    return _sync_answer("stored", [], game=game.pk, replay=replay)


def _refused(request: HttpRequest, evening: Evening, form: GameForm, synced: bool) -> HttpResponse:
    """The form again with every problem; for the sync, the same messages as a list."""
    if synced:
        problems = [
            f"{entry['name']}: {entry['text']}" if entry["name"] else entry["text"]
            for entry in form.summary()
        ]
        return _sync_answer("refused", problems)
    return _evening_page(request, evening, game_form=form)


def _posted_token(request: HttpRequest) -> Game | None:
    """The game already stored with the posted form's one-time token; a mangled one is none."""
    try:
        token = uuid.UUID(request.POST.get("token", ""))
    except ValueError:
        return None
    return services.recorded(token)


def _recorded_and_deleted(request: HttpRequest, evening: Evening) -> HttpResponse:
    messages.info(request, _deleted_text())
    return redirect(_evening_url(evening, "geloescht"))


def _replayed(request: HttpRequest, evening: Evening, game: Game) -> HttpResponse:
    """A form sent twice (a double tap, a slow network): nothing stored, the stored game shown."""
    messages.info(
        request,
        gettext("Dieses Spiel ist schon gespeichert; es wurde nicht noch einmal gespeichert."),
    )
    return redirect(_evening_url(evening, "neues-spiel", neu=game.pk))


def _gone(request: HttpRequest, evening: Evening, pk: int) -> HttpResponse | None:
    """A game deleted meanwhile: back to the evening with a friendly word instead of a 404."""
    if (
        Game.objects.filter(pk=pk).exists()
        or not HistoricalGame.objects.filter(evening_games(evening), id=pk).exists()
    ):
        return None
    messages.error(request, gettext("Dieses Spiel wurde inzwischen gelöscht."))
    return redirect(_evening_url(evening, "geloescht"))


@scorekeeper_required
@require_http_methods(["GET", "POST"])
def edit_game(request: HttpRequest, date: datetime.date, pk: int) -> HttpResponse:
    """Correct a game. A form that is out of date (someone else saved meanwhile) is refused."""
    evening = _evening(date)
    if request.method == "POST" and (gone := _gone(request, evening, pk)):
        return gone
    game = _game(evening, pk)
    stale = False
    if request.method == "POST":
        form = EditGameForm(match=game.match, game=game, data=request.POST)
        if form.is_valid():
            try:
                services.update_game(
                    game=game, version=form.cleaned_data["version"], **form.inputs()
                )
            except services.StaleGame:
                stale = True
            except services.InvalidGame as error:
                form.add_problems(error.problems, form.names)
            else:
                messages.success(
                    request, gettext("%(game)s geändert.") % {"game": _game_label(game)}
                )
                notice = round_notice(game, game.match)
                if notice:
                    messages.info(request, notice)
                return redirect(
                    _evening_url(evening, f"spiel-{game.pk}", partie=game.match.position)
                )
        if stale:
            if not Game.objects.filter(pk=game.pk).exists():
                messages.error(request, gettext("Dieses Spiel wurde inzwischen gelöscht."))
                return redirect(_evening_url(evening))
            game = _game(evening, pk)
            form = EditGameForm(match=game.match, game=game)
    else:
        form = EditGameForm(match=game.match, game=game)
    context = {
        "evening": evening,
        "game": game,
        "form": form,
        "stale": stale,
        "delete_form": DeleteGameForm(initial={"version": game.version}),
        "base_total": BASE_TOTAL,
    }
    return render(request, "entry/game_edit.html", context, status=409 if stale else 200)


@scorekeeper_required
@require_http_methods(["GET", "POST"])
def delete_game(request: HttpRequest, date: datetime.date, pk: int) -> HttpResponse:
    """Delete a game; it stays in the history and can be restored."""
    evening = _evening(date)
    if request.method == "POST" and (gone := _gone(request, evening, pk)):
        return gone
    game = _game(evening, pk)
    form = DeleteGameForm(request.POST or None, initial={"version": game.version})
    if request.method == "POST" and form.is_valid():
        label = _game_label(game)
        try:
            services.delete_game(game=game, version=form.cleaned_data["version"])
        except services.StaleGame:
            messages.error(
                request,
                gettext(
                    "Dieses Spiel wurde inzwischen von jemand anderem geändert und ist nicht "
                    "gelöscht. Hier die aktuellen Werte."
                ),
            )
            return redirect("entry:edit_game", date=evening.date, pk=game.pk)
        messages.success(
            request,
            gettext("%(game)s gelöscht. Unter „Gelöschte Spiele“ lässt es sich zurückholen.")
            % {"game": label},
        )
        return redirect(_evening_url(evening, "geloescht", partie=game.match.position))
    return render(
        request, "entry/game_delete.html", {"evening": evening, "game": game, "form": form}
    )


@scorekeeper_required
@require_GET
def history(request: HttpRequest, date: datetime.date) -> HttpResponse:
    """Who changed what on this evening, and when; deleted games with a restore button."""
    evening = _evening(date)
    return render(
        request, "entry/history.html", {"evening": evening, "changes": evening_history(evening)}
    )


@scorekeeper_required
@require_POST
def restore_game(request: HttpRequest, date: datetime.date, history_id: int) -> HttpResponse:
    """Bring a deleted game of this evening back."""
    evening = _evening(date)
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
    messages.success(request, gettext("%(game)s wiederhergestellt.") % {"game": _game_label(game)})
    return redirect(_evening_url(evening, f"spiel-{game.pk}", partie=game.match.position))


# --- accounts -----------------------------------------------------------------------------------


class LogoutView(auth_views.LogoutView):
    """Log out (POST) and say so on a page of its own, unless a `next` page is asked for."""

    def get_default_redirect_url(self) -> str:
        return self.request.path
