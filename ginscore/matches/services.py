"""Writes to matches and hands, each inside one transaction.

Every write to the hands locks the match row, checks the whole record through
the engine (a correction that would make it invalid is refused and nothing is
saved), writes the hand, keeps the history, rebuilds the caches on ``Match``
from the engine's result and sends ``match_changed``.

Other apps (tournaments) hook in with the ``match_changed`` signal::

    from ginscore.matches.services import match_changed

    @receiver(match_changed)
    def follow(sender, *, match, result, action, hand_number, **kwargs): ...

It is sent inside the transaction that wrote the hands, after the caches are
rebuilt, with ``result`` the engine's ``MatchResult``; ``action`` is one of
"created", "imported", "added", "edited", "deleted", "undone"; for writes to
the hands also ``user`` (the account, or None) and ``via`` ("account" or
"table_link"). A receiver that raises rolls the whole write back (a
``HandRefused`` reaches the person at the table as the refusal).
"""
from __future__ import annotations

from decimal import Decimal
from uuid import UUID

from django.db import IntegrityError, transaction
from django.db.models import F
from django.dispatch import Signal
from django.utils import timezone

from ginscore.engine import CardError, MatchLength, MatchRecord, MatchResult, RecordError, Rules, score_match
from ginscore.matches.bounds import hands_problem, record_check, stake_problem, totals_problem
from ginscore.matches.models import VIA_ACCOUNT, VIA_TABLE_LINK, Hand, HandChange, Match, new_table_token
from ginscore.matches.permissions import table_link_closed
from ginscore.matches.records import (
    HandEntry, entry_from_json, entry_to_json, game_in_play_fields, match_fields_from_record, match_names, record_entries, record_of,
)
from ginscore.players.models import Player
from ginscore.players.services import player_get_or_create  # noqa: F401  (where other apps find it)

match_changed = Signal()


class HandConflict(Exception):
    """Another device changed this match's hands first; the pad must be reloaded."""


class HandRefused(ValueError):
    """The change would make the record invalid; the message names the hand and the reason."""


class EntryKeyReused(HandRefused):
    """An entry key already names a saved hand whose content differs from this entry."""


# Players and matches


def match_create(*, player_a: Player, player_b: Player, rules: Rules, length: MatchLength = MatchLength(),
                 stake: Decimal | None = None, first_dealer: str = "a", created_by=None) -> Match:
    """A new match with no hands; ``rules`` come validated from ``rules_from``."""
    if player_a.pk == player_b.pk:
        raise ValueError("The two players must be different.")
    problem = stake_problem(stake)
    if problem:
        raise ValueError(f"stake: {problem}")
    with transaction.atomic():
        match = Match.objects.create(
            player_a=player_a, player_b=player_b, preset=rules.preset, rule_overrides=rules.overrides(),
            rules=rules.to_json(), length_kind=length.kind, length_games=length.games, stake=stake,
            first_dealer=first_dealer, created_by=created_by,
        )
        result = score_match(record_of(match, []))
        _refresh(match, result)
        match_changed.send(sender=Match, match=match, result=result, action="created", hand_number=None)
    return match


def match_import(*, record: MatchRecord, created_by=None) -> Match:
    """A stored match from an engine record (players found or created by name, any case).

    Raises ``RecordError`` (and saves nothing) if the record cannot be scored.
    Call it inside your own ``transaction.atomic`` to import several all-or-nothing.
    """
    names = record_check(record)  # refuse what the database cannot hold before anything is written
    score_match(record)
    with transaction.atomic():
        a = player_get_or_create(name=names[0])
        b = player_get_or_create(name=names[1])
        if a.pk == b.pk:
            raise RecordError(f'players: "{record.players[0]}" and "{record.players[1]}" are the same player')
        entries = record_entries(record)
        match = Match.objects.create(player_a=a, player_b=b, created_by=created_by,
                                     **match_fields_from_record(record))
        Hand.objects.bulk_create(
            Hand(match=match, number=i, entered_by=created_by, **e.fields()) for i, e in enumerate(entries, 1)
        )
        # Scored again under the club's spelling of the names ("ann" in the file is the club's "Ann").
        result = score_match(record_of(match, entries))
        _refresh(match, result)
        match_changed.send(sender=Match, match=match, result=result, action="imported", hand_number=None)
    return match


def match_first_dealer(*, match_id: int, side: str, expected_revision: int) -> Match:
    """Sets who deals hand 1 (the players cut for the deal at the table); only before hand 1 is recorded."""
    if side not in ("a", "b"):
        raise HandRefused("The first dealer must be one of the two players.")
    with transaction.atomic():
        match, rows = _locked(match_id)
        _check_revision(match, expected_revision)
        if rows:
            raise HandRefused("Hand 1 is already recorded: the first deal is settled.")
        match.first_dealer = side
        _refresh(match, _score(match, []))
    return match


