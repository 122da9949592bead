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
the hands also ``user`` (the account, or None), ``via`` ("account" or
"table_link") and ``was_complete`` (whether the match was over before the write).
A receiver that raises rolls the whole write back (a ``HandRefused`` reaches
the person at the table as the refusal).
"""
from __future__ import annotations

import copy
from dataclasses import replace
from decimal import Decimal
from uuid import UUID

from django.db import IntegrityError, transaction
from django.db.models import F
from django.dispatch import Signal
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ginscore.club.device import current_device
from ginscore.club.prepared import Prepared
from ginscore.engine import CardError, MatchLength, MatchRecord, MatchResult, RecordError, Rules, score_match
from ginscore.matches.bounds import hands_problem, record_check, stake_problem, totals_problem
from ginscore.matches.models import (
    KIND_PARTNERSHIP, KIND_THREE, VIA_ACCOUNT, VIA_TABLE_LINK, Hand, HandChange, Match, hands_in_order, new_table_token,
)
from ginscore.matches.permissions import table_link_closed
from ginscore.matches.records import (
    HandEntry, entry_from_json, entry_to_json, game_in_play_fields, hand_pair, match_fields_from_record,
    match_names, record_entries, record_of, record_seats,
)
from ginscore.matches.tallies import match_tallies
from ginscore.players.models import Player
from ginscore.players.names import NameRefused, name_clean
from ginscore.players.services import player_get_or_create, players_get_or_create  # noqa: F401

match_changed = Signal()


class HandConflict(Exception):
    """Another device changed this match's hands first; the pad must be reloaded."""


class HandRefused(ValueError):
    """The change would make the record invalid; the message names the hand and the reason."""


class TableAhead(HandRefused):
    """A partnership table's deal that must wait for the other table's hand of the deal before."""


class EntryKeyReused(HandRefused):
    """An entry key already names a saved hand whose content differs from this entry."""


class EntryUndone(HandRefused):
    """An entry key whose hand was saved, then undone or deleted (on another device): a resend
    never brings it back. ``number``: the hand it was; ``action``: "undone" or "deleted"."""

    def __init__(self, message: str, *, number: int, action: str):
        super().__init__(message)
        self.number, self.action = number, action


# Players and matches


def match_create(*, player_a: Player, player_b: Player, rules: Rules, length: MatchLength = MatchLength(),
                 stake: Decimal | None = None, first_dealer: str = "a", created_by=None,
                 player_c: Player | None = None, player_d: Player | None = None,
                 team_a_name: str = "", team_b_name: str = "", rated: bool = True) -> Match:
    """A new match with no hands; ``rules`` come validated from ``rules_from``; ``rated`` False:
    a friendly, which the club rating leaves out.

    Two players (a, b); three (``player_c`` too: the dealer sits each hand out); or four in
    two partnerships (``player_d`` too: A and C against B and D, optional team names).
    ``ValueError`` names the field and the reason.
    """
    seats = [p for p in (player_a, player_b, player_c, player_d) if p is not None]
    if player_d is not None and player_c is None:
        raise ValueError(_("player C: a partnership needs four players."))
    if len({p.pk for p in seats}) != len(seats):
        raise ValueError(_("The two players must be different.") if len(seats) == 2 else
                         _("The %(count)s players must all be different.") % {"count": len(seats)})
    if len(seats) > 2 and rules.columns != 1:
        raise ValueError(_("rules: Hollywood is for two players; %(count)s players play one game at a time.")
                         % {"count": len(seats)})
    if len(seats) == 3 and first_dealer not in "abc":
        raise ValueError(_("first dealer: one of the three players deals hand 1."))
    if len(seats) != 3 and first_dealer not in "ab":
        raise ValueError(_("first dealer: one of the two players deals hand 1."))
    team_a_name, team_b_name = (team_name_clean(team_a_name, _("team A")), team_name_clean(team_b_name, _("team B"))) \
        if player_d is not None else ("", "")
    if team_a_name and team_a_name.casefold() == team_b_name.casefold():
        raise ValueError(_("team B: the two teams need different names."))
    problem = stake_problem(stake)
    if problem:
        raise ValueError(_("stake: %(problem)s") % {"problem": problem})
    with transaction.atomic():
        match = Match.objects.create(
            player_a=player_a, player_b=player_b, player_c=player_c, player_d=player_d,
            team_a_name=team_a_name, team_b_name=team_b_name,
            preset=rules.preset, rule_overrides=rules.overrides(),
            rules=rules.to_json(), length_kind=length.kind, length_games=length.games, stake=stake,
            first_dealer=first_dealer if player_d is None else "a", created_by=created_by, rated=rated,
        )
        result = score_match(record_of(match, []))
        _refresh(match, result)
        match_changed.send(sender=Match, match=match, result=result, action="created", hand_number=None)
    return match


