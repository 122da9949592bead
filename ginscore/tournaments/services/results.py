"""Results: a match's result reaching its place in the tournament (at its end, or when
time is called), the forfeit, and who may still correct a result the event relies on."""
from __future__ import annotations

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext

from ginscore.club.prepared import Prepared
from ginscore.club.roles import is_director
from ginscore.engine.tournament import DECIDED
from ginscore.matches.agreement import hand_awaits, hand_version, match_awaits_agreement
from ginscore.matches.models import Hand, Match
from ginscore.tournaments.news import announce
from ginscore.tournaments.models import STATUS_FINISHED, Entry, Tournament, TournamentMatch
from ginscore.tournaments.services.locks import TournamentRefused, _locked, _results_moved, _stage_kind
from ginscore.tournaments.services.rounds import _decide, _undo


# The reads of every hand saved in a tournament (prepared: see ginscore.club.prepared).
_FOLLOWED_ROW = Prepared(lambda pk, match_id: TournamentMatch.objects.select_related("entry_a", "entry_b")
                         .filter(pk=pk, match_id=match_id))


def tournament_match_follow(*, match: Match, action: str = "", hand_number: int | None = None, user=None,
                            via: str | None = None) -> None:
    """The hook: called (through ``match_changed``) after every write to a
    match's hands. A finished match decides its place; so does the hand in play
    when time was called (decided at time); a match that is no longer finished
    (a hand taken back) reopens it while nothing later depends on it.
    When both players agree (``Tournament.agree``), a hand just entered or
    corrected at the table first waits for the other player's confirmation."""
    if Match.tournament_match.is_cached(match):   # read with the match (a place never changes tournament)
        row = getattr(match, "tournament_match", None)   # (None: not a tournament match)
    else:
        row = TournamentMatch.objects.filter(match_id=match.pk).only("id", "tournament_id").order_by("pk").first()
    if row is None:
        return
    with transaction.atomic():
        # Most hands only move a match still in play on: the standings stay as they are.
        t = _locked(row.tournament_id, results=False)
        results = t.agree
        if t.agree and action in ("added", "edited") and hand_number is not None:
            hand = hand_awaits(match=match, number=hand_number, user=user, via=via)
            if hand is not None:
                announce("confirm", match=match.pk, hand=hand.pk, version=hand_version(hand))
        called = t.clock_called
        _time_call_if_due(t)
        row = _FOLLOWED_ROW.first(row.pk, match.pk)
        if row is None:   # the place let go of this match meanwhile (its round taken back)
            return
        if _follow_row(t, row, match) or results or t.clock_called != called:
            _results_moved(t)


def _follow_row(t: Tournament, row: TournamentMatch, match: Match) -> bool:
    """The place's result from its match: finished, decided at time, or open again.
    True when the place's result changed (decided, or open again)."""
    if row.entry_a is None or row.entry_b is None:
        return False   # a place that lost its players to an undo: the match no longer counts
    straight = match.player_a_id == row.entry_a.player_id
    winner, at_time = None, False
    if t.agree and match_awaits_agreement(match):
        pass   # not finished for the event while a hand awaits the other player's word
    elif match.complete and match.winner_id is not None:
        winner = row.entry_a if match.winner_id == row.entry_a.player_id else row.entry_b
    elif row.time_hands is not None and match.hand_count > row.time_hands:
        if row.at_time and match.hand_count > row.time_hands + 1:
            from ginscore.matches.services import HandRefused
            raise HandRefused(gettext("Time was called: this match was decided at time after hand %(number)s.")
                              % {"number": row.time_hands + 1})
        side = time_winner(t.time_rule, match)
        if side is not None:
            winner = row.entry_a if (side == "a") == straight else row.entry_b
            at_time = True
    counted = (row.points_a, row.points_b) if row.outcome in DECIDED else None
    changed = row.outcome == "played" and (winner is None or winner.pk != row.winner_id)
    if changed:
        _undo(t, row)
    stored = (row.points_a, row.points_b, row.at_time)   # as the row is in the database now
    points = (match.score_a, match.score_b)
    if at_time:   # what the players scored: the match score and the game in play
        points = (match.score_a + match.game_a, match.score_b + match.game_b)
    row.points_a, row.points_b = points if straight else points[::-1]
    row.at_time = at_time
    if winner is not None and row.outcome in ("", "played") and row.winner_id != winner.pk:
        _decide(t, row, winner, "played")
        TournamentMatch.objects.filter(pk=row.pk).update(at_time=at_time)
        changed = True
    elif (row.points_a, row.points_b, row.at_time) != stored:   # most hands leave the match score as it was
        row.save(update_fields=["points_a", "points_b", "at_time"])
    # A correction to a finished match moves the points its result counts with.
    return changed or (counted is not None and counted != (row.points_a, row.points_b))


