"""Single and double elimination brackets, built from players in seed order."""
from __future__ import annotations

from collections.abc import Hashable, Sequence

from ginscore.engine.tournament.bracket import Bracket, BracketMatch, Source
from ginscore.engine.tournament.seeding import bracket_size, seed_positions


def _winners_bracket(size: int, prefix: str = "W") -> list[list[BracketMatch]]:
    """The winners' side: round 1 takes the seeds in standard positions."""
    order = seed_positions(size)
    rounds = [[BracketMatch(f"{prefix}1-{i + 1}", "winners", 1, i + 1,
                            (Source("seed", order[2 * i]), Source("seed", order[2 * i + 1])))
               for i in range(size // 2)]]
    while len(rounds[-1]) > 1:
        r, prev = len(rounds) + 1, rounds[-1]
        rounds.append([BracketMatch(f"{prefix}{r}-{i + 1}", "winners", r, i + 1,
                                    (Source("winner", prev[2 * i].id), Source("winner", prev[2 * i + 1].id)))
                       for i in range(len(prev) // 2)])
    return rounds


def single_elimination(players: Sequence[Hashable], third_place: bool = False) -> Bracket:
    """A knockout bracket; ``third_place`` adds a match between the semi-final losers."""
    rounds = _winners_bracket(bracket_size(len(players)))
    matches = [m for r in rounds for m in r]
    if third_place and len(rounds) >= 2:
        semis = rounds[-2]
        matches.append(BracketMatch("3P", "third", 1, 1,
                                    (Source("loser", semis[0].id), Source("loser", semis[1].id))))
    return Bracket(matches, players).start()


def double_elimination(players: Sequence[Hashable]) -> Bracket:
    """Winners' and losers' brackets and a grand final, replayed once if the
    losers'-bracket player wins the first.

    Losers' round 1 pairs the winners' round 1 losers; after that the rounds
    alternate: survivors meet the players who just dropped from the winners'
    side (in reversed order every other time, to put off rematches), then
    survivors meet each other.
    """
    wb = _winners_bracket(bracket_size(len(players)))
    matches = [m for r in wb for m in r]
    lb: list[list[BracketMatch]] = []

    def add_round(sources: list[tuple[Source, Source]]) -> None:
        r = len(lb) + 1
        lb.append([BracketMatch(f"L{r}-{i + 1}", "losers", r, i + 1, pair) for i, pair in enumerate(sources)])

    if len(wb) >= 2:
        first = wb[0]
        add_round([(Source("loser", first[2 * i].id), Source("loser", first[2 * i + 1].id))
                   for i in range(len(first) // 2)])
        for j, dropping in enumerate(wb[1:], start=1):
            drops = [Source("loser", m.id) for m in dropping]
            if j % 2 == 1:
                drops.reverse()
            survivors = lb[-1]
            add_round([(Source("winner", s.id), d) for s, d in zip(survivors, drops)])
            if len(lb[-1]) > 1:
                last = lb[-1]
                add_round([(Source("winner", last[2 * i].id), Source("winner", last[2 * i + 1].id))
                           for i in range(len(last) // 2)])
        lb_champion = Source("winner", lb[-1][0].id)
    else:
        lb_champion = Source("loser", wb[0][0].id)
    matches += [m for r in lb for m in r]
    first_final = BracketMatch("GF1", "final", 1, 1, (Source("winner", wb[-1][0].id), lb_champion))
    replay = BracketMatch("GF2", "final", 2, 1, (Source("winner", "GF1"), Source("loser", "GF1")), reset=True)
    return Bracket(matches + [first_final, replay], players).start()


def placings(bracket: Bracket) -> dict[Hashable, int]:
    """How far each player got: 1 for the champion (and for everyone still in
    while the bracket runs), then by the round of the loss that put them out;
    players out in the same round share a placing. With a third-place match,
    its winner places third and its loser fourth."""
    out_at: dict[Hashable, tuple[int, int]] = {}
    losses: dict[Hashable, int] = {}
    lives = 2 if any(m.section == "losers" or m.section == "final" for m in bracket.matches) else 1
    for m in bracket.matches:
        if m.outcome not in ("played", "forfeit", "withdrawal"):
            continue
        if m.section == "third":
            out_at[m.winner] = (m.play_round, 1)
            out_at[m.loser] = (m.play_round, 0)
            continue
        losses[m.loser] = losses.get(m.loser, 0) + 1
        if losses[m.loser] >= lives:
            out_at.setdefault(m.loser, (m.play_round, 2 if m.section in ("winners", "final") else 0))
    champion = bracket.champion
    if champion is not None:
        out_at.pop(champion, None)
    alive = (10 ** 9, 0)
    keys = {p: out_at.get(p, alive) for p in bracket.seeds}
    return {p: 1 + sum(1 for k in keys.values() if k > key) for p, key in keys.items()}