def match_start(*, names: list[str], **options) -> Match:
    """A new match between the players called ``names`` (two, three or four, in seat order),
    those new to the club created; ``options`` as for ``match_create``. All or nothing: a
    refused match leaves no new player behind. ``ValueError`` names the field and the reason."""
    with transaction.atomic():
        seats = players_get_or_create(names=names)
        return match_create(**dict(zip(("player_a", "player_b", "player_c", "player_d"), seats)), **options)


def match_import(*, record: MatchRecord, created_by=None, rated: bool = True, rating_asked: bool = False) -> Match:
    """A stored match from an engine record (players found or created by name, any case);
    ``rated`` False: a friendly (the record's ``"rated": false``); ``rating_asked``: a friendly
    until its other player agrees (``ginscore.matches.records_io._rated_as``).

    Raises ``RecordError`` (and saves nothing) if the record cannot be scored.
    Call it inside your own ``transaction.atomic`` to import several all-or-nothing.
    """
    names = record_check(record)  # refuse what the database cannot hold before anything is written
    score_match(record)
    fields = match_fields_from_record(record)
    for key in ("team_a_name", "team_b_name"):
        if fields.get(key):
            try:
                fields[key] = team_name_clean(fields[key], "teams")
            except ValueError as e:
                raise RecordError(str(e)) from None
    clean = dict(zip(record.players, names))
    seat_names = [clean[p] for p in record_seats(record)]
    with transaction.atomic():
        seats = [player_get_or_create(name=name) for name in seat_names]
        for i, p in enumerate(seats):
            for j in range(i):
                if seats[j].pk == p.pk:
                    raise RecordError(_('players: "%(first)s" and "%(second)s" are the same player')
                                      % {"first": seat_names[j], "second": seat_names[i]})
        entries = record_entries(record)
        match = Match.objects.create(**dict(zip(("player_a", "player_b", "player_c", "player_d"), seats)),
                                     created_by=created_by, rated=rated, rating_asked=rating_asked, **fields)
        Hand.objects.bulk_create(
            Hand(match=match, number=n, entered_by=created_by, **e.fields())
            for n, e in _numbered(match, entries)
        )
        # Scored again under the club's spelling of the names ("ann" in the file is the club's "Ann").
        result = score_match(record_of(match, entries))
        _refresh(match, result)
        match_changed.send(sender=Match, match=match, result=result, action="imported", hand_number=None)
    return match


def match_first_dealer(*, match_id: int, side: str, expected_revision: int) -> Match:
    """Sets who deals hand 1 (the players cut for the deal at the table); only before hand 1 is recorded."""
    with transaction.atomic():
        match, rows = _locked(match_id)
        if match.kind == KIND_PARTNERSHIP:
            raise HandRefused(_("In a partnership each table deals by its own habit; no first dealer is kept."))
        if side not in match.seat_letters or not side:
            raise HandRefused(_("The first dealer must be one of the three players.") if match.kind == KIND_THREE
                              else _("The first dealer must be one of the two players."))
        _check_revision(match, expected_revision)
        if rows:
            raise HandRefused(_("Hand 1 is already recorded: the first deal is settled."))
        match.first_dealer = side
        _refresh(match, _score(match, []), also=("first_dealer",))
    return match


def table_link_renew(*, match: Match) -> str:
    """A new table link for the match; the old one stops working at once."""
    match.table_token = new_table_token()
    match.save(update_fields=["table_token", "updated_at"])
    return match.table_token


# Hands


