"""The rush's figures and its verdict on the end state (bench/rush_checks.py), and how the two
bench commands share docs/performance.md (bench/sections.py)."""

import math

import pytest

from bench.rush_checks import (
    busiest_window,
    cpu_judged,
    end_state_problems,
    floor_replays,
    growth,
    inversion_share,
    line_order_problems,
    percentile,
    provider_share,
    step_figures,
    workers_held,
)
from bench.sections import section_put, sections_kept


def test_the_cpu_targets_judge_mornings_of_up_to_a_thousand_families():
    assert cpu_judged(100)
    assert cpu_judged(1000)
    assert not cpu_judged(5000)


def test_the_busiest_window_is_the_stretch_with_most_requests():
    sent = [0.0, 1.0, 30.0, 31.0, 31.5, 32.0, 40.0, 75.0]

    assert busiest_window(sent, 5.0) == (30.0, 32.0)
    assert busiest_window(sent, 10.0) == (30.0, 40.0)
    assert busiest_window(list(reversed(sent)), 5.0) == (30.0, 32.0)
    # Equally busy stretches: the earliest.
    assert busiest_window([0.0, 1.0, 10.0, 11.0], 2.0) == (0.0, 1.0)
    assert busiest_window([4.0], 30.0) == (4.0, 4.0)
    assert all(math.isnan(moment) for moment in busiest_window([], 30.0))


def test_the_floors_are_sent_the_busiest_stretch_then_each_step_missing_from_it_alone():
    sent = {
        "select": [0.0, 1.0, 2.0, 50.0],
        "hold": [1.5, 2.5, 51.0],
        "join waitlist": [90.0, 91.0, 120.0],
        "pay": [],
    }

    assert floor_replays(sent, 5.0) == [
        {"select": [0.0, 1.0, 2.0], "hold": [1.5, 2.5]},
        {"join waitlist": [0.0, 1.0]},
    ]
    assert floor_replays({"select": [], "hold": []}, 5.0) == []


def test_percentiles_are_nearest_rank():
    values = [float(n) for n in range(1, 101)]

    assert percentile(values, 50) == 50.0
    assert percentile(values, 95) == 95.0
    assert percentile(values, 99) == 99.0
    assert percentile(values, 100) == 100.0
    assert percentile([3.0, 1.0, 2.0], 50) == 2.0
    assert percentile([7.0], 99) == 7.0
    assert math.isnan(percentile([], 95))


def test_a_steps_own_part_is_its_latency_less_the_providers():
    requests = [
        {"sent": 0.0, "answered": 1.0, "provider_s": 0.25, "worker_s": 0.5, "queries": 10},
        {"sent": 0.5, "answered": 2.0, "provider_s": 0.5, "worker_s": 0.25, "queries": 12},
    ]

    figures = step_figures(requests)

    assert figures["count"] == 2
    assert figures["per_second"] == 1.0
    assert (figures["p50_ms"], figures["p95_ms"]) == (1000.0, 1500.0)
    assert (figures["own_p50_ms"], figures["own_p95_ms"]) == (750.0, 1000.0)
    assert figures["worker_p50_ms"] == 250.0
    assert figures["queries_p50"] == 10
    assert provider_share(requests) == 0.75 / 2.5
    assert step_figures([]) == {"count": 0}


def test_the_workers_time_is_summed_apart_from_stripes_for_answered_requests():
    requests = [
        {"status": 201, "worker_s": 0.5, "server_provider_s": 0.25},
        {"status": 409, "worker_s": 0.25, "server_provider_s": 0.0},
        {"status": None, "error": "ConnectionError"},
    ]

    assert workers_held(requests) == {"our_code_s": 0.75, "stripe_s": 0.25}


def test_growth_is_measured_against_the_number_of_families():
    assert growth([(100, 10.0), (200, 20.0), (400, 50.0)]) == [
        (200, 2.0, 2.0, True),
        (400, 5.0, 4.0, False),
    ]


def exact_state() -> dict:
    return {
        "classes": [
            {"id": 1, "capacity": 10, "seats": 0, "enroll": 10, "active_enrolments": 10},
            {"id": 2, "capacity": 10, "seats": 8, "enroll": 2, "active_enrolments": 2},
        ],
        "charges": [
            {"id": "pi_1", "amount": 4550, "refunded": 0, "enrolled": True},
            {"id": "pi_2", "amount": 4550, "refunded": 4550, "enrolled": False},
        ],
        "enrolled_answers": 1,
        "waitlists": {
            1: [
                {"entry": 31, "rank": 1, "sent": 0.0, "answered": 1.0},
                # Overlapping joins may come in either order.
                {"entry": 33, "rank": 3, "sent": 0.5, "answered": 1.2},
                {"entry": 32, "rank": 2, "sent": 0.6, "answered": 1.1},
                {"entry": 34, "rank": 4, "sent": 2.0, "answered": 2.5},
            ]
        },
        "receipts_due": [7, 8],
        "receipts_sent": [8, 7],
        # The payments made, the warm-up's too.
        "enrolled": 2,
        "errors": [],
    }


