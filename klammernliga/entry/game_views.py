"""The entry views of one game: recording it (from the form or a phone's offline queue, which
asks for JSON), correcting it and deleting it. Views stay thin: forms check the input, services
write, scoring decides."""

from __future__ import annotations

import datetime
import uuid

from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from klammernliga import services
from klammernliga.entry.forms import SLOTS, MatchForm
from klammernliga.entry.game_forms import DeleteGameForm, EditGameForm, GameForm
from klammernliga.entry.history import HistoricalGame, evening_games
from klammernliga.entry.problems import problem_text
from klammernliga.entry.refusals import wants_json
from klammernliga.entry.views import (
    TEAMS,
    evening_on,
    evening_page,
    evening_url,
    game_label,
    game_on,
    post_only,
    posted_int,
    round_notice,
    scorekeeper_required,
)
from klammernliga.models import Evening, Game, Match, Player
from scoring.domain import BASE_TOTAL
from scoring.matches import pairing


@scorekeeper_required
@post_only("entry:evening")
def new_game(request: HttpRequest, date: datetime.date) -> HttpResponse:
    """Record the next game of a match of this evening; the same form sent again stores
    nothing and shows the game it stored. A phone sending games kept offline asks for JSON."""
    if not request.POST.get("match") and any(f"partie-player_{s}" in request.POST for s in SLOTS):
        return _game_of_a_partie_begun_offline(request, date)
    evening = evening_on(date)
    synced = wants_json(request)
    try:
        stored = _posted_token(request)
    except services.AlreadyRecorded:
        if synced:
            return _sync_answer("deleted", [_deleted_text()])
        return _recorded_and_deleted(request, evening)
    match = (
        Match.objects.select_related("evening", *TEAMS)
        .filter(pk=posted_int(request, "match"), evening=evening)
        .first()
    )
    if match is None:
        if stored is not None:
            return _token_conflict(request, evening, synced)
        if synced:
            return _sync_answer("refused", [gettext("Diese Partie gibt es nicht mehr.")])
        raise Http404
    form = GameForm(match=match, data=request.POST)
    if stored is not None:
        # The same form again is the stored game; its token with any other game is refused.
        try:
            if not form.is_valid():
                raise services.TokenConflict
            services.check_replay(stored, match=match, author=request.user, **form.inputs())
        except services.TokenConflict:
            return _token_conflict(request, evening, synced)
        return _sync_stored(stored, replay=True) if synced else _replayed(request, evening, stored)
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
            game, fresh = _store(request, match, form)
            if not fresh:
                if synced:
                    return _sync_stored(game, replay=True)
                return _replayed(request, evening, game)
        except services.AlreadyRecorded:
            if synced:
                return _sync_answer("deleted", [_deleted_text()])
            return _recorded_and_deleted(request, evening)
        except services.TokenConflict:
            return _token_conflict(request, evening, synced)
        except services.InvalidGame as error:
            form.add_problems(error.problems, form.names)
        else:
            if synced:
                return _sync_stored(game, replay=False)
            return redirect(evening_url(evening, "neues-spiel", neu=game.pk))
    return _refused(request, evening, form, synced)


def _game_of_a_partie_begun_offline(request: HttpRequest, date: datetime.date) -> JsonResponse:
    """A game typed in a Partie the phone began without a connection (perhaps on an evening it
    began too) names its Partie by the four players, as the Partie form does, and the evening by
    its date and place. The evening is opened and the Partie begun or continued (the same-teams
    rule) in the game's own transaction: a refused game leaves neither behind. The answers are
    the queue's (JSON), as only the phone sends such a game."""
    teams = MatchForm(data=request.POST, prefix="partie")
    if not teams.is_valid():
        return _sync_answer("refused", [entry["text"] for entry in teams.summary()])
    team_a, team_b = teams.teams()
    if any(isinstance(ref, str) for ref in (*team_a, *team_b)):
        # The phone begins a Partie offline with known players only (a new player needs the
        # connection); a name here is not a Partie the phone began.
        return _sync_answer(
            "refused", [gettext("Neue Spieler lassen sich nur mit Verbindung anlegen.")]
        )
    try:
        stored = _posted_token(request)
    except services.AlreadyRecorded:
        return _sync_answer("deleted", [_deleted_text()])
    if stored is not None:
        match = stored.match
        data = _seated(request.POST, match, team_a)
        posted = pairing((team_a[0].pk, team_a[1].pk), (team_b[0].pk, team_b[1].pk))  # type: ignore[union-attr]  # all Players: checked above
        form = GameForm(match=match, data=data)
        try:
            if (
                stored.match.evening.date != date
                or posted
                != pairing(
                    (match.team_a.player_1_id, match.team_a.player_2_id),
                    (match.team_b.player_1_id, match.team_b.player_2_id),
                )
                or not form.is_valid()
            ):
                raise services.TokenConflict
            services.check_replay(stored, match=match, author=request.user, **form.inputs())
        except services.TokenConflict:
            return _sync_answer("conflict", [_token_conflict_text()])
        return _sync_stored(stored, replay=True)
    with transaction.atomic():
        evening, _ = services.open_evening(
            date=date, place=request.POST.get("place", "").strip()[:100]
        )
        try:
            match, _ = services.begin_match(evening=evening, team_a=team_a, team_b=team_b)
        except services.InvalidGame as error:
            transaction.set_rollback(True)
            return _sync_answer("refused", [problem_text(p, {}) for p in error.problems])
        form = GameForm(match=match, data=_seated(request.POST, match, team_a))
        if form.is_valid():
            try:
                game, _ = _store(request, match, form)
            except services.InvalidGame as error:
                form.add_problems(error.problems, form.names)
            else:
                return _sync_stored(game, replay=False)
        transaction.set_rollback(True)
        return _sync_answer("refused", _problems(form))


