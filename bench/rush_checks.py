"""The registration-morning rush's arithmetic and its verdict on the end state, as pure functions.

bench/rush.py measures and gathers; this module turns what it gathered into figures and the list
of problems, so bench/tests can hold both without any service running.
"""

import math
from collections import Counter

STEPS = ("select", "hold", "pay", "join waitlist")
# Our own part of a step's p95 (Stripe's time taken out) against the floor's p95.
FLOOR_RATIO_TARGET = 10.0
# The stretch of a step's requests its floor sends again, at the moments they were sent.
FLOOR_WINDOW_SECONDS = 30.0
# The CPU and query targets per request are set for a morning of this many families; a larger
# one's figures are shown beside them, from a machine its own load generator keeps busier.
CPU_TARGET_FAMILIES = 1000


def cpu_judged(families: int) -> bool:
    """Whether a run of this many families is held to the CPU and query targets per request."""
    return families <= CPU_TARGET_FAMILIES


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value at or above `share` (0-100) of them."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(share / 100 * len(ordered)))
    return ordered[rank - 1]


def step_figures(requests: list[dict]) -> dict:
    """One step's requests ({sent, answered, provider_s}, seconds) as its figures: throughput,
    latency percentiles, and our own part's (latency less the time spent on the provider)."""
    if not requests:
        return {"count": 0}
    latencies = [request["answered"] - request["sent"] for request in requests]
    own = [
        max(0.0, latency - request["provider_s"])
        for latency, request in zip(latencies, requests, strict=True)
    ]
    span = max(r["answered"] for r in requests) - min(r["sent"] for r in requests)
    return {
        "count": len(requests),
        "per_second": len(requests) / span if span > 0 else math.nan,
        **{f"p{p}_ms": percentile(latencies, p) * 1000 for p in (50, 95, 99)},
        **{f"own_p{p}_ms": percentile(own, p) * 1000 for p in (50, 95, 99)},
        "provider_s": sum(r["provider_s"] for r in requests),
        "total_s": sum(latencies),
        # The time a request held a worker, less Stripe's, and its queries: where the p95 of
        # a queue of requests comes from.
        "worker_p50_ms": percentile([r.get("worker_s", math.nan) for r in requests], 50) * 1000,
        "worker_mean_ms": sum(r.get("worker_s", 0.0) for r in requests) / len(requests) * 1000,
        "queries_p50": percentile([r.get("queries", 0) for r in requests], 50),
        "server_provider_p50_ms": percentile(
            [r.get("server_provider_s", 0.0) for r in requests], 50
        )
        * 1000,
    }


def provider_share(requests: list[dict]) -> float:
    """Of all the time the families waited on an answer, the share spent waiting on Stripe."""
    total = sum(r["answered"] - r["sent"] for r in requests)
    return sum(r["provider_s"] for r in requests) / total if total > 0 else math.nan


def workers_held(requests: list[dict]) -> dict:
    """Seconds the server's workers spent on these requests, summed: in our code and waiting on
    Stripe. Over the number of workers, what a rush of them costs at the least."""
    answered = [request for request in requests if request.get("status") is not None]
    return {
        "our_code_s": sum(request.get("worker_s", 0.0) for request in answered),
        "stripe_s": sum(request.get("server_provider_s", 0.0) for request in answered),
    }


def busiest_window(sent: list[float], seconds: float) -> tuple[float, float]:
    """When the `seconds` in which most of these were sent began and ended: the earliest of
    equally busy stretches, from its first moment to its last."""
    ordered = sorted(sent)
    if not ordered:
        return math.nan, math.nan
    first, last = 0, 0
    start = 0
    for end, moment in enumerate(ordered):
        while moment - ordered[start] > seconds:
            start += 1
        if end - start > last - first:
            first, last = start, end
    return ordered[first], ordered[last]


def floor_replays(sent: dict[str, list[float]], seconds: float) -> list[dict[str, list[float]]]:
    """What the steps' floors are sent, each list of moments from its stretch's start: first the
    rush's busiest `seconds`, every step's requests in it together; then, one at a time, the
    busiest stretch of each step that had none in it."""
    start, end = busiest_window(
        [moment for moments in sent.values() for moment in moments], seconds
    )
    together = {
        step: [moment - start for moment in moments if start <= moment <= end]
        for step, moments in sent.items()
    }
    replays = [{step: moments for step, moments in together.items() if moments}]
    for step, moments in sent.items():
        if moments and not together[step]:
            start, end = busiest_window(moments, seconds)
            replays.append({step: [moment - start for moment in moments if start <= moment <= end]})
    return [replay for replay in replays if replay]


def growth(sizes_and_p95: list[tuple[int, float]]) -> list[tuple[int, float, float, bool]]:
    """(families, p95 over the smallest run's, families over the smallest run's, at most linear)
    for each run after the first."""
    (first_size, first_p95), *rest = sizes_and_p95
    return [
        (size, p95 / first_p95, size / first_size, p95 / first_p95 <= size / first_size)
        for size, p95 in rest
    ]


def server_timing(header: str) -> dict:
    """bench/stripe_timing.py's figures: seconds in Django, on Stripe and of the request thread's
    CPU, queries, Stripe calls."""
    found = {"app": 0.0, "stripe": 0.0, "cpu": 0.0, "queries": 0, "calls": 0}
    for metric in header.split(","):
        name, *parts = (part.strip() for part in metric.split(";"))
        for part in parts:
            key, _, value = part.partition("=")
            value = value.strip('"')
            if key == "dur" and name in ("app", "stripe", "cpu"):
                found[name] = float(value) / 1000
            elif key == "desc" and name == "db":
                found["queries"] = int(value.split()[0])
            elif key == "desc" and name == "stripe":
                found["calls"] = int(value.split()[0])
    return found