def hand_add(*, match_id: int, entry: HandEntry, expected_number: int, user=None, via: str = VIA_ACCOUNT,
             table: int = 1, entry_key: UUID | None = None, seen: tuple[Match, list[Hand]] | None = None) -> Hand:
    """Records the next hand (in a partnership: ``table``'s hand of the next deal).
    ``expected_number`` is the number the form showed: if another device saved that hand
    first, ``HandConflict`` and nothing saved.

    ``entry_key`` is the key the phone made for this entry (a hand queued through a network
    drop is sent again until an answer arrives): when a hand of the match already carries it,
    that hand is returned with ``resent`` True and nothing is written, whatever the number;
    the same key with another hand's content is refused (``EntryKeyReused``), and the key of
    a hand undone or deleted since is refused (``EntryUndone``): the undo stands.

    Both players saving the same hand: when hand ``expected_number`` is already recorded with
    exactly this entry, that hand is returned with ``resent`` and ``same`` True, nothing written.

    ``seen``: the match and its hands as the caller read them for the form: while no write has
    moved the match's revision since, they are not read again (``_locked``)."""
    with transaction.atomic():
        match, rows = _locked(match_id, seen)
        table = _check_table(match, table)
        entry = replace(entry, table=table)
        if entry_key is not None and (again := _keyed(rows, entry_key, entry, match)):
            return again
        n = len([h for h in rows if h.table == table]) + 1
        if expected_number != n:
            if 1 <= expected_number < n and HandEntry.of(recorded := _nth(rows, expected_number, table)) == entry:
                recorded.resent = recorded.same = True
                return recorded
            raise HandConflict(conflict_text(expected_number, n))
        hand = _insert(match, rows, entry, n, user=user, via=via, entry_key=entry_key)
    hand.resent = hand.same = False
    return hand


def hand_edit(*, match_id: int, number: int, entry: HandEntry, expected_revision: int, user=None,
              via: str = VIA_ACCOUNT, table: int = 1, entry_key: UUID | None = None) -> Hand:
    """Corrects hand ``number`` (a partnership: ``table``'s hand of deal ``number``); the whole
    match is scored again. ``entry_key``: the key of a queued entry that takes this hand's place
    (a table resolving a conflict); sent again, the key finds this hand (``resent``) and nothing
    is written."""
    with transaction.atomic():
        match, rows = _locked(match_id)
        table = _check_table(match, table)
        entry = replace(entry, table=table)
        if entry_key is not None and (again := _keyed(rows, entry_key, entry, match)):
            return again
        _check_revision(match, expected_revision)
        _check_correction_window(match, via)
        hand = _nth(rows, number, table)
        was_key = hand.entry_key
        if entry_key is not None:
            hand.entry_key = entry_key
        before = HandEntry.of(hand)
        old_entries = [HandEntry.of(h) for h in rows]
        entries = [entry if h is hand else e for h, e in zip(rows, old_entries)]
        result = _score(match, entries)
        for name, value in entry.fields().items():
            setattr(hand, name, value)
        hand.save()
        _log(match, number, "edited", before, entry, user, via, entries, old_entries, entry_key=was_key)
        _write_through(match, result, "edited", number, user, via)
    hand.resent = hand.same = False
    return hand


def hand_delete(*, match_id: int, number: int, expected_revision: int, user=None, via: str = VIA_ACCOUNT,
                action: str = "deleted", table: int = 1) -> None:
    """Removes hand ``number``; the later hands move up one. In a partnership only a table's
    last hand can be removed (a deal in the middle would shift the tables' opponents)."""
    with transaction.atomic():
        match, rows = _locked(match_id)
        _check_revision(match, expected_revision)
        _check_correction_window(match, via)
        table = _check_table(match, table)
        hand = _nth(rows, number, table)
        if match.kind == KIND_PARTNERSHIP:
            mine = [h for h in rows if h.table == table]
            ahead = len(rows) - len(mine) - len(mine)
            if hand is not mine[-1]:
                raise HandRefused(_("Only table %(table)s's last hand (deal %(last)s) can be removed; correct deal "
                                    "%(number)s instead.") % {"table": table, "last": len(mine), "number": number})
            if ahead > 0:
                raise HandRefused(_("Table %(table)s has already entered deal %(deal)s; remove that first, or "
                                    "correct this hand instead.") % {"table": 3 - table, "deal": len(mine) + 1})
        old_entries = [HandEntry.of(h) for h in rows]
        entries = [e for h, e in zip(rows, old_entries) if h is not hand]
        result = _score(match, entries)
        hand.delete()
        if match.kind != KIND_PARTNERSHIP:
            later = match.hands.filter(number__gt=number)
            # Two steps so the unique (match, number) holds after every row on every database.
            later.update(number=F("number") + 1_000_000)
            match.hands.filter(number__gt=1_000_000).update(number=F("number") - 1_000_001)
        _log(match, number, action, HandEntry.of(hand), None, user, via, None, old_entries,
             entry_key=hand.entry_key)
        _write_through(match, result, action, number, user, via)