def table_link_renew(*, match: Match) -> str:
    """A new table link for the match; the old one stops working at once."""
    match.table_token = new_table_token()
    match.save(update_fields=["table_token", "updated_at"])
    return match.table_token


# Hands


def hand_add(*, match_id: int, entry: HandEntry, expected_number: int, user=None, via: str = VIA_ACCOUNT,
             entry_key: UUID | None = None) -> Hand:
    """Records the next hand. ``expected_number`` is the number the form showed:
    if another device saved that hand first, ``HandConflict`` and nothing saved.

    ``entry_key`` is the key the phone made for this entry (a hand queued through a network
    drop is sent again until an answer arrives): when a hand of the match already carries it,
    that hand is returned with ``resent`` True and nothing is written, whatever the number;
    the same key with another hand's content is refused (``EntryKeyReused``)."""
    with transaction.atomic():
        match, rows = _locked(match_id)
        if entry_key is not None and (again := _keyed(rows, entry_key, entry)):
            return again
        n = len(rows) + 1
        if expected_number != n:
            raise HandConflict(conflict_text(expected_number, n))
        problem = hands_problem(n)
        if problem:
            raise HandRefused(sentence(f"Hand {n} would make {problem}"))
        entries = [HandEntry.of(h) for h in rows] + [entry]
        result = _score(match, entries)
        try:
            with transaction.atomic():
                hand = Hand.objects.create(match=match, number=n, entered_by=_account(user), entered_via=via,
                                           entry_key=entry_key, **entry.fields())
        except IntegrityError:  # a writer the lock did not hold back (no row locks on this database)
            raise HandConflict(conflict_text(expected_number, n + 1)) from None
        _log(match, n, "added", None, entry, user, via)
        _write_through(match, result, "added", n, user, via)
    hand.resent = False
    return hand


def hand_edit(*, match_id: int, number: int, entry: HandEntry, expected_revision: int, user=None,
              via: str = VIA_ACCOUNT, entry_key: UUID | None = None) -> Hand:
    """Corrects hand ``number``; the whole match is scored again. ``entry_key``: the key of a
    queued entry that takes this hand's place (a table resolving a conflict); sent again, the
    key finds this hand (``resent``) and nothing is written."""
    with transaction.atomic():
        match, rows = _locked(match_id)
        if entry_key is not None and (again := _keyed(rows, entry_key, entry)):
            return again
        _check_revision(match, expected_revision)
        _check_correction_window(match, via)
        hand = _nth(rows, number)
        if entry_key is not None:
            hand.entry_key = entry_key
        before = HandEntry.of(hand)
        entries = [HandEntry.of(h) for h in rows]
        entries[number - 1] = entry
        result = _score(match, entries)
        for name, value in entry.fields().items():
            setattr(hand, name, value)
        hand.save()
        _log(match, number, "edited", before, entry, user, via)
        _write_through(match, result, "edited", number, user, via)
    hand.resent = False
    return hand


def hand_delete(*, match_id: int, number: int, expected_revision: int, user=None, via: str = VIA_ACCOUNT,
                action: str = "deleted") -> None:
    """Removes hand ``number``; the later hands move up one."""
    with transaction.atomic():
        match, rows = _locked(match_id)
        _check_revision(match, expected_revision)
        _check_correction_window(match, via)
        hand = _nth(rows, number)
        entries = [HandEntry.of(h) for h in rows if h.number != number]
        result = _score(match, entries)
        hand.delete()
        later = match.hands.filter(number__gt=number)
        # Two steps so the unique (match, number) holds after every row on every database.
        later.update(number=F("number") + 1_000_000)
        match.hands.filter(number__gt=1_000_000).update(number=F("number") - 1_000_001)
        _log(match, number, action, HandEntry.of(hand), None, user, via)
        _write_through(match, result, action, number, user, via)


def hand_undo(*, match_id: int, expected_revision: int, user=None, via: str = VIA_ACCOUNT) -> int:
    """Removes the last hand; returns its number."""
    last = Hand.objects.filter(match_id=match_id).order_by("-number").values_list("number", flat=True).first()
    if last is None:
        raise HandRefused("There is no hand to undo.")
    hand_delete(match_id=match_id, number=last, expected_revision=expected_revision, user=user, via=via,
                action="undone")
    return last


def hand_redo(*, match_id: int, expected_revision: int, user=None, via: str = VIA_ACCOUNT) -> int:
    """Puts back the hand the last change undid, as the next hand; returns its number.
    Only straight after the undo (nothing changed since), else ``HandRefused``."""
    with transaction.atomic():
        match, rows = _locked(match_id)
        _check_revision(match, expected_revision)
        last = HandChange.objects.filter(match=match).order_by("-created_at", "-id").first()
        n = len(rows) + 1
        if last is None or last.action != "undone" or last.hand_number != n or not last.before:
            raise HandRefused("There is no undone hand to put back: the hands changed since the undo.")
        try:
            entry = entry_from_json(last.before, match, n)
        except (RecordError, CardError) as e:
            raise HandRefused(sentence(str(e))) from None
        result = _score(match, [HandEntry.of(h) for h in rows] + [entry])
        Hand.objects.create(match=match, number=n, entered_by=_account(user), entered_via=via, **entry.fields())
        _log(match, n, "added", None, entry, user, via)
        _write_through(match, result, "added", n, user, via)
    return n


