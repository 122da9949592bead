"""A bracket as plain data: matches with two slots that fill as results come in.

Each slot says where its player comes from: a seed, the winner of a match or
the loser of a match. Reporting a result (``Bracket.report``) fills the slots
that wait on it, settles byes (a slot that can only stay empty) and empty
matches, and so on down the bracket. Nothing here knows about storage: the
site keeps one row per ``BracketMatch`` and rebuilds the ``Bracket`` from them.

Outcomes: ``played`` (from the hands), ``forfeit`` and ``withdrawal`` (decided
by the director), ``bye`` (one player, nobody against them) and ``void`` (no
player at all: never a match, e.g. a losers'-bracket place fed only by byes,
or a grand-final replay that is not needed).
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

from ginscore.engine.errors import RuleError
from ginscore.engine.i18n import Text
from ginscore.engine.i18n import gettext_lazy as _
from ginscore.engine.tournament.names import match_title

OUTCOMES = ("played", "forfeit", "withdrawal", "bye", "void")
DECIDED = ("played", "forfeit", "withdrawal")   # a real match with a loser
SECTIONS = ("winners", "losers", "third", "final")


class LaterResult(RuleError):
    """A result cannot be taken back: a later match (``blocking``, its id) already has one."""

    def __init__(self, message: Text | str, blocking: str):
        super().__init__(message)
        self.blocking = blocking


def _later(title: Text) -> Text:
    return _("match: a later match, %(match)s, already has a result; undo that first") % {"match": title}


@dataclass(frozen=True, slots=True)
class Source:
    """Where a slot's player comes from: ("seed", n), ("winner", id), ("loser", id) or ("empty", None)."""

    kind: str
    ref: int | str | None = None

    def __str__(self) -> str:
        return str(self.text)

    @property
    def text(self) -> Text:
        """Where the player comes from, for people: "seed 3", "bye", "winner of W1-2"."""
        if self.kind == "seed":
            return _("seed %(number)s") % {"number": self.ref}
        if self.kind == "empty":
            return _("bye")
        if self.kind == "winner":
            return _("winner of %(match)s") % {"match": self.ref}
        return _("loser of %(match)s") % {"match": self.ref}


@dataclass(slots=True)
class BracketMatch:
    """One place in the bracket. ``round`` counts within the section;
    ``play_round`` is when it can be played at the earliest (a player's
    matches always have increasing play rounds)."""

    id: str
    section: str
    round: int
    number: int
    sources: tuple[Source, Source]
    play_round: int = 0
    players: list = field(default_factory=lambda: [None, None])
    filled: list = field(default_factory=lambda: [False, False])
    winner: Hashable | None = None
    loser: Hashable | None = None
    outcome: str | None = None
    reset: bool = False   # a grand-final replay: only played if the losers'-bracket player won the first

    @property
    def decided(self) -> bool:
        return self.outcome is not None

    @property
    def ready(self) -> bool:
        """Both players known, no result yet: the match can start at a table."""
        return self.outcome is None and all(self.filled) and None not in self.players

    @property
    def label(self) -> Text:
        if self.section == "final":
            return _("Grand final") if not self.reset else _("Grand final (replay)")
        if self.section == "third":
            return _("Third place")
        said = {"round": self.round, "number": self.number}
        if self.section == "winners":
            return _("Winners round %(round)s, match %(number)s") % said
        return _("Losers round %(round)s, match %(number)s") % said