def hand_undo(*, match_id: int, expected_revision: int, user=None, via: str = VIA_ACCOUNT,
              table: int | None = None) -> int:
    """Removes the last hand (a partnership: ``table``'s last hand; without a table, the last
    one entered); returns its number."""
    hands = Hand.objects.filter(match_id=match_id)
    if table is not None:
        hands = hands.filter(table=table)
    last = hands.order_by("-number", "-created_at", "-id").values_list("number", "table").first()
    if last is None:
        raise HandRefused(_("There is no hand to undo.") if table is None else
                          _("Table %(table)s has no hand to undo.") % {"table": table})
    hand_delete(match_id=match_id, number=last[0], expected_revision=expected_revision, user=user, via=via,
                action="undone", table=last[1])
    return last[0]


def hand_redo(*, match_id: int, expected_revision: int, user=None, via: str = VIA_ACCOUNT,
              table: int | None = None) -> int:
    """Puts back the hand the last change undid, as the next hand; returns its number.
    ``table``: a partnership table's last change and its next deal (each table undoes and redoes
    its own hands; the other table's hands meanwhile do not matter). Without a table, the
    match's last change. Only straight after the undo (nothing changed since at that table),
    else ``HandRefused``. The hand keeps its entry key: a phone's resend of it is then that hand."""
    with transaction.atomic():
        match, rows = _locked(match_id)
        _check_revision(match, expected_revision)
        changes = HandChange.objects.filter(match=match)
        if table is not None:
            table = _check_table(match, table)
            changes = changes.filter(table=table)
        last = changes.order_by("-created_at", "-id").first()
        table = last.table if last is not None else 1
        n = len([h for h in rows if h.table == table]) + 1
        if last is None or last.action != "undone" or last.hand_number != n or not last.before:
            raise HandRefused(_("There is no undone hand to put back: the hands changed since the undo."))
        try:
            entry = replace(entry_from_json(last.before, match, n, table), table=table)
        except (RecordError, CardError) as e:
            raise HandRefused(sentence(str(e))) from None
        _insert(match, rows, entry, n, user=user, via=via, entry_key=last.entry_key)
    return n


def _insert(match: Match, rows: list[Hand], entry: HandEntry, n: int, *, user, via: str,
            entry_key: UUID | None = None) -> Hand:
    """Writes ``entry`` as hand ``n`` of its table (the next one), scoring the whole match with
    it first; a partnership's table may not run more than one deal ahead of the other."""
    problem = hands_problem(n)
    if problem:
        raise HandRefused(sentence(_("Hand %(n)s would make %(problem)s") % {"n": n, "problem": problem}))
    if match.kind == KIND_PARTNERSHIP:
        other = len([h for h in rows if h.table != entry.table])
        if other < n - 1:
            raise TableAhead(_("Table %(table)s has entered deal %(before)s; deal %(n)s starts when table %(other)s's "
                               "hand of deal %(before)s is in.")
                             % {"table": entry.table, "before": n - 1, "n": n, "other": 3 - entry.table})
    entries = _sorted_entries(rows, entry, n)
    result = _score(match, entries)
    try:
        with transaction.atomic():
            hand = Hand.objects.create(match=match, number=n, entered_by=_account(user), entered_via=via,
                                       entry_key=entry_key, **entry.fields())
    except IntegrityError:  # a writer the lock did not hold back (no row locks on this database)
        raise HandConflict(conflict_text(n, n + 1)) from None
    _log(match, n, "added", None, entry, user, via, entries, entry_key=entry_key)
    _write_through(match, result, "added", n, user, via)
    return hand