def end_state_problems(state: dict) -> list[str]:
    """Everything wrong with the school after the rush; an empty list when it is exact.

    `state` holds: `classes` [{id, capacity, seats, enroll, active_enrolments}]; `charges` at
    Stripe [{id, amount, refunded, enrolled}] (refunded: the cents refunded; enrolled: its
    payment holds an active enrolment); `waitlists` {class id: [{entry, rank, sent, answered}]}
    from the families' own joins; `receipts_due` (the outbox's receipt ids, one per enrolled
    payment) and `receipts_sent` (the ids of the receipts the SMTP server got, repeats kept);
    `enrolled_answers` (how many payments were answered 201); `errors` (each answer that was a
    5xx, unexpected, or none at all).
    """
    problems = []
    for camp_class in state["classes"]:
        taken = camp_class["active_enrolments"]
        if taken > camp_class["capacity"] or camp_class["seats"] < 0:
            problems.append(
                f"class {camp_class['id']} oversold: {taken} enrolled for "
                f"{camp_class['capacity']} seats, {camp_class['seats']} left"
            )
        elif (camp_class["seats"] + camp_class["enroll"], camp_class["enroll"]) != (
            camp_class["capacity"],
            taken,
        ):
            problems.append(
                f"class {camp_class['id']} counts disagree: {camp_class['seats']} left, "
                f"{camp_class['enroll']} counted, {taken} enrolled of {camp_class['capacity']}"
            )
    for charge in state["charges"]:
        if charge["enrolled"] and charge["refunded"]:
            problems.append(f"charge {charge['id']} is enrolled and refunded")
        elif not charge["enrolled"] and charge["refunded"] != charge["amount"]:
            problems.append(
                f"charge {charge['id']} neither enrolled nor refunded in full "
                f"({charge['refunded']} of {charge['amount']} cents back)"
            )
    enrolled_charges = sum(1 for charge in state["charges"] if charge["enrolled"])
    if state["enrolled_answers"] != enrolled_charges:
        problems.append(
            f"{state['enrolled_answers']} payments answered enrolled, "
            f"{enrolled_charges} charges enrolled"
        )
    for class_id, joins in state["waitlists"].items():
        problems += _waitlist_problems(class_id, joins)
    sent = Counter(state["receipts_sent"])
    for receipt in state["receipts_due"]:
        if sent[receipt] != 1:
            problems.append(f"receipt {receipt} sent {sent[receipt]} times")
    unexpected = set(sent) - set(state["receipts_due"])
    if unexpected:
        problems.append(f"receipts sent for no enrolled payment: {sorted(unexpected)}")
    # The SMTP server's count against the payments made: a payment whose receipt never reached
    # the outbox is missed by the ids above.
    if "enrolled" in state and len(state["receipts_sent"]) != state["enrolled"]:
        problems.append(
            f"{len(state['receipts_sent'])} receipts sent for {state['enrolled']} payments made"
        )
    problems += [f"error: {error}" for error in state["errors"]]
    return problems


def _waitlist_problems(class_id, joins: list[dict]) -> list[str]:
    ranks = sorted(join["rank"] for join in joins)
    if ranks != list(range(1, len(joins) + 1)):
        return [f"class {class_id}'s waitlist ranks are not 1 to {len(joins)}: {ranks}"]
    problems = []
    # A family whose join was answered before another's was sent arrived first, so it must
    # stand ahead; joins that overlapped in time may be in either order.
    by_answer = sorted(joins, key=lambda join: join["answered"])
    for earlier in by_answer:
        for later in joins:
            if earlier["answered"] < later["sent"] and earlier["rank"] > later["rank"]:
                problems.append(
                    f"class {class_id}: entry {earlier['entry']} joined before entry "
                    f"{later['entry']} but stands behind it"
                )
    return problems


# The opening morning's line: what families are answered before they may register.
LINE_STEPS = ("join line", "poll")


def inversion_share(order: list[float]) -> float:
    """Of every pair of families, taken in the order they were admitted, the share whose
    `order` values (when each was granted its hold, say) came the other way round: 0 when they
    follow the admission order exactly, 1 when exactly reversed."""
    pairs = len(order) * (len(order) - 1) // 2
    if not pairs:
        return 0.0
    return _inversions(list(order))[1] / pairs


def _inversions(values: list[float]) -> tuple[list[float], int]:
    """The values sorted, and how many pairs stood out of order (a merge sort's count)."""
    if len(values) < 2:
        return values, 0
    middle = len(values) // 2
    left, left_count = _inversions(values[:middle])
    right, right_count = _inversions(values[middle:])
    merged, count, i, j = [], left_count + right_count, 0, 0
    while i < len(left) and j < len(right):
        if right[j] < left[i]:
            merged.append(right[j])
            count += len(left) - i
            j += 1
        else:
            merged.append(left[i])
            i += 1
    return merged + left[i:] + right[j:], count


def line_order_problems(families: list[dict]) -> list[str]:
    """Each family ({family, place, before_opening}; place: its 0-based place in the order of
    admission) that arrived before the opening yet stands behind one that arrived after it."""
    later = [family["place"] for family in families if not family["before_opening"]]
    first_later = min(later, default=math.inf)
    return [
        f"family {family['family']} was in line before the opening but was admitted after "
        "a family that came later"
        for family in families
        if family["before_opening"] and family["place"] > first_later
    ]
