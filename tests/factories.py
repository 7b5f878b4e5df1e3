"""Deterministic test data. Games go through the entry service, so derived results are real."""

from __future__ import annotations

import datetime

import factory

from klammernliga import services
from klammernliga.models import Evening, Game, Match, Player, Team


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player
        django_get_or_create = ("name",)

    name = factory.Sequence(lambda n: f"Spieler {n:02d}")


class TeamFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Team

    player_1 = factory.SubFactory(PlayerFactory)
    player_2 = factory.SubFactory(PlayerFactory)

    @classmethod
    def _create(cls, model_class, *args, player_1, player_2, **kwargs):
        return Team.objects.for_players(player_1, player_2)


class EveningFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Evening
        django_get_or_create = ("date",)

    date = factory.Sequence(lambda n: datetime.date(2010, 1, 1) + datetime.timedelta(days=7 * n))


class MatchFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Match

    evening = factory.SubFactory(EveningFactory)
    position = factory.LazyAttribute(lambda m: m.evening.matches.count() + 1)
    team_a = factory.SubFactory(TeamFactory)
    team_b = factory.SubFactory(TeamFactory)


class GameFactory(factory.Factory):
    """A game recorded through `services.record_game`; by default team A plays and wins 100:64."""

    class Meta:
        model = Game

    match = factory.SubFactory(MatchFactory)
    declarer = factory.LazyAttribute(lambda g: g.match.team_a.player_1)
    trump = "herz"
    bid = "rein"
    points_a = 100
    points_b = 64
    melds_a: tuple = ()
    melds_b: tuple = ()
    kontra = False
    re = False
    dealer = None

    class Params:
        lost = factory.Trait(points_a=64, points_b=100)
        tie = factory.Trait(points_a=82, points_b=82)
        by_b = factory.Trait(declarer=factory.LazyAttribute(lambda g: g.match.team_b.player_1))
        with_kontra = factory.Trait(kontra=True)
        with_re = factory.Trait(kontra=True, re=True)

    @classmethod
    def _create(cls, model_class, *args, match, **kwargs):
        return services.record_game(match=match, **kwargs)

    @classmethod
    def _build(cls, model_class, *args, **kwargs):
        raise NotImplementedError("games are only created through the service")


def play_round(match: Match, *, winner: str = "a") -> Game:
    """One game that ends a small round at once: a Re against the playing team (8 small points)."""
    if winner == "a":
        return GameFactory(match=match, by_b=True, with_re=True)
    return GameFactory(match=match, lost=True, with_re=True)


class UserFactory(factory.django.DjangoModelFactory):
    """A site user; by default not a scorekeeper (reads only)."""

    class Meta:
        model = "auth.User"
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"nutzer{n:02d}")
    password = factory.django.Password("klammern-geheim-1998")


class ScorekeeperFactory(UserFactory):
    """A user in the group Schriftführer: may enter and change results."""

    class Meta:
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"schriftfuehrer{n:02d}")

    @factory.post_generation
    def scorekeeper_group(obj, create, extracted, **kwargs):
        from klammernliga.entry.access import ensure_scorekeeper_group

        if create:
            obj.groups.add(ensure_scorekeeper_group())