SIDED = ("points", "terz", "fuenfzig", "belle", "top")


def _seated(
    posted: QueryDict, match: Match, team_a: tuple[Player | str, Player | str]
) -> QueryDict:
    """The game's fields as the match seats its teams: a Partie begun on the phone with the
    teams the other way round than the Partie they go on with has its sides swapped, so every
    number stays with the team it was typed for."""
    if {p.pk for p in team_a if isinstance(p, Player)} == {
        match.team_a.player_1_id,
        match.team_a.player_2_id,
    }:
        return posted
    data = posted.copy()
    for name in SIDED:
        for side, other in (("a", "b"), ("b", "a")):
            data.setlist(f"{name}_{side}", posted.getlist(f"{name}_{other}"))
    typed = posted.get("last_typed", "")
    data["last_typed"] = {"points_a": "points_b", "points_b": "points_a"}.get(typed, typed)
    return data


def _store(request: HttpRequest, match: Match, form: GameForm) -> tuple[Game, bool]:
    """The posted game stored (True), or the game its form's token stored before (False)."""
    if form.cleaned_data.get("token"):
        return services.record_game_once(
            match=match,
            token=form.cleaned_data["token"],
            author=request.user,
            reason=_taken_over(request),
            **form.inputs(),
        )
    return services.record_game(match=match, **form.inputs()), True


def _taken_over(request: HttpRequest) -> str | None:
    """A game another scorekeeper typed on this phone, taken over by the one logged in: the
    history names both."""
    typed_by = request.POST.get("taken_over_from", "").strip()
    if not typed_by or typed_by == request.user.get_username():
        return None
    return services.taken_over_reason(typed_by)


def _deleted_text() -> str:
    return gettext("Dieses Spiel war schon gespeichert und ist inzwischen gelöscht.")


def _token_conflict_text() -> str:
    return gettext(
        "Nicht gespeichert: dieses Formular hat schon ein anderes Spiel gespeichert (oder ein "
        "anderer Schriftführer). Bitte das Spiel in einem neuen Formular eintragen."
    )


def _token_conflict(request: HttpRequest, evening: Evening, synced: bool) -> HttpResponse:
    """A used token with another game: refused with 409, never answered "stored"."""
    if synced:
        return _sync_answer("conflict", [_token_conflict_text()])
    messages.error(request, _token_conflict_text())
    response = evening_page(request, evening)
    response.status_code = 409
    return response


def _sync_answer(status: str, problems: list[str], **more: object) -> JsonResponse:
    code = {"stored": 200, "deleted": 409, "conflict": 409, "refused": 422}[status]
    return JsonResponse({"status": status, "problems": problems, **more}, status=code)


def _sync_stored(game: Game, *, replay: bool) -> JsonResponse:
    return _sync_answer("stored", [], game=game.pk, replay=replay)


def _refused(request: HttpRequest, evening: Evening, form: GameForm, synced: bool) -> HttpResponse:
    """The form again with every problem; for the sync, the same messages as a list."""
    if synced:
        return _sync_answer("refused", _problems(form))
    return evening_page(request, evening, game_form=form)


def _problems(form: GameForm) -> list[str]:
    return [
        f"{entry['name']}: {entry['text']}" if entry["name"] else entry["text"]
        for entry in form.summary()
    ]


def _posted_token(request: HttpRequest) -> Game | None:
    """The game already stored with the posted form's one-time token; a mangled one is none."""
    try:
        token = uuid.UUID(request.POST.get("token", ""))
    except ValueError:
        return None
    return services.recorded(token)


def _recorded_and_deleted(request: HttpRequest, evening: Evening) -> HttpResponse:
    messages.info(request, _deleted_text())
    return redirect(evening_url(evening, "geloescht"))