def match_refresh(*, match: Match) -> MatchResult:
    """Rebuilds the match's caches from its hands (repair; every write does it already)."""
    with transaction.atomic():
        match, rows = _locked(match.pk)
        result = _score(match, [HandEntry.of(h) for h in rows])
        _refresh(match, result)
    return result


def team_name_clean(name: str, field: str) -> str:
    """A partnership's team name as kept (blank: "Ann & Cat"); ``ValueError`` names ``field``."""
    name = (name or "").strip()
    if not name:
        return ""
    try:
        return name_clean(name)
    except NameRefused as e:
        raise ValueError(_("%(field)s: %(problem)s") % {"field": field, "problem": e}) from None


# Internals


def _locked(match_id: int, seen: tuple[Match, list[Hand]] | None = None) -> tuple[Match, list[Hand]]:
    """The match, its row locked until the transaction ends (where the database locks rows), and its hands.
    With ``seen`` (the match and hands read before the transaction), those, if the match's revision
    is still theirs: every write to the hands moves it, under this same lock."""
    if seen is not None and seen[0].pk == match_id:
        if _LOCKED_REVISION.first(match_id) == seen[0].revision:   # a copy: what the write changes stays off the caller's match
            return copy.copy(seen[0]), list(seen[1])
    match = _LOCKED_MATCH.first(match_id)
    if match is None:
        raise Match.DoesNotExist("No such match.")
    return match, hands_in_order(match_id)


# The reads of every write (prepared: see ginscore.club.prepared).
_LOCKED_REVISION = Prepared(lambda pk: Match.objects.select_for_update(of=("self",)).filter(pk=pk).order_by()
                            .values_list("revision", flat=True))
_LOCKED_MATCH = Prepared(lambda pk: Match.objects.select_for_update(of=("self",)).select_related(
    "player_a", "player_b", "player_c", "player_d").filter(pk=pk))


def _check_table(match: Match, table) -> int:
    """The table a hand is entered at: 1, or 1 or 2 in a partnership."""
    if match.kind == KIND_PARTNERSHIP:
        if table not in (1, 2):
            raise HandRefused(_("table: a partnership deal is played at table 1 and table 2."))
        return table
    if table not in (1, None):
        raise HandRefused(_("table: this match is played at one table."))
    return 1


def _sorted_entries(rows: list[Hand], entry: HandEntry, n: int) -> list[HandEntry]:
    """The match's entries with ``entry`` as hand ``n`` of its table, in (number, table) order."""
    keyed = [((h.number, h.table), HandEntry.of(h)) for h in rows] + [((n, entry.table), entry)]
    return [e for _, e in sorted(keyed, key=lambda item: item[0])]


