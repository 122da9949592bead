"""Reads of a fixed shape, compiled to SQL once and run again with other values: about half a hand
save's CPU and a kept page's (``bench/bench_kinds.py`` with ``GINSCORE_PREPARED=0`` and without).

A score pad or a hand save reads the same few rows on every request: the match with its players,
its hands, its history, the phone's session. Django builds each of those queries from nothing every
time, and on the night that costs ten to twenty times what the database spends answering them (the
match with its four players and its tournament place: 2.5 ms of Python for 0.12 ms of SQLite).

``Prepared(make)`` takes a function from values to a queryset, compiles it once per database
connection (with stand-in values it then finds in the SQL's parameters), and afterwards runs that
SQL with the values given, turning the rows into what the queryset would have given: model
instances with their ``select_related`` rows, ``values`` dicts or ``values_list`` tuples. It goes through Django's
own cursor, so the query is counted, logged and checked like any other.

Only a query whose SQL does not depend on its values may be prepared: each value must appear
exactly once among the parameters, as given (a number or a text compared as it is), and the
queryset may not prefetch. ``Prepared`` checks this when it compiles and refuses otherwise.

It reaches into Django's query machinery (the compiler, ``klass_info``, the related populators):
``tests/club/test_prepared_reads.py`` runs every prepared read of the site against the ORM's own
answer on SQLite and PostgreSQL, so a Django upgrade that changes them fails the suite. With the
setting ``GINSCORE_PREPARED`` off, every read is the plain queryset.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Callable

from django.conf import settings
from django.db import connections
from django.db.models import QuerySet
from django.db.models.query import (
    FlatValuesListIterable, ModelIterable, ValuesIterable, ValuesListIterable, get_related_populators,
)

# Stand-ins for the values while compiling. The numbers fit the smallest integer column on
# PostgreSQL (a small positive integer, up to 32767): a larger one would make Django drop the
# condition as impossible. Should the query hold one of them as a constant, it is found twice and
# the read refused.
_STAND_IN = 32_000
_TEXT_STAND_IN = "\x1eprepared-{}\x1e"
_INT64 = range(-(2 ** 63), 2 ** 63)


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple
    places: tuple[int, ...]  # where each value goes in ``params``
    compiler: object
    converters: dict
    col_count: int | None  # rows cut to their first columns (ordering by an expression adds some)
    build: Callable[[list], list]


class Prepared:
    """A read of a fixed shape: ``Prepared(lambda pk: Match.objects.filter(pk=pk))(7)`` is the list
    the queryset for 7 gives, without building that queryset or its SQL again (``.first(7)``: its
    first row, or None). ``texts`` names the positions of the values that are text (the others are
    whole numbers)."""

    every: list[Prepared] = []
    """Every prepared read made (the site's are made when their modules are imported)."""

    def __init__(self, make: Callable[..., QuerySet], *, texts: tuple[int, ...] = ()):
        Prepared.every.append(self)
        self.make = make
        self.texts = frozenset(texts)
        self._by_connection: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._alias: str | None = None

    def _stand_ins(self, n: int) -> list:
        return [_TEXT_STAND_IN.format(i) if i in self.texts else _STAND_IN + i for i in range(n)]

    def first(self, *values):
        """The first row the read gives for ``values``, or None."""
        rows = self(*values)
        return rows[0] if rows else None

    def __call__(self, *values) -> list:
        for i, value in enumerate(values):
            if type(value) is not (str if i in self.texts else int):   # None would mean IS NULL to the ORM
                kind = "a text" if i in self.texts else "a whole number"
                raise TypeError(f"value {i} of a prepared read must be {kind}, not {value!r}")
            if i not in self.texts and value not in _INT64:
                return []  # no row holds a number the database cannot: as the ORM answers
        if not settings.GINSCORE_PREPARED:
            return list(self.make(*values))
        if self._alias is None:
            self._alias = self.make(*self._stand_ins(len(values))).db
        connection = connections[self._alias]
        compiled = self._by_connection.get(connection)
        if compiled is None:
            compiled = self._by_connection[connection] = self._compile(connection, len(values))
        params = list(compiled.params)
        for place, value in zip(compiled.places, values):
            params[place] = value
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            rows = cursor.fetchall()
        if compiled.col_count is not None:
            rows = [row[:compiled.col_count] for row in rows]
        if compiled.converters:
            rows = compiled.compiler.apply_converters(rows, compiled.converters)
        return compiled.build(list(rows))

    def _compile(self, connection, n: int) -> _Compiled:
        stand_ins = self._stand_ins(n)
        queryset = self.make(*stand_ins)
        if queryset._prefetch_related_lookups or queryset._known_related_objects:
            raise ValueError("a prepared read cannot prefetch or carry known related objects")
        compiler = queryset.query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()
        places = []
        for stand_in in stand_ins:
            found = [i for i, p in enumerate(params) if p == stand_in]
            if len(found) != 1:
                raise ValueError(f"a prepared read must use each value exactly once, as given: {stand_in!r} is "
                                 f"found {len(found)} times among {params!r}")
            places.append(found[0])
        fields = [s[0] for s in compiler.select[:compiler.col_count]]
        if compiler.has_composite_fields(fields):
            raise ValueError("a prepared read cannot select a composite key")
        return _Compiled(sql=sql, params=tuple(params), places=tuple(places), compiler=compiler,
                         converters=compiler.get_converters(fields),
                         col_count=compiler.col_count if compiler.has_extra_select else None,
                         build=_builder(queryset, compiler))


def _builder(queryset: QuerySet, compiler) -> Callable[[list], list]:
    """How the rows become what the queryset yields (as Django's own iterables do it)."""
    iterable = queryset._iterable_class
    if iterable in (ValuesIterable, ValuesListIterable, FlatValuesListIterable):
        query = queryset.query
        if query.extra_select or query.annotation_select:
            raise ValueError("a prepared values or values_list read cannot have annotations or extra columns")
        if iterable is ValuesIterable:
            names = tuple(query.values_select)
            return lambda rows: [dict(zip(names, row)) for row in rows]
        if iterable is FlatValuesListIterable:
            return lambda rows: [row[0] for row in rows]
        return lambda rows: [tuple(row) for row in rows]
    if iterable is not ModelIterable:
        raise ValueError(f"a prepared read yields model instances, values dicts or values_list tuples, not "
                         f"{iterable.__name__}")
    db = queryset.db
    select, klass_info, annotations = compiler.select, compiler.klass_info, compiler.annotation_col_map
    model = klass_info["model"]
    start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
    init_list = [f[0].target.attname for f in select[start:end]]
    populators = get_related_populators(klass_info, select, db)

    def build(rows: list) -> list:
        objects = []
        for row in rows:
            obj = model.from_db(db, init_list, row[start:end])
            for populator in populators:
                populator.populate(row, obj)
            for name, position in (annotations or {}).items():
                setattr(obj, name, row[position])
            objects.append(obj)
        return objects

    return build