def test_an_exact_end_state_has_no_problems():
    assert end_state_problems(exact_state()) == []


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            lambda s: s["classes"][0].update(seats=-1, enroll=11, active_enrolments=11),
            "class 1 oversold: 11 enrolled for 10 seats, -1 left",
        ),
        (
            lambda s: s["classes"][1].update(active_enrolments=3),
            "class 2 counts disagree: 8 left, 2 counted, 3 enrolled of 10",
        ),
        (
            lambda s: s["charges"][1].update(refunded=4000),
            "charge pi_2 neither enrolled nor refunded in full (4000 of 4550 cents back)",
        ),
        (
            lambda s: s["charges"][0].update(refunded=4550),
            "charge pi_1 is enrolled and refunded",
        ),
        (
            lambda s: s.update(enrolled_answers=2),
            "2 payments answered enrolled, 1 charges enrolled",
        ),
        (
            lambda s: s["waitlists"][1][3].update(rank=5),
            "class 1's waitlist ranks are not 1 to 4: [1, 2, 3, 5]",
        ),
        (
            lambda s: (s["waitlists"][1][0].update(rank=4), s["waitlists"][1][3].update(rank=1)),
            "class 1: entry 31 joined before entry 34 but stands behind it",
        ),
        (lambda s: s.update(receipts_sent=[7, 8, 8]), "receipt 8 sent 2 times"),
        (lambda s: s.update(receipts_sent=[7]), "receipt 8 sent 0 times"),
        (
            lambda s: s.update(receipts_sent=[7, 8, 9]),
            "receipts sent for no enrolled payment: [9]",
        ),
        (lambda s: s.update(enrolled=3), "2 receipts sent for 3 payments made"),
        (
            lambda s: s.update(errors=["pay: 503 b'busy'"]),
            "error: pay: 503 b'busy'",
        ),
    ],
)
def test_each_flaw_of_the_end_state_is_named(change, problem):
    state = exact_state()
    change(state)

    assert problem in end_state_problems(state)


PAGE = "# Performance\n\nGenerated by `make bench`.\n\n## Ratios\n\n| a | b |\n"


def test_the_rush_puts_its_section_at_the_end_then_replaces_only_it():
    once = section_put(PAGE, "rush", "## The rush\n\nfirst figures")
    again = section_put(once, "rush", "## The rush\n\nsecond figures")

    assert once == PAGE + "\n<!-- rush -->\n## The rush\n\nfirst figures\n<!-- /rush -->\n"
    assert again == PAGE + "\n<!-- rush -->\n## The rush\n\nsecond figures\n<!-- /rush -->\n"


def test_make_bench_keeps_the_rush_section_when_it_writes_the_page_again():
    old = section_put(PAGE, "rush", "## The rush\n\nfigures")
    new_page = "# Performance\n\nNew figures.\n"

    assert sections_kept(old, new_page) == (
        new_page + "\n<!-- rush -->\n## The rush\n\nfigures\n<!-- /rush -->\n"
    )
    # A page that already has its own copy of a section keeps that one.
    assert sections_kept(old, old) == old


def test_inversions_count_the_pairs_granted_out_of_admission_order():
    assert inversion_share([1.0, 2.0, 3.0, 4.0]) == 0.0
    assert inversion_share([4.0, 3.0, 2.0, 1.0]) == 1.0
    # One neighbouring pair swapped, of six.
    assert inversion_share([1.0, 3.0, 2.0, 4.0]) == 1 / 6
    # The last granted first: three of the six pairs.
    assert inversion_share([2.0, 3.0, 4.0, 1.0]) == 3 / 6
    assert inversion_share([7.0]) == 0.0


def test_a_family_in_line_before_the_opening_never_stands_behind_a_later_one():
    families = [
        {"family": 1, "place": 0, "before_opening": True},
        {"family": 2, "place": 1, "before_opening": True},
        {"family": 3, "place": 2, "before_opening": False},
    ]

    assert line_order_problems(families) == []

    families[1]["place"], families[2]["place"] = 2, 1
    assert line_order_problems(families) == [
        "family 2 was in line before the opening but was admitted after a family that came later"
    ]
