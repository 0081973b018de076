"""Seating design: formats, rotations and permutations, balance, shards."""
from __future__ import annotations

import math
from collections import Counter

import pytest

from sim.run import schedule

FIVE = ["a", "b", "c", "d", "e"]


def test_rotations_put_every_member_in_every_seat():
    seatings = schedule.rotations(["a", "b", "c", "d"])
    assert seatings == [("a", "b", "c", "d"), ("d", "a", "b", "c"), ("c", "d", "a", "b"),
                        ("b", "c", "d", "a")]
    for seat in range(4):
        assert sorted(s[seat] for s in seatings) == ["a", "b", "c", "d"]


def test_permutations_are_distinct():
    assert len(schedule.permutations(["a", "b", "c", "d"])) == 24
    assert schedule.permutations(["a", "b", "b"]) == [("a", "b", "b"), ("b", "a", "b"),
                                                       ("b", "b", "a")]


def test_round_robin_is_every_combination():
    lineups = schedule.lineups("round-robin", [4], FIVE)
    assert len(lineups) == math.comb(5, 4) == 5
    assert {frozenset(x) for x in lineups} == {frozenset(FIVE) - {s} for s in FIVE}
    assert len(schedule.lineups("round-robin", [3, 4, 5], FIVE)) == 10 + 5 + 1


def test_one_vs_field():
    lineups = schedule.lineups("one-vs-field", [3], ["a", "b", "base"], baseline="base")
    assert lineups == [("a", "base", "base"), ("b", "base", "base")]


def test_explicit_matchups_keep_their_order():
    matchups = schedule.build(schedule.lineups("matchups", [], matchups=[["b", "a"]]),
                              "rotations")
    assert matchups[0].key == "2p:b,a" and matchups[0].seatings == (("b", "a"), ("a", "b"))


@pytest.mark.parametrize("fmt, players, seatings", [
    ("round-robin", [4], "rotations"), ("round-robin", [2, 3, 4, 5], "rotations"),
    ("round-robin", [4], "permutations"), ("one-vs-field", [4], "rotations"),
    ("one-vs-field", [2, 5], "permutations")])
def test_every_strategy_sits_in_every_seat_equally_often(fmt, players, seatings):
    matchups = schedule.build(schedule.lineups(fmt, players, FIVE, baseline="e"), seatings)
    counts = schedule.seat_counts(matchups)
    for n in players:
        for name in {s for m in matchups if m.players == n for s in m.lineup}:
            per_seat = [counts[name, n, seat] for seat in range(n)]
            assert len(set(per_seat)) == 1 and per_seat[0] > 0, (name, n, per_seat)


def test_default_round_robin_shape():
    matchups = schedule.build(schedule.lineups("round-robin", [4], FIVE), "rotations")
    assert [len(m.seatings) for m in matchups] == [4] * 5
    appearances = Counter(s for m in matchups for s in m.lineup)
    assert set(appearances.values()) == {4}   # each strategy in 4 of the 5 matchups


def test_deals_round_up_to_whole_rotations():
    m = schedule.build([("a", "b", "c")], "rotations")[0]
    assert m.deals_for(30) == 10 and m.deals_for(31) == 11 and m.deals_for(0) == 0


def test_shards_cut_at_multiples_of_the_shard_size():
    m = schedule.build([("a", "b")], "rotations")[0]
    assert [(s.start, s.stop) for s in schedule.shards(m, 0, 25, 10)] == [(0, 10), (10, 20),
                                                                          (20, 25)]
    assert [(s.start, s.stop) for s in schedule.shards(m, 25, 41, 10)] == [(25, 30), (30, 40),
                                                                           (40, 41)]
    assert schedule.shards(m, 7, 7, 10) == []
    assert schedule.shard_deals(m, 10_000) == 5000 and schedule.shard_deals(m, 1) == 1


def test_shard_ids_sort_in_matchup_and_deal_order():
    ids = [schedule.Shard(m, a, a + 5).id for m in (0, 3, 12) for a in (0, 5, 100, 1000)]
    assert sorted(ids) == ids
