"""A lottery season's draw at scale: 5,000 families of two children, each child wishing five
of 200 classes of 12 seats (2,400 seats for 10,000 children).

    .venv/bin/python bench/draw.py [--families N] [--rounds R] [--store]

First the draw itself (`lottery.draw.draw` and its rows, no database), R rounds (5), timed by
`time.perf_counter`: the lowest and highest. With --store, the whole of `manage.py draw_run`'s
work on PostgreSQL (DRAW_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/camp_bench_draw,
dropped and made again, migrated): the families and their wishes written in bulk, then
`lottery.services.draw_run` (the wishes read, the seats free read, the draw, every row stored)
and `lottery.selectors.draw_differences` (`manage.py draw_verify`), each timed once.
The wishes are random but the same each run (a fixed seed); a tenth of the families are in a
tier, and a third group their two children.
"""

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ["BENCH_DATABASE_URL"] = os.environ.get(
    "DRAW_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/camp_bench_draw"
)

sys.path.insert(0, str(Path(__file__).resolve().parent))

import run  # noqa: E402 - bench/run.py: the database and the server's environment

CLASSES = 200
SEATS = 12
CHILDREN = 2
CHOICES = 5
SEED = "the bench's seed"


def wishes(families: int) -> list[tuple[int, list[list[int]], bool]]:
    """Each family's tier, its children's choices (class numbers), and whether they go together."""
    rng = random.Random(76)  # noqa: S311 - the same made-up wishes each run
    # Some classes are wanted far more than others, as at a real opening.
    weights = [1 / (n + 1) for n in range(CLASSES)]
    made = []
    for number in range(families):
        tier = rng.choice([1, 2, 3]) if number % 10 == 0 else 9
        children = []
        for _child in range(CHILDREN):
            chosen: list[int] = []
            while len(chosen) < CHOICES:
                pick = rng.choices(range(CLASSES), weights)[0]
                if pick not in chosen:
                    chosen.append(pick)
            children.append(chosen)
        made.append((tier, children, number % 3 == 0))
    return made


def pure(families: int, rounds: int) -> None:
    sys.path.insert(0, str(run.ROOT))
    from lottery.draw import Child, Family, draw, result_rows

    built = [
        Family(
            f"F{number:07}",
            tier,
            tuple(Child(number * CHILDREN + i, tuple(c)) for i, c in enumerate(children)),
            ((number * CHILDREN, number * CHILDREN + 1),) if together else (),
        )
        for number, (tier, children, together) in enumerate(wishes(families))
    ]
    seats = dict.fromkeys(range(CLASSES), SEATS)
    times = []
    for _round in range(rounds):
        started = time.perf_counter()
        rows = result_rows(draw(SEED, built, seats))
        times.append(time.perf_counter() - started)
    print(
        f"The draw alone, {families:,} families, {families * CHILDREN * CHOICES:,} wishes: "
        f"{min(times) * 1000:.0f}-{max(times) * 1000:.0f} ms ({len(rows):,} rows)",
        flush=True,
    )


def seeded(families: int):
    """The season, its classes, the families and their wishes, written in bulk."""
    from datetime import timedelta

    from accounts.models import Participant, User
    from core.school_time import school_today
    from lottery.draw import seed_hash
    from lottery.models import Draw, Entry, Together, Wish
    from testing.dates import years_before
    from testing.seasons import a_lottery_season, a_season_class

    season = a_lottery_season(
        "Bench lottery", wishes_opened=timedelta(days=14), wishes_close_in=-timedelta(hours=1)
    )
    # The draw's time come with the wishes' close.
    season.draw_at = season.wishes_close_at
    season.save(update_fields=["draw_at"])
    Draw.objects.create(season=season, seed_hash=seed_hash(SEED))
    classes = [a_season_class(season, "30.00", week=n % 8, seats=SEATS).pk for n in range(CLASSES)]
    made = wishes(families)
    born = years_before(school_today(), 8)
    users = User.objects.bulk_create(
        User(email=f"family{n}@bench.test", name=f"Family {n}") for n in range(families)
    )
    children = Participant.objects.bulk_create(
        Participant(account=user, first_name=f"Child {i}", date_of_birth=born)
        for user in users
        for i in range(CHILDREN)
    )
    entries = Entry.objects.bulk_create(
        Entry(season=season, family=user, code=f"{n:08X}", tier=made[n][0])
        for n, user in enumerate(users)
    )
    Wish.objects.bulk_create(
        (
            Wish(
                entry=entry,
                participant=children[n * CHILDREN + i],
                rank=rank,
                camp_class_id=classes[class_number],
            )
            for n, entry in enumerate(entries)
            for i, choices in enumerate(made[n][1])
            for rank, class_number in enumerate(choices, start=1)
        ),
        batch_size=5000,
    )
    Together.objects.bulk_create(
        Together(entry=entry, group=1, participant=children[n * CHILDREN + i])
        for n, entry in enumerate(entries)
        if made[n][2]
        for i in range(CHILDREN)
    )
    return season


def stored(families: int) -> None:
    from in_process import django_started

    work = Path(tempfile.mkdtemp(prefix="camp-draw-"))
    print(f"==> {run.DATABASE_URL}: fresh database, migrate, seed", flush=True)
    django_started(run.server_env(), work)
    from lottery.selectors import draw_differences
    from lottery.services import draw_run

    season = seeded(families)
    started = time.perf_counter()
    draw_run(season_id=season.pk, seed=SEED)
    made = time.perf_counter() - started
    started = time.perf_counter()
    differences = draw_differences(season_id=season.pk)
    checked = time.perf_counter() - started
    print(f"draw_run on PostgreSQL, read, drawn and stored: {made * 1000:.0f} ms")
    print(f"draw_verify's check: {checked * 1000:.0f} ms, {len(differences)} differences")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--families", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--store", action="store_true")
    arguments = parser.parse_args()
    pure(arguments.families, arguments.rounds)
    if arguments.store:
        stored(arguments.families)


if __name__ == "__main__":
    main()