def _replayed(request: HttpRequest, evening: Evening, game: Game) -> HttpResponse:
    """A form sent twice (a double tap, a slow network): nothing stored, the stored game shown."""
    messages.info(
        request,
        gettext("Dieses Spiel ist schon gespeichert; es wurde nicht noch einmal gespeichert."),
    )
    return redirect(evening_url(evening, "neues-spiel", neu=game.pk))


def _gone(request: HttpRequest, evening: Evening, pk: int) -> HttpResponse | None:
    """A game deleted meanwhile: back to the evening with a friendly word instead of a 404."""
    if (
        Game.objects.filter(pk=pk).exists()
        or not HistoricalGame.objects.filter(evening_games(evening), id=pk).exists()
    ):
        return None
    messages.error(request, gettext("Dieses Spiel wurde inzwischen gelöscht."))
    return redirect(evening_url(evening, "geloescht"))


@scorekeeper_required
@require_http_methods(["GET", "POST"])
def edit_game(request: HttpRequest, date: datetime.date, pk: int) -> HttpResponse:
    """Correct a game. A form that is out of date (someone else saved meanwhile) is refused."""
    evening = evening_on(date)
    if request.method == "POST" and wants_json(request):
        return _synced_change(request, evening, pk)
    if request.method == "POST" and (gone := _gone(request, evening, pk)):
        return gone
    game = game_on(evening, pk)
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
                    request, gettext("%(game)s geändert.") % {"game": game_label(game)}
                )
                notice = round_notice(game, game.match)
                if notice:
                    messages.info(request, notice)
                return redirect(
                    evening_url(evening, f"spiel-{game.pk}", partie=game.match.position)
                )
        if stale:
            if not Game.objects.filter(pk=game.pk).exists():
                messages.error(request, gettext("Dieses Spiel wurde inzwischen gelöscht."))
                return redirect(evening_url(evening))
            game = game_on(evening, pk)
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
    evening = evening_on(date)
    if request.method == "POST" and wants_json(request):
        return _synced_deletion(request, evening, pk)
    if request.method == "POST" and (gone := _gone(request, evening, pk)):
        return gone
    game = game_on(evening, pk)
    form = DeleteGameForm(request.POST or None, initial={"version": game.version})
    if request.method == "POST" and form.is_valid():
        label = game_label(game)
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
        return redirect(evening_url(evening, "geloescht", partie=game.match.position))
    return render(
        request, "entry/game_delete.html", {"evening": evening, "game": game, "form": form}
    )


# --- corrections and deletions made on the phone without a connection ----------------------------


def _stored_game(evening: Evening, pk: int) -> Game | None:
    try:
        return game_on(evening, pk)
    except Http404:
        return None


def _synced_change(request: HttpRequest, evening: Evening, pk: int) -> JsonResponse:
    """A correction of a stored game, made on the phone and sent by its queue. Made twice (a
    lost answer) it is the stored game; a game changed or deleted meanwhile by someone else is
    refused with the reason, and the correction stays on the phone for a decision."""
    game = _stored_game(evening, pk)
    if game is None:
        return _sync_answer(
            "deleted",
            [
                gettext(
                    "Dieses Spiel wurde inzwischen gelöscht; die Korrektur ist nicht gespeichert."
                )
            ],
        )
    form = EditGameForm(match=game.match, game=game, data=request.POST)
    if not form.is_valid():
        return _sync_answer("refused", _problems(form))
    if form.cleaned_data["version"] != game.version and services.same_game(game, **form.inputs()):
        return _sync_stored(game, replay=True)
    try:
        services.update_game(game=game, version=form.cleaned_data["version"], **form.inputs())
    except services.StaleGame:
        return _sync_answer("conflict", [_changed_meanwhile_text()])
    except services.InvalidGame as error:
        form.add_problems(error.problems, form.names)
        return _sync_answer("refused", _problems(form))
    return _sync_stored(game, replay=False)


def _synced_deletion(request: HttpRequest, evening: Evening, pk: int) -> JsonResponse:
    """A deletion made on the phone: done once (a game gone already is what was asked for);
    a game changed meanwhile by someone else is not deleted, and the phone is told why."""
    game = _stored_game(evening, pk)
    if game is None:
        return _sync_answer("stored", [], game=pk, replay=True)
    form = DeleteGameForm(request.POST)
    if not form.is_valid():
        return _sync_answer(
            "refused", [gettext("Das Formular ist unvollständig; bitte die Seite neu laden.")]
        )
    try:
        services.delete_game(game=game, version=form.cleaned_data["version"])
    except services.StaleGame:
        return _sync_answer("conflict", [_changed_meanwhile_text()])
    return _sync_stored(game, replay=False)


def _changed_meanwhile_text() -> str:
    return gettext(
        "Nicht gespeichert: dieses Spiel wurde inzwischen von jemand anderem geändert. Bitte "
        "die aktuellen Werte ansehen und entscheiden, ob die Änderung noch nötig ist."
    )