def match_refresh(*, match: Match) -> MatchResult:
    """Rebuilds the match's caches from its hands (repair; every write does it already)."""
    with transaction.atomic():
        match, rows = _locked(match.pk)
        result = _score(match, [HandEntry.of(h) for h in rows])
        _refresh(match, result)
    return result


# Internals


def _locked(match_id: int) -> tuple[Match, list[Hand]]:
    """The match, its row locked until the transaction ends (where the database locks rows), and its hands."""
    match = Match.objects.select_for_update(of=("self",)).select_related("player_a", "player_b").get(pk=match_id)
    return match, list(match.hands.order_by("number"))


def _keyed(rows: list[Hand], entry_key: UUID, entry: HandEntry) -> Hand | None:
    """The hand already saved under ``entry_key`` (marked ``resent``), or None; refused when
    its content is not ``entry``'s (the key was reused, or the hand was corrected since)."""
    for hand in rows:
        if hand.entry_key == entry_key:
            if HandEntry.of(hand) != entry:
                raise EntryKeyReused(
                    f"entry_key: this entry was saved before as hand {hand.number}, which holds another "
                    "hand (corrected since, or the key was used twice); nothing was saved. Enter the hand "
                    "again if it is a new one.")
            hand.resent = True
            return hand
    return None


def conflict_text(expected: int, n: int) -> str:
    if expected < n:
        return f"Hand {expected} was just recorded on another device. Here is the pad as it stands now."
    return "The hands changed on another device. Here is the pad as it stands now."


def _check_revision(match: Match, expected: int) -> None:
    if match.revision != expected:
        raise HandConflict("The hands changed on another device while you were correcting. "
                           "Here is the pad as it stands now.")


def _check_correction_window(match: Match, via: str) -> None:
    """A table link stops correcting a complete match once its window has passed."""
    if via == VIA_TABLE_LINK:
        reason = table_link_closed(match)
        if reason:
            raise HandRefused(reason)


def _nth(rows: list[Hand], number: int) -> Hand:
    if not 1 <= number <= len(rows):
        raise HandRefused(f"There is no hand {number} in this match.")
    return rows[number - 1]


def _score(match: Match, entries: list[HandEntry]) -> MatchResult:
    try:
        return score_match(record_of(match, entries))
    except (RecordError, CardError) as e:
        raise HandRefused(sentence(str(e))) from None


def sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def _log(match, number, action, before: HandEntry | None, after: HandEntry | None, user, via) -> None:
    names = match_names(match)
    HandChange.objects.create(
        match=match, hand_number=number, action=action, via=via,
        who=_account(user),
        before=entry_to_json(before, names) if before else None,
        after=entry_to_json(after, names) if after else None,
    )


def _account(user):
    """The account behind a write, or None (a table link holder with no account)."""
    return user if user is not None and user.is_authenticated else None


def _write_through(match: Match, result: MatchResult, action: str, number: int | None, user, via: str) -> None:
    _refresh(match, result)
    match_changed.send(sender=Match, match=match, result=result, action=action, hand_number=number,
                       user=_account(user), via=via)


def _refresh(match: Match, result: MatchResult) -> None:
    """The caches on ``match`` from the engine's result; the revision moves on."""
    a, b = match_names(match)
    summary = result.match
    match.complete = summary.complete
    match.winner = None if summary.winner is None else (match.player_a if summary.winner == a else match.player_b)
    match.score_a, match.score_b = summary.score[a], summary.score[b]
    match.games_a, match.games_b = summary.games_won[a], summary.games_won[b]
    gins = {a: 0, b: 0}
    undercuts = {a: 0, b: 0}
    for h in result.hands:
        if h.winner is None:
            continue
        if h.end in ("gin", "big_gin"):
            gins[h.winner] += 1
        if h.undercut:
            undercuts[h.winner] += 1
    match.gins_a, match.gins_b = gins[a], gins[b]
    match.undercuts_a, match.undercuts_b = undercuts[a], undercuts[b]
    match.hand_count = len(result.hands)
    for name, value in game_in_play_fields(result, (a, b)).items():
        setattr(match, name, value)
    names = match_names(match)
    problem = totals_problem({f"{names[i]}'s {what}": getattr(match, f"{field}_{side}")
                              for what, field in (("match score", "score"), ("games won", "games"),
                                                  ("gins", "gins"), ("undercuts", "undercuts"),
                                                  ("points in the game in play", "game"))
                              for i, side in enumerate("ab")})
    if problem:
        raise HandRefused(sentence(problem))
    if not summary.complete:
        match.finished_at = None
    elif match.finished_at is None:
        match.finished_at = timezone.now()
    match.revision += 1
    match.save()