class Bracket:
    """Matches in order (every match after the matches it depends on)."""

    def __init__(self, matches: Iterable[BracketMatch], seeds: Iterable[Hashable], withdrawn: Iterable[Hashable] = ()):
        self.matches: list[BracketMatch] = list(matches)
        self.by_id = {m.id: m for m in self.matches}
        self.seeds = list(seeds)
        self.withdrawn = set(withdrawn)
        self._followers: dict[str, list[tuple[BracketMatch, int]]] = {}
        for m in self.matches:
            for i, src in enumerate(m.sources):
                if src.kind in ("winner", "loser"):
                    self._followers.setdefault(src.ref, []).append((m, i))
        self._rounds: dict[str, int] = {}
        for m in self.matches:
            self._rounds[m.section] = max(self._rounds.get(m.section, 0), m.round)
        self._schedule()

    # -- structure -------------------------------------------------------
    def _schedule(self) -> None:
        for m in self.matches:
            before = [self.by_id[s.ref].play_round for s in m.sources if s.kind in ("winner", "loser")]
            m.play_round = 1 + max(before, default=0)

    def start(self) -> Bracket:
        """Place the seeds and settle byes. Returns the bracket for chaining."""
        for m in self.matches:
            for i, src in enumerate(m.sources):
                if src.kind == "seed":
                    self._fill(m, i, self.seeds[src.ref - 1] if src.ref <= len(self.seeds) else None)
                elif src.kind == "empty":
                    self._fill(m, i, None)
        return self

    # -- reading ---------------------------------------------------------
    def title(self, m: BracketMatch) -> Text:
        """The match as a club says it: "Semi-final 2", "Losers' round 3, match 1", "Final"."""
        in_round = sum(1 for o in self.matches if o.section == m.section and o.round == m.round)
        return match_title(m.section, m.round, m.number, rounds=self._rounds.get(m.section, m.round),
                           in_round=in_round, double="final" in self._rounds)

    def ready_matches(self) -> list[BracketMatch]:
        return [m for m in self.matches if m.ready]

    def rounds(self) -> dict[int, list[BracketMatch]]:
        """Matches with players (not void) by play round."""
        out: dict[int, list[BracketMatch]] = {}
        for m in self.matches:
            if m.outcome != "void":
                out.setdefault(m.play_round, []).append(m)
        return out

    def sections(self) -> dict[str, dict[int, list[BracketMatch]]]:
        """Section -> round -> matches: what a drawn bracket shows."""
        out: dict[str, dict[int, list[BracketMatch]]] = {}
        for m in self.matches:
            out.setdefault(m.section, {}).setdefault(m.round, []).append(m)
        return out

    @property
    def complete(self) -> bool:
        return all(m.decided for m in self.matches)

    @property
    def champion(self) -> Hashable | None:
        if not self.complete:
            return None
        finals = [m for m in self.matches if m.section == "final" and m.outcome != "void"]
        last = finals[-1] if finals else next(m for m in reversed(self.matches) if m.section == "winners")
        return last.winner

    def losses(self) -> dict[Hashable, int]:
        count = {p: 0 for p in self.seeds}
        for m in self.matches:
            if m.outcome in DECIDED:
                count[m.loser] += 1
        return count

    # -- results ---------------------------------------------------------
    def report(self, match_id: str, winner: Hashable, outcome: str = "played") -> list[BracketMatch]:
        """Record the result of a ready match; returns every match that changed."""
        m = self.by_id.get(match_id)
        if m is None:
            raise RuleError(_("match: there is no match %(match)s in this bracket") % {"match": match_id})
        if outcome not in DECIDED:
            raise RuleError(_("outcome: must be one of %(choices)s") % {"choices": ", ".join(DECIDED)})
        if m.decided:
            raise RuleError(_("match: %(match)s already has a result") % {"match": m.label})
        if not m.ready:
            raise RuleError(_("match: %(match)s is still waiting for its players") % {"match": m.label})
        if winner not in m.players:
            raise RuleError(_("winner: %(player)s does not play in %(match)s") % {"player": winner, "match": m.label})
        changed: list[BracketMatch] = []
        self._decide(m, winner, outcome, changed)
        return changed

    def withdraw(self, player: Hashable) -> list[BracketMatch]:
        """Take a player out: their match now and every later one go to the opponent."""
        if player not in self.seeds:
            raise RuleError(_("player: %(player)s is not in this bracket") % {"player": player})
        self.withdrawn.add(player)
        changed: list[BracketMatch] = []
        for m in self.matches:
            if m.ready and player in m.players:
                self._settle(m, changed)
        return changed

    def undo(self, match_id: str) -> list[BracketMatch]:
        """Take back a result while nothing after it has been decided."""
        m = self.by_id[match_id]
        if m.outcome not in DECIDED:
            raise RuleError(_("match: %(match)s has no result to undo") % {"match": m.label})
        for f, _i in self._followers.get(m.id, ()):
            if f.outcome in DECIDED:
                raise LaterResult(_later(self.title(f)), f.id)
        changed = [m]
        self._clear_followers(m, changed)
        m.winner = m.loser = m.outcome = None
        return changed

    def _clear_followers(self, m: BracketMatch, changed: list[BracketMatch]) -> None:
        for f, i in self._followers.get(m.id, ()):
            if f.outcome in DECIDED:
                raise LaterResult(_later(self.title(f)), f.id)
            if f.filled[i] or f.decided:
                self._clear_followers(f, changed)
                f.players[i], f.filled[i] = None, False
                f.winner = f.loser = f.outcome = None
                changed.append(f)

    # -- advancement -------------------------------------------------------
    def _fill(self, m: BracketMatch, slot: int, player: Hashable | None, changed: list | None = None) -> None:
        m.players[slot], m.filled[slot] = player, True
        if changed is not None:
            changed.append(m)
        self._settle(m, changed if changed is not None else [])

    def _settle(self, m: BracketMatch, changed: list[BracketMatch]) -> None:
        """Decide what needs no table: byes, empty matches, withdrawn players, an unneeded replay."""
        if m.decided or not all(m.filled):
            return
        a, b = m.players
        if m.reset and self._needs_no_replay(m):
            self._decide(m, None, "void", changed)
        elif a is None and b is None:
            self._decide(m, None, "void", changed)
        elif a is None or b is None:
            self._decide(m, a if b is None else b, "bye", changed)
        elif a in self.withdrawn or b in self.withdrawn:
            self._decide(m, b if a in self.withdrawn else a, "withdrawal", changed)

    def _needs_no_replay(self, m: BracketMatch) -> bool:
        first = self.by_id[m.sources[0].ref]
        return first.winner == first.players[0]   # the winners'-bracket player won the first final

    def _decide(self, m: BracketMatch, winner, outcome: str, changed: list[BracketMatch]) -> None:
        m.outcome, m.winner = outcome, winner
        m.loser = None
        if outcome in DECIDED:
            m.loser = m.players[1] if m.players[0] == winner else m.players[0]
        if m not in changed:
            changed.append(m)
        for f, i in self._followers.get(m.id, ()):
            src = f.sources[i]
            self._fill(f, i, m.winner if src.kind == "winner" else m.loser, changed)