def _numbered(match: Match, entries: list[HandEntry]):
    """(number, entry) for entries in record order: a partnership's tables share their deal's number."""
    if match.kind != KIND_PARTNERSHIP:
        return enumerate(entries, 1)
    return (((i // 2) + 1, e) for i, e in enumerate(entries))


def _keyed(rows: list[Hand], entry_key: UUID, entry: HandEntry, match: Match) -> Hand | None:
    """The hand already saved under ``entry_key`` (marked ``resent``), or None; refused when
    its content is not ``entry``'s (the key was reused, or the hand was corrected since), and
    when the key's hand was undone or deleted since (the undo stands until someone redoes it)."""
    for hand in rows:
        if hand.entry_key == entry_key:
            if HandEntry.of(hand) != entry:
                raise EntryKeyReused(
                    _("entry_key: this entry was saved before as hand %(number)s, which holds another hand "
                      "(corrected since, or the key was used twice); nothing was saved. Enter the hand again if it "
                      "is a new one.") % {"number": hand.number})
            hand.resent = True
            hand.same = False
            return hand
    gone = HandChange.objects.filter(match_id=match.pk, entry_key=entry_key).order_by(
        "-created_at", "-id").values_list("hand_number", "table", "action").first()
    if gone is not None and gone[2] in ("undone", "deleted"):
        number, table, action = gone
        what = hand_called(match, number, table)
        text = (_("%(hand)s, sent from this phone, was undone on another device; it stays undone unless it is put "
                  "back with Redo on the pad. Nothing was saved.") if action == "undone" else
                _("%(hand)s, sent from this phone, was deleted on another device; it stays deleted unless it is "
                  "entered again on the pad. Nothing was saved."))
        raise EntryUndone(text % {"hand": what}, number=number, action=action)
    return None


def hand_called(match: Match, number: int, table: int = 1) -> str:
    """A hand as the pad names it: "Hand 3", a partnership's "Table 2's hand of deal 3"."""
    if match.kind == KIND_PARTNERSHIP:
        return _("Table %(table)s's hand of deal %(number)s") % {"table": table, "number": number}
    return _("Hand %(number)s") % {"number": number}


def conflict_text(expected: int, n: int) -> str:
    """Why hand ``expected`` was not saved when the next hand is ``n``."""
    if expected < n:
        return (_("Hand %(number)s was just recorded on another device. Here is the pad as it stands now.")
                % {"number": expected})
    values = {"held": n - 1, "n": n, "expected": expected}
    if n == 1:
        return (_("The hands changed on another device: the pad holds no hand now (a hand was undone or deleted), "
                  "so the next hand is hand %(n)s, not hand %(expected)s.") % values)
    return ngettext("The hands changed on another device: the pad holds %(held)s hand now (a hand was undone or "
                    "deleted), so the next hand is hand %(n)s, not hand %(expected)s.",
                    "The hands changed on another device: the pad holds %(held)s hands now (a hand was undone or "
                    "deleted), so the next hand is hand %(n)s, not hand %(expected)s.", n - 1) % values


def _check_revision(match: Match, expected: int) -> None:
    if match.revision != expected:
        raise HandConflict(_("The hands changed on another device while you were correcting. Here is the pad as it "
                             "stands now."))


def _check_correction_window(match: Match, via: str) -> None:
    """A table link stops correcting a complete match once its window has passed."""
    if via == VIA_TABLE_LINK:
        reason = table_link_closed(match)
        if reason:
            raise HandRefused(reason)


def _nth(rows: list[Hand], number: int, table: int = 1) -> Hand:
    for h in rows:
        if h.number == number and h.table == table:
            return h
    raise HandRefused(_("There is no hand %(number)s in this match.") % {"number": number}
                      if table == 1 and not any(h.table == 2 for h in rows) else
                      _("Table %(table)s has no hand of deal %(number)s.") % {"table": table, "number": number})


def _score(match: Match, entries: list[HandEntry]) -> MatchResult:
    try:
        return score_match(record_of(match, entries))
    except (RecordError, CardError) as e:
        raise HandRefused(sentence(str(e))) from None


def sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def _log(match, number, action, before: HandEntry | None, after: HandEntry | None, user, via,
         entries: list[HandEntry] | None = None, old_entries: list[HandEntry] | None = None,
         entry_key: UUID | None = None) -> None:
    """The history line; ``entries``/``old_entries`` (the match's hands after/before the change)
    tell who played the hand with three players."""
    table = (after or before).table
    HandChange.objects.create(
        match=match, hand_number=number, table=table, action=action, via=via,
        who=_account(user),
        before=entry_to_json(before, hand_pair(match, old_entries, number, table)) if before else None,
        after=entry_to_json(after, hand_pair(match, entries, number, table)) if after else None,
        entry_key=entry_key, device=current_device(),
    )


def hand_clash_note(*, match_id: int, number: int, typed: HandEntry, table: int = 1, user=None,
                    via: str = VIA_ACCOUNT) -> tuple[list[HandChange], dict | None]:
    """Another phone saved a different hand ``number`` than the one recorded (it was shown the
    conflict): kept in the history as "clashed" (the recorded hand before, the typed one after,
    the device), so the pad tells every phone, the one whose save won included, and a third phone
    sees what the others typed. The match's ``updated_at`` moves (the live pads redraw; the
    revision, which counts writes to the hands, does not). The same device sending the same hand
    again adds nothing. Returns the clashes of this hand as it is recorded now, oldest first, and the
    typed hand as the record writes it (None: no such hand)."""
    with transaction.atomic():
        match, rows = _locked(match_id)
        entries = [HandEntry.of(h) for h in rows]
        stored = next((h for h in rows if h.number == number and h.table == table), None)
        if stored is None:
            return [], None
        pair = hand_pair(match, entries, number, table)
        recorded = entry_to_json(HandEntry.of(stored), pair)
        mine = entry_to_json(replace(typed, table=table), pair)
        clashes = [c for c in HandChange.objects.filter(match=match, hand_number=number, table=table,
                                                        action="clashed").order_by("id") if c.before == recorded]
        device = current_device()
        if not any(c.after == mine and c.device == device for c in clashes):
            clashes.append(HandChange.objects.create(match=match, hand_number=number, table=table, action="clashed",
                                                     via=via, who=_account(user), before=recorded, after=mine,
                                                     device=device))
            Match.objects.filter(pk=match.pk).update(updated_at=timezone.now())
    return clashes, mine


def _account(user):
    """The account behind a write, or None (a table link holder with no account)."""
    return user if user is not None and user.is_authenticated else None


def _write_through(match: Match, result: MatchResult, action: str, number: int | None, user, via: str) -> None:
    was_complete = match.complete
    _refresh(match, result)
    match_changed.send(sender=Match, match=match, result=result, action=action, hand_number=number,
                       user=_account(user), via=via, was_complete=was_complete)


# What _refresh writes: the caches of the hands, the revision and the time of the change.
_TOTAL_NAME = gettext_lazy("%(side)s's %(what)s")
_TOTALS = ((gettext_lazy("match score"), "score"), (gettext_lazy("games won"), "games"), (gettext_lazy("gins"), "gins"),
           (gettext_lazy("undercuts"), "undercuts"), (gettext_lazy("points in the game in play"), "game"))
REFRESHED = ("complete", "winner", "tallies", "hand_count", "game_number", "game_a", "game_b", "game_c",
             "game_columns", "finished_at", "revision", "updated_at",
             *(f"{what}_{letter}" for what in ("score", "games", "gins", "undercuts") for letter in "abc"))


def _refresh(match: Match, result: MatchResult, also: tuple[str, ...] = ()) -> None:
    """The caches on ``match`` from the engine's result; the revision moves on. A partnership's
    sides are its teams (team A's cache in the ``_a`` fields; its winner is kept as the team's
    first player, A or B). Only those are written (and the fields ``also`` names): a match read
    a moment before the write (``hand_add``'s ``seen``) never writes back anything else."""
    sides = match.side_names
    letters = "abc"[:len(sides)]
    summary = result.match
    match.complete = summary.complete
    side_player = dict(zip(sides, (match.player_a, match.player_b, match.player_c)))
    match.winner = None if summary.winner is None else side_player[summary.winner]
    match.tallies = match_tallies(result, match_names(match))
    seats = match.tallies["seats"]
    side_seats = ("ac", "bd") if result.teams else letters  # a partnership: team A is a and c, team B b and d
    for letter, side, mine in zip(letters, sides, side_seats):
        setattr(match, f"score_{letter}", summary.score[side])
        setattr(match, f"games_{letter}", summary.games_won[side])
        setattr(match, f"gins_{letter}", sum(seats[s]["gins"] for s in mine))
        setattr(match, f"undercuts_{letter}", sum(seats[s]["undercuts"] for s in mine))
    match.hand_count = len(result.hands)
    for name, value in game_in_play_fields(result, sides).items():
        setattr(match, name, value)
    problem = totals_problem({_TOTAL_NAME % {"side": sides[i], "what": what}: getattr(match, f"{field}_{side}")
                              for what, field in _TOTALS for i, side in enumerate(letters)})
    if problem:
        raise HandRefused(sentence(problem))
    # When the match finished is a fact: a correction (an edit, an undo then a redo, a hand taken
    # back and typed again) that leaves it finished keeps the moment it first finished, so the
    # rating's order, and every rating after it, is the same whichever way it was corrected.
    # While a correction holds it open the moment stays (unread: only a finished match's is).
    if summary.complete and match.finished_at is None:
        match.finished_at = timezone.now()
    match.revision += 1
    match.save(update_fields=[*REFRESHED, *also])