def time_winner(rule: str, match: Match) -> str | None:
    """The side ("a"/"b") ahead when time is called: on the match score then the game in play's
    score (rule "match"), or the other way round (rule "game"); None when level on both
    (the next hand decides)."""
    scores = [(match.score_a, match.score_b), (match.game_a, match.game_b)]
    if rule == "game":
        scores.reverse()
    for a, b in scores:
        if a != b:
            return "a" if a > b else "b"
    return None


def correction_check(*, match: Match, user) -> None:
    """Refuses (``HandRefused``, naming why) a correction of a tournament match whose result the
    event already relies on, unless ``user`` is a director: the result is final for the players
    and the table link once a later round, the knockout or the final standings depend on it."""
    from ginscore.matches.services import HandRefused

    row = TournamentMatch.objects.filter(match_id=match.pk).select_related("tournament").first()
    if row is None or row.outcome != "played" or (user is not None and is_director(user)):
        return
    reason = result_relied_on(row)
    if reason:
        raise HandRefused(gettext("Only a director can correct this match now: %(reason)s. Ask the director; the history "
                                  "will say who corrected it.") % {"reason": reason})


def result_relied_on(row: TournamentMatch) -> str | None:
    """What in the event rests on this finished match's result, or None."""
    t = row.tournament
    if t.status == STATUS_FINISHED:
        return gettext("the tournament is over and its final standings rest on this result")
    if row.stage < t.stage:
        return gettext("the first stage is over and the knockout was drawn from its results")
    later = TournamentMatch.objects.filter(tournament=t, stage=row.stage)
    if row.section == "round":
        if _stage_kind(t) == "swiss" and later.filter(play_round__gt=row.play_round).exists():
            return gettext("round %(round)s was paired from this result") % {"round": row.play_round + 1}
        return None
    fed = later.filter(Q(source_a__in=[f"winner:{row.key}", f"loser:{row.key}"])
                       | Q(source_b__in=[f"winner:{row.key}", f"loser:{row.key}"]))
    started = fed.filter(Q(outcome__in=DECIDED) | Q(match__hand_count__gt=0)).first()
    if started is not None:
        return gettext("the %(match)s it leads to has started") % {"match": started.label[:1].lower() + started.label[1:]}
    return None


def tmatch_forfeit(*, tmatch: TournamentMatch, winner: Entry) -> None:
    """The director gives the match to ``winner`` (the opponent did not play)."""
    with transaction.atomic():
        t = _locked(tmatch.tournament_id)
        row = TournamentMatch.objects.select_related("entry_a", "entry_b").get(pk=tmatch.pk)
        if row.outcome:
            raise TournamentRefused("result: " + gettext("this match already has a result."))
        if winner.pk not in (row.entry_a_id, row.entry_b_id) or None in (row.entry_a_id, row.entry_b_id):
            raise TournamentRefused("winner: " + gettext("pick one of the two players of this match."))
        _decide(t, row, winner, "forfeit")


# Time called: the round clock's deadline reached, or the director's call


def _time_call_if_due(t: Tournament, now=None) -> None:
    if t.clock_deadline is not None and t.clock_called is None and (now or timezone.now()) >= t.clock_deadline:
        _time_call(t, t.clock_deadline)


def _time_call(t: Tournament, at) -> None:
    """Time is called at ``at``: each open match of the timed round notes the hands finished
    by then (from the hands' own times); the next one is the hand in play."""
    t.clock_called = at
    t.save(update_fields=["clock_called"])
    announce("time", tournament=t.pk, stage=t.clock_stage, round=t.clock_round)
    rows = list(TournamentMatch.objects.filter(tournament=t, stage=t.clock_stage, play_round=t.clock_round,
                                               outcome="", match__isnull=False)
                .select_related("entry_a", "entry_b", "match"))
    done = dict(Hand.objects.filter(match_id__in=[r.match_id for r in rows], created_at__lte=at)
                .values("match_id").annotate(n=Count("id")).values_list("match_id", "n"))
    for row in rows:
        row.time_hands = done.get(row.match_id, 0)
    TournamentMatch.objects.bulk_update(rows, ["time_hands"])
    for row in rows:   # a table that already saved the hand in play is decided now
        row.refresh_from_db(fields=["outcome", "winner"])
        if not row.outcome:
            _follow_row(t, row, row.match)
