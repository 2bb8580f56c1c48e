"""`make bench`'s season report: the admins' dashboard at a big school's size.

One season of 5,000 classes, 200,000 seats taken and 1,000,000 attendance actions, seeded with
bulk SQL into a PostgreSQL database of its own (camp_bench_reports); gunicorn with bench.settings
as bench/run.py serves it; an admin's GET /api/reports/season, timed request after request once
warm, for the whole season and for a range of its days, and a CSV and two XLSX exports; then the
queries of one report, each timed, and the section "Season report" of docs/performance.md is
written again (the rest of the page is the other commands').

    .venv/bin/python bench/reports.py [--requests 50] [--output PATH] [--reuse]
    .venv/bin/python bench/run.py --reports-only   # the same, as make bench measures it

--reuse times the database an earlier run seeded (migrated first) instead of seeding it again:
for the turns of making the report faster. Its live holds lapse within the hour.

`make bench` (bench/run.py) runs it after the endpoints' sizes. The school, by its numbers:
100,000 children of 50,000 families, two seats each, bought at one checkout per family (a
twentieth at early access, a quarter on the opening morning), with every kind of adjustment, a
fifth on a plan of instalments; 10,000 seats given back, refunded or taken as credit; live and
lapsed holds; full classes' waitlists; a care record for most children and the school's
policies accepted by most families; ten weekly meetings per class, the season in its fourth
week, every child's check-in, check-out or absence at the meetings past (some undone), and the
meetings' attendance tallies counted from them.

BENCH_REPORTS_DATABASE_URL names the database (default
postgres://postgres@127.0.0.1:5432/camp_bench_reports), dropped and created again each run;
BENCH_REDIS_URL the cache, as for bench/run.py.
"""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from datetime import time as dt_time
from pathlib import Path

import requests
import run
from sections import marked, section_put
from server import gunicorn

ROOT = run.ROOT
SECTION = "season-report"
DATABASE_URL = os.environ.get(
    "BENCH_REPORTS_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/camp_bench_reports"
)
TARGET_MS = 1000
WARMUP_REQUESTS = 5
REQUESTS = 50
EXPORT_REQUESTS = 5
# A slow answer is timed fewer times: about this long in all, but at least MIN_TIMED times.
TIMED_SECONDS = 120
MIN_TIMED = 10

# The school: classes, seats taken and attendance actions.
CLASSES = 5_000
ENROLMENTS = 200_000
ATTENDANCE_ACTIONS = 1_000_000
# Two children a family, two classes a child: a family's four seats are one checkout.
FAMILIES = 50_000
CHILDREN_PER_FAMILY = 2
CLASSES_PER_CHILD = ENROLMENTS // (FAMILIES * CHILDREN_PER_FAMILY)
CLASSES_PER_INSTRUCTOR = 10
ENROLLED_PER_CLASS = ENROLMENTS // CLASSES
# Seats in all: the enrolled, and 0, 5 or 10 left; a class of none left (every third) is full,
# and every fourth of those has a waitlist.
SEATS_LEFT = (0, 5, 10)
WAITLIST_CLASS_EVERY = 12
CANCELLATIONS = 10_000
HOLDS_LIVE = 3_000
HOLDS_LAPSED = 2_000
WAITLIST_WAITING = 8_000
WAITLIST_CLOSED = 2_000
# The season: ten weeks of one meeting a week per class, in its fourth week today; registration
# opened 13 weeks before the first day, early access a week before that.
SEASON_WEEKS = 10
WEEKS_PAST = 3
REGISTRATION_LEAD = timedelta(weeks=13)
EARLY_ACCESS_LEAD = timedelta(weeks=1)
EARLY_BIRD_DAYS = 14
# Undone absences, each followed by the child's check-in.
UNDONE_ABSENCES = 1_000
# The distinct medical parts the records' encrypted column takes, encrypted once in Python: the
# records are written by one SQL statement, which picks one of these tokens for each.
MEDICAL_VARIANTS = 8


def server_env() -> dict:
    return run.server_env(DATABASE_URL=DATABASE_URL)


# --- the school ------------------------------------------------------------------------------


def _django() -> None:
    import django

    os.environ.update(server_env())
    django.setup()


def seed() -> dict:
    """Fill the freshly migrated database: the season's school, then ANALYZE; what the timing
    needs (`described`) and each step's seconds."""
    _django()

    from django.db import connection
    from django.utils import timezone

    from classes.models import Season
    from core.school_time import school_timezone, school_today

    zone = school_timezone()
    now = timezone.now()
    today = school_today()
    starts_on = today - timedelta(days=today.weekday()) - timedelta(weeks=WEEKS_PAST)
    ends_on = starts_on + timedelta(weeks=SEASON_WEEKS - 1, days=4)
    opens_at = datetime.combine(starts_on - REGISTRATION_LEAD, dt_time(9), zone)
    season = Season.objects.create(
        name=f"Bench season of {starts_on:%B %Y}",
        starts_on=starts_on,
        ends_on=ends_on,
        opens_at=opens_at,
        closes_at=datetime.combine(ends_on, dt_time(23, 59), zone),
        early_access_opens_at=opens_at - EARLY_ACCESS_LEAD,
        early_access_returning=True,
    )
    moments = {
        "now": now,
        "today": today,
        "zone": str(zone),
        "season": season.pk,
        "opens": season.opens_at,
        "early": season.early_access_opens_at,
        "early_bird_until": opens_at + timedelta(days=EARLY_BIRD_DAYS),
        # A plan's parts: a month before the first day, and a week from now.
        "first_due": starts_on - timedelta(days=30),
        "second_due": today - timedelta(days=today.weekday()) + timedelta(weeks=1),
    }
    steps = {}
    with connection.cursor() as cursor:
        # Rows go in without the database's per-row foreign-key checks, as pg_restore loads a
        # dump; every foreign key is checked at once after (`_foreign_keys_checked`). Unique
        # and check constraints hold row by row as ever.
        cursor.execute("SET session_replication_role = replica")
        for name, step in (
            ("people", _people),
            ("classes", _classes),
            ("price rules", _price_rules),
            ("seats and payments", _seats_and_payments),
            ("cancellations", _cancellations),
            ("holds and waitlists", _holds_and_waitlists),
            ("care", _care),
            ("attendance", _attendance),
            ("attendance tallies", _attendance_tallies),
            ("foreign keys checked", _foreign_keys_checked),
        ):
            started = time.monotonic()
            step(cursor, moments)
            steps[name] = round(time.monotonic() - started, 1)
            print(f"    {name}: {steps[name]} s", file=sys.stderr, flush=True)
        started = time.monotonic()
        cursor.execute("VACUUM ANALYZE")
        steps["vacuum analyze"] = round(time.monotonic() - started, 1)
    return {**described(), "steps": steps}


def described() -> dict:
    """The seeded school as the timing needs it: its season and days, an admin's token, and
    its rows counted."""
    _django()

    from django.db import connection
    from django.utils import timezone
    from rest_framework_simplejwt.tokens import AccessToken

    from accounts.models import Role, User
    from classes.models import Season
    from core.school_time import school_timezone

    season = Season.objects.get()
    rows = {}
    with connection.cursor() as cursor:
        for label, table in TABLES.items():
            cursor.execute(f"SELECT count(*) FROM {table}")  # noqa: S608 - our own names
            rows[label] = cursor.fetchone()[0]
        cursor.execute("SELECT pg_size_pretty(pg_database_size(current_database()))")
        size = cursor.fetchone()[0]
    admin = User.objects.get(role=Role.ADMIN)
    first_day = timezone.localtime(season.early_access_opens_at, school_timezone()).date()
    return {
        "season": season.pk,
        "registration_opened": first_day.isoformat(),
        "starts_on": season.starts_on.isoformat(),
        "ends_on": season.ends_on.isoformat(),
        # A range within the season: the four weeks after the opening week.
        "range": [
            (first_day + timedelta(weeks=1)).isoformat(),
            (first_day + timedelta(weeks=5)).isoformat(),
        ],
        "token": str(AccessToken.for_user(admin)),
        "rows": rows,
        "database_size": size,
    }


# Counted after seeding, by the names the section gives them.
TABLES = {
    "classes": "classes_class",
    "meetings": "classes_meeting",
    "families": "accounts_user WHERE role = 'student'",
    "participants": "accounts_participant",
    "enrolments": "enrolments_enrolment",
    "active enrolments": "enrolments_enrolment WHERE status = 'active'",
    "seat holds": "enrolments_seathold",
    "waitlist entries": "enrolments_waitlistentry",
    "checkouts": "payments_checkout",
    "payments": "payments_payment",
    "instalments": "payments_instalment",
    "refunds": "payments_refund",
    "credit entries": "payments_creditentry",
    "care records": "care_carerecord",
    "policy acceptances": "care_policyacceptance",
    "attendance actions": "enrolments_attendanceaction",
    "attendance tallies": "enrolments_attendancetally",
}


def _people(cursor, moments: dict) -> None:
    """An admin, an instructor for every ten classes, and the families: each account holder's
    participant row, and two children."""
    joined = moments["early"] - timedelta(days=365)
    people = """
        INSERT INTO accounts_user (password, is_superuser, email, name, photo, role, is_active,
                                   is_staff, date_joined, registered_at, bio)
        SELECT '!', false, %(role)s || n || '@bench.camp.test', %(title)s || ' ' || n, '',
               %(role)s, true, %(role)s = 'admin', %(joined)s, %(joined)s, ''
        FROM generate_series(0, %(count)s - 1) n ORDER BY n
    """
    for role, title, count in (
        ("admin", "Admin", 1),
        ("instructor", "Instructor", CLASSES // CLASSES_PER_INSTRUCTOR),
        ("student", "Parent", FAMILIES),
    ):
        cursor.execute(people, {"role": role, "title": title, "count": count, "joined": joined})
    # Each family's number and the moment of its checkout: a twentieth at early access, a
    # quarter on the opening morning (most in its first hour), the rest over the weeks after,
    # fewer as the season nears and starts.
    cursor.execute(
        """
        CREATE TEMP TABLE family AS
        SELECT id AS user_id, n, name,
               CASE WHEN share < 0.05 THEN %(early)s + share / 0.05 * interval '8 hours'
                    WHEN share < 0.30
                    THEN %(opens)s + power((share - 0.05) / 0.25, 3) * interval '10 hours'
                    ELSE %(opens)s + interval '1 day'
                         + power((share - 0.30) / 0.70, 1.5)
                           * (%(now)s - %(opens)s - interval '1 day 1 hour')
               END AS at
        FROM (SELECT id, name, n, mod(n * 7919, %(families)s)::float / %(families)s AS share
              FROM (SELECT id, name, row_number() OVER (ORDER BY id) - 1 AS n
                    FROM accounts_user WHERE role = 'student') numbered) shared
        """,
        {**moments, "families": FAMILIES},
    )
    cursor.execute("CREATE UNIQUE INDEX ON family (n); ANALYZE family")
    cursor.execute(
        """
        INSERT INTO accounts_participant (is_account_holder, first_name, last_name, date_of_birth,
            notes, emergency_contact_name, emergency_contact_phone, created_at, updated_at,
            account_id)
        SELECT true, 'Parent', n::text, NULL, '', '', '', at - interval '30 days',
               at - interval '30 days', user_id
        FROM family ORDER BY n
        """
    )
    cursor.execute(
        """
        INSERT INTO accounts_participant (is_account_holder, first_name, last_name, date_of_birth,
            notes, emergency_contact_name, emergency_contact_phone, created_at, updated_at,
            account_id)
        SELECT false, 'Child', n || '-' || c, date '2012-01-01' + mod(n * 2 + c, 3000)::int,
               '', '', '', at - interval '30 days', at - interval '30 days', user_id
        FROM family CROSS JOIN generate_series(0, %(children)s - 1) c ORDER BY n, c
        """,
        {"children": CHILDREN_PER_FAMILY},
    )
    # Child n of the school is child c of family n / 2.
    cursor.execute(
        """
        CREATE TEMP TABLE child AS
        SELECT p.id AS participant_id, p.account_id, f.n AS family_n, f.name AS family_name,
               f.n * %(children)s + split_part(p.last_name, '-', 2)::int AS n,
               split_part(p.last_name, '-', 2)::int AS c,
               p.first_name || ' ' || p.last_name AS name, f.at
        FROM accounts_participant p JOIN family f ON f.user_id = p.account_id
        WHERE NOT p.is_account_holder
        """,
        {"children": CHILDREN_PER_FAMILY},
    )
    cursor.execute("CREATE UNIQUE INDEX ON child (n); ANALYZE child")


def _classes(cursor, moments: dict) -> None:
    """The season's classes, approved, each meeting once a week on a weekday for the season's
    weeks, with its search document as classes.search writes it."""
    from classes.models import Category, Class, ClassStatus, Level, Season
    from classes.search import search_vector_refresh
    from core.school_time import school_timezone

    zone = school_timezone()
    season = Season.objects.get(pk=moments["season"])
    cursor.execute("SELECT id FROM accounts_user WHERE role = 'instructor' ORDER BY id")
    instructors = [row[0] for row in cursor.fetchall()]
    category_ids = dict(Category.objects.values_list("slug", "id"))
    slugs = list(run.CRAFTS)
    classes = []
    for number in range(CLASSES):
        slug = slugs[number % len(slugs)]
        techniques, subjects = run.CRAFTS[slug]
        technique = techniques[number // 12 % len(techniques)]
        subject = subjects[number // 48 % len(subjects)]
        weekday = number % 5
        starts, ends = run.HOURS[number // 5 % len(run.HOURS)]
        first = season.starts_on + timedelta(days=weekday)
        last = first + timedelta(weeks=SEASON_WEEKS - 1)
        age_min, age_max = run.AGES[number // 7 % len(run.AGES)]
        seats_left = SEATS_LEFT[number % len(SEATS_LEFT)]
        classes.append(
            Class(
                name=f"{technique} {subject} {number}"[:40],
                description=f"{technique} {subject.lower()}. "
                + run.DESCRIPTIONS[number // 3 % len(run.DESCRIPTIONS)],
                image=f"https://images.camp.test/classes/{number}.jpg",
                price=list_price(number),
                seats=seats_left,
                enroll=ENROLLED_PER_CLASS,
                status=ClassStatus.APPROVED,
                instructor_id=instructors[number % len(instructors)],
                category_id=category_ids[slug],
                level=Level.values[number % len(Level.values)],
                location=f"Studio {number % 6 + 1}",
                age_min=age_min,
                age_max=age_max,
                start_date=first,
                end_date=last,
                meeting_days=[weekday],
                start_time=dt_time(starts),
                end_time=dt_time(ends),
                starts_at=datetime.combine(first, dt_time(starts), zone),
                ends_at=datetime.combine(last, dt_time(ends), zone),
                season=season,
            )
        )
    Class.objects.bulk_create(classes, batch_size=1_000)
    cursor.execute(
        """
        INSERT INTO classes_meeting (day, start, "end", sequence, cancelled, updated_at,
                                     camp_class_id)
        SELECT c.start_date + 7 * week,
               ((c.start_date + 7 * week) + c.start_time) AT TIME ZONE %(zone)s,
               ((c.start_date + 7 * week) + c.end_time) AT TIME ZONE %(zone)s,
               0, false, %(now)s, c.id
        FROM classes_class c CROSS JOIN generate_series(0, %(weeks)s - 1) week
        WHERE c.season_id = %(season)s ORDER BY c.id, week
        """,
        {**moments, "weeks": SEASON_WEEKS},
    )
    search_vector_refresh(classes=Class.objects.filter(season=season))
    # Class n of the school; its instructor takes its attendance.
    cursor.execute(
        """
        CREATE TEMP TABLE klass AS
        SELECT c.id, row_number() OVER (ORDER BY c.id) - 1 AS n, c.price, c.seats,
               c.starts_at, c.ends_at, c.instructor_id, i.name AS instructor_name
        FROM classes_class c JOIN accounts_user i ON i.id = c.instructor_id
        WHERE c.season_id = %(season)s
        """,
        moments,
    )
    cursor.execute("CREATE UNIQUE INDEX ON klass (n); CREATE UNIQUE INDEX ON klass (id)")
    cursor.execute("ANALYZE klass")


def list_price(number: int):
    from decimal import Decimal

    return Decimal(150 + number % 20 * 10)


def _price_rules(cursor, moments: dict) -> None:
    """The season's rules the payments' adjustments came from: early-bird prices, the sibling
    and multi-class discounts, a code, scholarships, and a plan of three parts."""
    cursor.execute(
        """
        INSERT INTO payments_earlybirdprice (price, until, camp_class_id)
        SELECT price - 15, %(early_bird_until)s, id FROM klass ORDER BY n;
        INSERT INTO payments_siblingdiscount (second_amount, third_amount, season_id)
        VALUES (10, 10, %(season)s);
        INSERT INTO payments_multiclassdiscount (nth, amount, season_id) VALUES (2, 5, %(season)s);
        INSERT INTO payments_promocode (code, amount, valid_from, valid_until, uses_limit,
                                        uses_per_family, season_id)
        VALUES ('SPRING', 20, %(opens)s, NULL, NULL, 1, %(season)s);
        INSERT INTO payments_scholarship (percent, amount, cap, note, granted_at, family_id,
                                          granted_by_id, season_id)
        SELECT 50, NULL, NULL, 'Bench scholarship', %(early)s - interval '7 days', f.user_id,
               (SELECT id FROM accounts_user WHERE role = 'admin'), %(season)s
        FROM family f WHERE mod(f.n, 50) = 7;
        INSERT INTO payments_paymentplan (label, deposit_percent, deposit_amount, camp_class_id,
                                          season_id)
        VALUES ('Three parts', 33.33, NULL, NULL, %(season)s);
        INSERT INTO payments_paymentplandue (due_on, days_before, plan_id)
        SELECT due, NULL, (SELECT max(id) FROM payments_paymentplan)
        FROM unnest(ARRAY[%(first_due)s::date, %(second_due)s::date]) due
        """,
        moments,
    )


def _seats_and_payments(cursor, moments: dict) -> None:
    """Every child's two seats, bought with the family's other two at one checkout: the
    payments with their list prices and adjustments (one charge per family, each line its
    share), the account credit spent, and a plan's later parts for a fifth of the families."""
    cursor.execute(
        """
        CREATE TEMP TABLE sale AS
        SELECT *, round((due - deposit) / 2, 2) AS part,
               greatest(%(second_due)s::date, first_due + 14) AS second_due
        FROM (
            SELECT *, CASE WHEN on_plan THEN round(due / 3, 2) ELSE due END AS deposit,
                   greatest(%(first_due)s::date, (at AT TIME ZONE %(zone)s)::date + 7)
                   AS first_due,
                   (SELECT coalesce(jsonb_agg(jsonb_build_object('kind', kind, 'label', label,
                                                                 'amount', amount::text)
                                              ORDER BY position), '[]'::jsonb)
                    FROM (VALUES (1, 'early_bird', 'Early-bird price', early_bird),
                                 (2, 'scholarship', 'Scholarship', scholarship),
                                 (3, 'sibling', 'Sibling', sibling),
                                 (4, 'multi_class', 'Second class', multi_class),
                                 (5, 'code', 'Code SPRING', code),
                                 (6, 'credit', 'Account credit', credit))
                         AS adjustment(position, kind, label, amount)
                    WHERE amount <> 0) AS adjustments
            FROM (
                SELECT *, list_price + early_bird + scholarship + sibling + multi_class + code
                          + credit AS due
                FROM (
                    SELECT s.k, mod(s.k, 4) AS line, ch.participant_id,
                           ch.account_id AS family_id, ch.family_n, ch.name, kl.id AS class_id,
                           kl.price AS list_price, kl.starts_at, kl.ends_at,
                           ch.at + mod(s.k, 4) * interval '1 second' AS at,
                           CASE WHEN ch.at < %(early_bird_until)s THEN -15.00 ELSE 0 END
                           AS early_bird,
                           CASE WHEN mod(ch.family_n, 50) = 7 THEN -round(kl.price * 0.5, 2)
                                ELSE 0 END AS scholarship,
                           CASE WHEN ch.c > 0 THEN -10.00 ELSE 0 END AS sibling,
                           CASE WHEN mod(s.k, 2) = 1 THEN -5.00 ELSE 0 END AS multi_class,
                           CASE WHEN mod(ch.family_n, 20) = 3 AND mod(s.k, 4) = 0 THEN -20.00
                                ELSE 0 END AS code,
                           CASE WHEN mod(ch.family_n, 40) = 11 AND mod(s.k, 4) = 0 THEN -25.00
                                ELSE 0 END AS credit,
                           mod(ch.family_n, 5) = 1 AS on_plan,
                           mod(ch.family_n, 50) = 21 AS plan_failed
                    FROM generate_series(0, %(enrolments)s - 1) s(k)
                    JOIN child ch ON ch.n = s.k / %(per_child)s
                    JOIN klass kl ON kl.n = mod(s.k, %(classes)s)
                ) listed
            ) priced
        ) deposits;
        CREATE INDEX ON sale (family_n); ANALYZE sale
        """,
        {
            **moments,
            "enrolments": ENROLMENTS,
            "per_child": CLASSES_PER_CHILD,
            "classes": CLASSES,
        },
    )
    cursor.execute(
        """
        INSERT INTO enrolments_enrolment (status, created_at, ended_at, end_reason, camp_class_id,
                                          student_id, participant_id)
        SELECT 'active', at, NULL, '', class_id, family_id, participant_id FROM sale ORDER BY k;

        INSERT INTO payments_checkout (apply_credit, status, setup_intent_id, payment_intent_id,
            total, credit, created_at, charging_since, paid_at, family_id, promo_code_id)
        SELECT bool_or(credit <> 0), 'paid', 'seti_bench_' || family_n,
               'pi_bench_family_' || family_n, sum(deposit), -sum(credit),
               min(at) - interval '3 minutes', min(at) - interval '1 minute', min(at), family_id,
               CASE WHEN bool_or(code <> 0) THEN (SELECT id FROM payments_promocode) END
        FROM sale GROUP BY family_n, family_id ORDER BY family_n;

        INSERT INTO payments_promocodeuse (used_at, family_id, promo_code_id, checkout_id)
        SELECT paid_at, family_id, promo_code_id, id FROM payments_checkout
        WHERE promo_code_id IS NOT NULL ORDER BY id;

        INSERT INTO payments_payment (transaction_id, selection_id, price, status, refund_reason,
            date, camp_class_id, student_id, currency, refund_id, setup_intent_id, enrolment_id,
            participant_id, participant_name, refunded_at, refund_policy, starts_at_promised,
            ends_at_promised, adjustments, list_price, payment_intent_id,
            balance_setup_intent_id, card_setup_intent_id, overdue_since, plan_label, plan_total,
            release_on)
        SELECT 'pi_bench_family_' || s.family_n || ':' || s.line, NULL, s.deposit, 'enrolled', '',
               s.at, s.class_id, s.family_id, 'usd', '', 'seti_bench_' || s.family_n, e.id,
               s.participant_id, s.name, NULL, NULL, s.starts_at, s.ends_at, s.adjustments,
               s.list_price, 'pi_bench_family_' || s.family_n, '',
               CASE WHEN s.on_plan THEN 'seti_bench_' || s.family_n ELSE '' END,
               CASE WHEN s.plan_failed AND s.first_due + 4 < %(today)s THEN s.first_due + 4 END,
               CASE WHEN s.on_plan THEN 'Three parts' ELSE '' END,
               CASE WHEN s.on_plan THEN s.due END,
               CASE WHEN s.plan_failed AND s.first_due + 4 < %(today)s THEN s.first_due + 18 END
        FROM sale s
        JOIN enrolments_enrolment e ON e.participant_id = s.participant_id
             AND e.camp_class_id = s.class_id AND e.status = 'active'
        ORDER BY s.k;

        INSERT INTO payments_checkoutline (list_price, adjustments, price, camp_class_id,
            checkout_id, participant_id, payment_id, plan_parts, plan_total, plan_id)
        SELECT s.list_price, s.adjustments, s.deposit, s.class_id, co.id, s.participant_id, p.id,
               CASE WHEN s.on_plan THEN jsonb_build_array(
                   jsonb_build_object('due_on', s.first_due, 'amount', s.part::text),
                   jsonb_build_object('due_on', s.second_due,
                                      'amount', (s.due - s.deposit - s.part)::text))
               ELSE '[]'::jsonb END,
               CASE WHEN s.on_plan THEN s.due END,
               CASE WHEN s.on_plan THEN (SELECT id FROM payments_paymentplan) END
        FROM sale s
        JOIN payments_checkout co ON co.payment_intent_id = 'pi_bench_family_' || s.family_n
        JOIN payments_payment p ON p.transaction_id = 'pi_bench_family_' || s.family_n || ':'
                                                      || s.line
        ORDER BY s.k;

        UPDATE classes_class c SET enroll = counted.enrolled
        FROM (SELECT camp_class_id, count(*) AS enrolled FROM enrolments_enrolment
              WHERE status = 'active' GROUP BY camp_class_id) counted
        WHERE counted.camp_class_id = c.id
        """,
        moments,
    )
    # The plans' parts: the first paid by card on its day (declined, for one plan in ten, and
    # overdue once its retries ran out), the second still to come.
    cursor.execute(
        """
        INSERT INTO payments_instalment (kind, due_on, amount, status, paid_by, tries, declines,
            next_try_on, payment_intent_id, charging_since, message, note, paid_at, created_at,
            payment_id)
        SELECT 'instalment', part.due_on, part.amount,
               CASE WHEN part.due_on >= %(today)s THEN 'due'
                    WHEN s.plan_failed THEN 'failed' ELSE 'paid' END,
               CASE WHEN part.due_on < %(today)s AND NOT s.plan_failed THEN 'card' ELSE '' END,
               CASE WHEN part.due_on >= %(today)s THEN 0 WHEN s.plan_failed THEN 4 ELSE 1 END,
               CASE WHEN part.due_on < %(today)s AND s.plan_failed THEN 4 ELSE 0 END,
               NULL,
               CASE WHEN part.due_on < %(today)s AND NOT s.plan_failed
                    THEN 'pi_bench_instalment_' || p.id || '_' || part.number ELSE '' END,
               NULL,
               CASE WHEN part.due_on < %(today)s AND s.plan_failed
                    THEN 'Your card was declined.' ELSE '' END,
               '',
               CASE WHEN part.due_on < %(today)s AND NOT s.plan_failed
                    THEN (part.due_on + time '09:00') AT TIME ZONE %(zone)s END,
               s.at, p.id
        FROM sale s
        JOIN payments_payment p ON p.transaction_id = 'pi_bench_family_' || s.family_n || ':'
                                                      || s.line
        CROSS JOIN LATERAL (VALUES (1, s.first_due, s.part),
                                   (2, s.second_due, s.due - s.deposit - s.part))
             AS part(number, due_on, amount)
        WHERE s.on_plan
        ORDER BY s.k, part.number
        """,
        moments,
    )
    # The credit the families spent at checkout: an admin's grant first, then the spending.
    cursor.execute(
        """
        INSERT INTO payments_creditentry (amount, reason, at, by_id, family_id, payment_id,
                                          checkout_id)
        SELECT amount, reason, at, by_id, family_id, NULL, checkout_id FROM (
            SELECT co.credit AS amount, 'Welcome back' AS reason,
                   co.paid_at - interval '10 days' AS at,
                   (SELECT id FROM accounts_user WHERE role = 'admin') AS by_id, co.family_id,
                   NULL::bigint AS checkout_id, co.id AS ordered
            FROM payments_checkout co WHERE co.credit > 0
            UNION ALL
            SELECT -co.credit, 'Spent at checkout', co.paid_at, NULL, co.family_id, co.id, co.id
            FROM payments_checkout co WHERE co.credit > 0
        ) entries ORDER BY at, ordered
        """
    )


def _cancellations(cursor, moments: dict) -> None:
    """Seats given back: a quarter refunded in full by the school, the rest cancelled by the
    family and refunded by the policy (in full less a fee, half, or nothing), one in ten of
    those as account credit; a few refunds failed or still pending."""
    cursor.execute(
        """
        CREATE TEMP TABLE given_back AS
        SELECT i, ch.participant_id, ch.account_id AS family_id, ch.family_n, ch.name,
               kl.id AS class_id, kl.price, kl.starts_at, kl.ends_at, taken,
               least(taken + (1 + mod(i, 20)) * interval '1 day', %(now)s - interval '1 hour')
               AS ended,
               CASE mod(i, 4) WHEN 0 THEN kl.price WHEN 1 THEN kl.price - 10
                              WHEN 2 THEN round(kl.price / 2, 2) ELSE 0 END AS back,
               mod(i, 4) = 0 AS by_school, mod(i, 40) = 1 AS as_credit
        FROM generate_series(0, %(cancellations)s - 1) i
        JOIN child ch ON ch.n = mod(i * 10 + 3, %(children)s)
        JOIN klass kl ON kl.n = mod(ch.n * 2 + %(classes)s / 2, %(classes)s)
        CROSS JOIN LATERAL (
            SELECT least(ch.at + interval '3 days' + mod(i, 30) * interval '1 hour',
                         %(now)s - interval '2 days') AS taken
        ) moment
        """,
        {
            **moments,
            "cancellations": CANCELLATIONS,
            "children": FAMILIES * CHILDREN_PER_FAMILY,
            "classes": CLASSES,
        },
    )
    cursor.execute(
        """
        INSERT INTO enrolments_enrolment (status, created_at, ended_at, end_reason, camp_class_id,
                                          student_id, participant_id)
        SELECT 'cancelled', taken, ended,
               CASE WHEN by_school THEN 'Refunded by the school.' ELSE 'Cancelled by the family.'
               END, class_id, family_id, participant_id
        FROM given_back ORDER BY i;

        INSERT INTO payments_payment (transaction_id, selection_id, price, status, refund_reason,
            date, camp_class_id, student_id, currency, refund_id, setup_intent_id, enrolment_id,
            participant_id, participant_name, refunded_at, refund_policy, starts_at_promised,
            ends_at_promised, adjustments, list_price, payment_intent_id,
            balance_setup_intent_id, card_setup_intent_id, overdue_since, plan_label, plan_total,
            release_on)
        SELECT 'pi_bench_single_' || g.i, NULL, g.price,
               CASE WHEN g.by_school THEN 'refunded' ELSE 'cancelled' END,
               CASE WHEN g.by_school THEN 'Refunded by the school.' ELSE '' END,
               g.taken, g.class_id, g.family_id, 'usd',
               CASE WHEN g.by_school THEN 're_bench_' || g.i ELSE '' END,
               'seti_bench_single_' || g.i, e.id, g.participant_id, g.name,
               CASE WHEN g.back > 0 THEN g.ended END, NULL, g.starts_at, g.ends_at, '[]'::jsonb,
               g.price, '', '', '', NULL, '', NULL, NULL
        FROM given_back g
        JOIN enrolments_enrolment e ON e.participant_id = g.participant_id
             AND e.camp_class_id = g.class_id AND e.status = 'cancelled'
        ORDER BY g.i;

        INSERT INTO payments_refund (amount, idempotency_key, status, stripe_refund_id,
            failure_message, reason, created_at, updated_at, payment_id, instalment_id)
        SELECT g.back, 'camp-refund-bench-' || g.i,
               CASE mod(g.i, 100) WHEN 5 THEN 'failed' WHEN 9 THEN 'pending' ELSE 'succeeded' END,
               CASE WHEN mod(g.i, 100) IN (5, 9) THEN '' ELSE 're_bench_' || g.i END,
               CASE WHEN mod(g.i, 100) = 5 THEN 'The card was closed.' ELSE '' END,
               'Cancelled by the family.', g.ended, g.ended, p.id, NULL
        FROM given_back g JOIN payments_payment p ON p.transaction_id = 'pi_bench_single_' || g.i
        WHERE NOT g.by_school AND NOT g.as_credit AND g.back > 0
        ORDER BY g.i;

        INSERT INTO payments_creditentry (amount, reason, at, by_id, family_id, payment_id,
                                          checkout_id)
        SELECT g.back, 'Refund taken as account credit', g.ended, NULL, g.family_id, p.id, NULL
        FROM given_back g JOIN payments_payment p ON p.transaction_id = 'pi_bench_single_' || g.i
        WHERE NOT g.by_school AND g.as_credit AND g.back > 0
        ORDER BY g.i
        """,
        moments,
    )


def _holds_and_waitlists(cursor, moments: dict) -> None:
    """Seats held now (a family paying) in classes with seats left, holds lapsed earlier, and
    the full classes' queues: most waiting, some who left."""
    cursor.execute(
        """
        INSERT INTO enrolments_seathold (expires_at, extended, created_at, camp_class_id,
                                         participant_id, selection_id, student_id,
                                         waitlist_entry_id)
        SELECT CASE WHEN h < %(live)s THEN %(now)s + (30 + mod(h, 30)) * interval '1 minute'
                    ELSE %(now)s - (1 + mod(h, 500)) * interval '1 hour' END,
               false,
               CASE WHEN h < %(live)s THEN %(now)s - interval '5 minutes'
                    ELSE %(now)s - (2 + mod(h, 500)) * interval '1 hour' END,
               kl.id, ch.participant_id, NULL, ch.account_id, NULL
        FROM generate_series(0, %(holds)s - 1) h
        JOIN child ch ON ch.n = mod(h * 17 + 5, %(children)s)
        -- A class with seats left (its number not a multiple of 3), not one of the child's.
        CROSS JOIN LATERAL (SELECT mod(ch.n * 2 + 1250, %(thirds)s) AS near) nearby
        JOIN klass kl ON kl.n = nearby.near - mod(nearby.near, 3) + 1 + mod(h, 2)
        WHERE mod(ch.n * 2, %(classes)s) <> kl.n AND mod(ch.n * 2 + 1, %(classes)s) <> kl.n
        ORDER BY h;

        INSERT INTO enrolments_holdlapse (was_offer, lapsed_at, camp_class_id, student_id)
        SELECT false, expires_at, camp_class_id, student_id FROM enrolments_seathold
        WHERE expires_at <= %(now)s ORDER BY id;

        INSERT INTO enrolments_waitlistentry (status, rank, offered_at, offer_expires_at,
            selection_id, closed_at, closed_reason, move_reason, created_at, camp_class_id,
            moved_by_id, participant_id, student_id)
        SELECT CASE WHEN w < %(waiting)s THEN 'waiting' ELSE 'left' END, w, NULL, NULL, NULL,
               CASE WHEN w < %(waiting)s THEN NULL ELSE joined + interval '3 days' END,
               CASE WHEN w < %(waiting)s THEN '' ELSE 'Left the list.' END, '', joined, kl.id,
               NULL, ch.participant_id, ch.account_id
        FROM generate_series(0, %(waitlisted)s - 1) w
        JOIN child ch ON ch.n = mod(w * 7 + 1, %(children)s)
        JOIN klass kl ON kl.n = mod(w, %(classes)s / %(every)s) * %(every)s
        CROSS JOIN LATERAL (
            SELECT least(ch.at + interval '1 hour', %(now)s - interval '4 days') AS joined
        ) moment
        WHERE mod(ch.n * 2, %(classes)s) <> kl.n AND mod(ch.n * 2 + 1, %(classes)s) <> kl.n
        ORDER BY w
        """,
        {
            **moments,
            "live": HOLDS_LIVE,
            "holds": HOLDS_LIVE + HOLDS_LAPSED,
            "waiting": WAITLIST_WAITING,
            "waitlisted": WAITLIST_WAITING + WAITLIST_CLOSED,
            "children": FAMILIES * CHILDREN_PER_FAMILY,
            "classes": CLASSES,
            "every": WAITLIST_CLASS_EVERY,
            "thirds": CLASSES // 3 * 3,
        },
    )


def _care(cursor, moments: dict) -> None:
    """A care record for 19 children in 20, complete for 18 (confirmed this year, two contacts,
    photos answered), and the school's policies accepted by 49 families in 50: the family's
    policies once, the per-child ones for each child."""
    from care.encryption import sealed
    from care.models import empty_medical

    medical = []
    for variant in range(MEDICAL_VARIANTS):
        record = empty_medical()
        if variant % 2:
            record["allergies"] = [{"name": "Peanuts", "severity": "severe", "action": "EpiPen"}]
        record["doctor"] = {"name": f"Dr Bench {variant}", "phone": "+15555550100"}
        medical.append(sealed(record))
    cursor.execute(
        """
        INSERT INTO care_carerecord (medical, emergency_contacts, pickups, may_leave_alone,
            photo_consent, confirmed_at, medical_erased_at, updated_at, participant_id)
        SELECT (%(medical)s::text[])[mod(ch.n, %(variants)s) + 1],
               CASE WHEN mod(ch.n, 20) = 18
                    THEN jsonb_build_array(jsonb_build_object('name', ch.family_name,
                         'relationship', 'Parent', 'phone', '+15555550101'))
                    ELSE jsonb_build_array(
                         jsonb_build_object('name', ch.family_name, 'relationship', 'Parent',
                                            'phone', '+15555550101'),
                         jsonb_build_object('name', 'Grandparent ' || ch.family_n,
                                            'relationship', 'Grandparent',
                                            'phone', '+15555550102')) END,
               CASE WHEN mod(ch.n, 4) = 0
                    THEN jsonb_build_array(jsonb_build_object('name', 'Grandparent ' || ch.family_n,
                         'relationship', 'Grandparent', 'phone', '+15555550102'))
                    ELSE '[]'::jsonb END,
               false,
               CASE WHEN mod(ch.n, 20) = 18 THEN NULL ELSE mod(ch.n, 3) <> 0 END,
               %(now)s - mod(ch.n, 200) * interval '1 day', NULL,
               %(now)s - mod(ch.n, 200) * interval '1 day', ch.participant_id
        FROM child ch WHERE mod(ch.n, 20) <> 19 ORDER BY ch.n;

        INSERT INTO care_policyacceptance (signed_name, accepted_at, ip_address, user_agent,
                                           account_id, participant_id, version_id)
        SELECT f.name, f.at - interval '1 day', NULL, '', f.user_id, NULL, v.id
        FROM family f
        CROSS JOIN (SELECT v.id FROM care_policyversion v JOIN care_policy p ON p.id = v.policy_id
                    WHERE NOT p.per_child) v
        WHERE mod(f.n, 50) <> 49 ORDER BY f.n, v.id;

        INSERT INTO care_policyacceptance (signed_name, accepted_at, ip_address, user_agent,
                                           account_id, participant_id, version_id)
        SELECT ch.family_name, ch.at - interval '1 day', NULL, '', ch.account_id,
               ch.participant_id, v.id
        FROM child ch
        CROSS JOIN (SELECT v.id FROM care_policyversion v JOIN care_policy p ON p.id = v.policy_id
                    WHERE p.per_child) v
        WHERE mod(ch.family_n, 50) <> 49 AND mod(ch.n, 50) <> 48 ORDER BY ch.n, v.id
        """,
        {**moments, "medical": medical, "variants": MEDICAL_VARIANTS},
    )


def _attendance(cursor, moments: dict) -> None:
    """The meetings past, in the order they met, until the actions number ATTENDANCE_ACTIONS:
    for each child seated before the meeting began, checked in and then out to their parent or
    their pick-up (9 in 10 lines), marked absent (7 in 100), or not taken; the class's
    instructor took each. Then a few absences undone, each followed by the child's check-in."""
    cursor.execute(
        """
        INSERT INTO enrolments_attendanceaction (action, at, recorded_at, client_id, by_name,
            collected_by_kind, collected_by_id, collected_by_name, override_reason, by_id,
            meeting_id, participant_id, undoes_id)
        SELECT action, at, at + interval '20 seconds',
               -- A device's id, as the app's are (UUIDs), in the order taken: the unique
               -- index fills from one end, not at random.
               '00000000-0000-4000-8000-' || lpad(to_hex(number), 12, '0'), by_name, kind,
               collector_id, collector, '', by_id, meeting_id, participant_id, NULL
        FROM (
            SELECT taken.*, kl.instructor_name AS by_name, kl.instructor_id AS by_id,
                   m.id AS meeting_id, e.participant_id,
                   row_number() OVER (ORDER BY m.start, m.id, e.participant_id, taken.at)
                   AS number
            FROM classes_meeting m
            JOIN klass kl ON kl.id = m.camp_class_id
            JOIN enrolments_enrolment e ON e.camp_class_id = m.camp_class_id
                 AND e.status = 'active' AND e.created_at < m.start
            JOIN child ch ON ch.participant_id = e.participant_id
            CROSS JOIN LATERAL (SELECT mod(m.id * 31 + e.participant_id, 100) AS draw) line
            CROSS JOIN LATERAL (VALUES
                ('absent', m.start + interval '5 minutes', '', '', '', line.draw < 7),
                ('check_in', m.start - mod(line.draw, 10) * interval '1 minute', '', '', '',
                 line.draw >= 10),
                ('check_out', m."end" + mod(line.draw, 15) * interval '1 minute',
                 CASE WHEN mod(line.draw, 10) < 8 THEN 'guardian' ELSE 'pickup' END,
                 CASE WHEN mod(line.draw, 10) < 8 THEN ch.account_id::text
                      ELSE left(md5('Grandparent ' || ch.family_n), 12) END,
                 CASE WHEN mod(line.draw, 10) < 8 THEN ch.family_name
                      ELSE 'Grandparent ' || ch.family_n END,
                 line.draw >= 10 AND m."end" < %(now)s)
            ) AS taken(action, at, kind, collector_id, collector, happened)
            WHERE m.start < %(now)s AND taken.happened
        ) lines
        WHERE number <= %(actions)s
        ORDER BY number
        """,
        {**moments, "actions": ATTENDANCE_ACTIONS - 2 * UNDONE_ABSENCES},
    )
    # Spread over the record: every nth absence, undone two minutes later by its taker, who
    # then checks the child in.
    cursor.execute(
        """
        CREATE TEMP TABLE undone AS
        SELECT * FROM (
            SELECT a.*, row_number() OVER (ORDER BY a.id) AS nth
            FROM enrolments_attendanceaction a WHERE a.action = 'absent'
        ) absences
        WHERE mod(nth, greatest(1, (SELECT count(*) FROM enrolments_attendanceaction
                                    WHERE action = 'absent') / %(undone)s)) = 0
        ORDER BY id LIMIT %(undone)s;

        INSERT INTO enrolments_attendanceaction (action, at, recorded_at, client_id, by_name,
            collected_by_kind, collected_by_id, collected_by_name, override_reason, by_id,
            meeting_id, participant_id, undoes_id)
        SELECT kind, at + shift, at + shift + interval '20 seconds',
               '00000000-0000-4000-' || device || '-' || lpad(to_hex(id), 12, '0'), by_name, '',
               '', '', '', by_id, meeting_id, participant_id, CASE WHEN kind = 'undo' THEN id END
        FROM undone CROSS JOIN (VALUES ('undo', interval '2 minutes', '9000'),
                                       ('check_in', interval '3 minutes', 'a000'))
                               AS later(kind, shift, device)
        ORDER BY id, shift
        """,
        {"undone": UNDONE_ABSENCES},
    )


def _attendance_tallies(cursor, moments: dict) -> None:
    """Each meeting's attendance counted from its actions, as the app keeps it while they
    arrive: the report reads these, not the million actions."""
    from attendance.services import attendance_tallies_rebuild

    attendance_tallies_rebuild()


def _foreign_keys_checked(cursor, moments: dict) -> None:
    """Every foreign key of the database holds, each checked over its whole table at once."""
    cursor.execute("SET session_replication_role = DEFAULT")
    cursor.execute(
        """
        SELECT c.conrelid::regclass::text, a.attname, c.confrelid::regclass::text, r.attname
        FROM pg_constraint c
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        JOIN pg_attribute r ON r.attrelid = c.confrelid AND r.attnum = c.confkey[1]
        WHERE c.contype = 'f' AND cardinality(c.conkey) = 1
        ORDER BY 1, 2
        """
    )
    broken = []
    for table, column, target, key in cursor.fetchall():
        # Names from the catalog, quoted.
        cursor.execute(
            f'SELECT count(*) FROM {table} row WHERE row."{column}" IS NOT NULL '  # noqa: S608
            f'AND NOT EXISTS (SELECT 1 FROM {target} named WHERE named."{key}" = row."{column}")'
        )
        if missing := cursor.fetchone()[0]:
            broken.append(f"{table}.{column}: {missing:,} rows name no {target}")
    if broken:
        raise SystemExit("The seeded rows break foreign keys:\n" + "\n".join(broken))


# --- the timing ------------------------------------------------------------------------------


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value at least `share` of them do not pass."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share / 100 * len(ordered)) - 1)]


def timed(session: requests.Session, url: str, count: int, warmup: int) -> dict:
    """`count` requests one after another, after `warmup` untimed: their times in ms. Fewer
    when an answer is slow: as many as TIMED_SECONDS take (at least MIN_TIMED)."""
    for _ in range(warmup):
        started = time.perf_counter()
        session.get(url, timeout=300).raise_for_status()
        warm_ms = (time.perf_counter() - started) * 1000
    count = min(count, max(MIN_TIMED, int(TIMED_SECONDS * 1000 / warm_ms)))
    times = []
    for _ in range(count):
        started = time.perf_counter()
        answer = session.get(url, timeout=300)
        times.append((time.perf_counter() - started) * 1000)
        answer.raise_for_status()
    return {
        "requests": count,
        "p50_ms": percentile(times, 50),
        "p95_ms": percentile(times, 95),
        "max_ms": max(times),
        "bytes": len(answer.content),
        "content_type": answer.headers.get("Content-Type", ""),
    }


def queries_of_one_report(path: str) -> dict:
    """One report made afresh in this process (bench.settings on the bench's database), as
    beat makes it and as the first admin to ask for other days waits for it, with each SQL
    statement's time: where the making's time goes."""
    from urllib.parse import parse_qs, urlsplit

    import django

    os.environ.update(server_env())
    django.setup()

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from camp.reports import period_for_report, season_report
    from classes.models import Season

    season = Season.objects.get(pk=parse_qs(urlsplit(path).query)["season"][0])
    period = period_for_report(season, None, None)
    # Warm: the first report of a process imports and compiles what the others reuse.
    season_report(season, period)
    with CaptureQueriesContext(connection) as captured:
        started = time.perf_counter()
        season_report(season, period)
        total_ms = (time.perf_counter() - started) * 1000
    statements = sorted(
        ({"ms": float(query["time"]) * 1000, "sql": query["sql"]} for query in captured),
        key=lambda statement: -statement["ms"],
    )
    plans = []
    with connection.cursor() as cursor:
        for statement in statements[:3]:
            if statement["sql"].lstrip().upper().startswith("SELECT"):
                cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + statement["sql"])
                plans.append("\n".join(row[0] for row in cursor.fetchall()))
    return {
        "total_ms": total_ms,
        "database_ms": sum(statement["ms"] for statement in statements),
        "statements": statements,
        "plans": plans,
    }


def measure(work: Path, count: int = REQUESTS, *, reuse: bool = False) -> dict:
    """A fresh database seeded (or, with `reuse`, the one seeded before, migrated), then the
    report and its exports timed through gunicorn."""
    env = server_env()

    def migrated() -> None:
        subprocess.run(  # noqa: S603 - our own interpreter and arguments
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT,
            check=True,
            env=env,
        )

    def answer_of(*arguments: str, progress: bool = False):
        """What this script's `arguments` print (JSON), run in a process of their own; its
        progress shown as it goes, or its warnings only when it fails."""
        done = subprocess.run(  # noqa: S603 - our own interpreter and arguments
            [sys.executable, __file__, *arguments],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=None if progress else subprocess.PIPE,
            text=True,
        )
        if done.returncode:
            sys.exit(f"bench/reports.py {arguments[0]} failed:\n{done.stderr or ''}")
        return json.loads(done.stdout)

    run.flush_cache()
    if reuse and _seeded_already():
        print("==> Season report: the database seeded before, migrated", flush=True)
        migrated()
        seeded = answer_of("described")
        seeded["seed_s"] = None
    else:
        print("==> Season report: fresh database, migrate, seed", flush=True)
        run.recreate_database(DATABASE_URL)
        migrated()
        started = time.monotonic()
        seeded = answer_of("seed", progress=True)
        seeded["seed_s"] = time.monotonic() - started
        print(f"    seeded in {seeded['seed_s']:.0f} s", flush=True)
    print("    " + ", ".join(f"{n:,} {name}" for name, n in seeded["rows"].items()), flush=True)

    season = f"season={seeded['season']}"
    start, end = seeded["range"]
    asked = {
        "GET /api/reports/season?season= (the whole season)": f"/api/reports/season?{season}",
        "GET /api/reports/season?season=&from=&to= (four weeks)": (
            f"/api/reports/season?{season}&from={start}&to={end}"
        ),
    }
    exports = {
        "GET /api/reports/classes.csv?season=": f"/api/reports/classes.csv?{season}",
        "GET /api/reports/classes.xlsx?season=": f"/api/reports/classes.xlsx?{season}",
        "GET /api/reports/money-by-week.xlsx?season=": (
            f"/api/reports/money-by-week.xlsx?{season}"
        ),
    }
    results, export_results = {}, {}
    # The machine may be shared: its load as the timing begins goes with the figures.
    load = Path("/proc/loadavg").read_text().split()[0]
    with gunicorn(
        env=env,
        log=work / "gunicorn-reports.log",
        workers=os.cpu_count(),
        threads=run.API_THREADS,
    ) as base:
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {seeded['token']}"
        for label, path in asked.items():
            results[label] = timed(session, base + path, count, WARMUP_REQUESTS)
            _print(label, results[label])
        for label, path in exports.items():
            export_results[label] = timed(session, base + path, EXPORT_REQUESTS, 1)
            _print(label, export_results[label])
    run.flush_cache()
    whole_season = next(iter(asked.values()))
    profile = answer_of("queries", whole_season)
    (work / "season-report-queries.json").write_text(json.dumps(profile, indent=2))
    print(
        f"    one report made afresh in process: {profile['total_ms']:.0f} ms, "
        f"{len(profile['statements'])} statements, {profile['database_ms']:.0f} ms in SQL "
        f"(every statement, and the plans of the slowest: {work / 'season-report-queries.json'})",
        flush=True,
    )
    for statement in profile["statements"][:5]:
        print(
            f"      {statement['ms']:8.1f} ms  {' '.join(statement['sql'].split())[:150]}",
            flush=True,
        )
    return {
        "seeded": seeded,
        "results": results,
        "exports": export_results,
        "profile": {key: value for key, value in profile.items() if key != "plans"},
        "measured": datetime.now(UTC).strftime("%Y-%m-%d %H:%M"),
        "load": load,
    }


def _seeded_already() -> bool:
    import psycopg

    try:
        with psycopg.connect(DATABASE_URL) as connection:
            return connection.execute("SELECT count(*) FROM classes_season").fetchone()[0] == 1
    except psycopg.Error:
        return False


def _print(label: str, result: dict) -> None:
    print(
        f"    {label:56} p50 {result['p50_ms']:8.1f} ms  p95 {result['p95_ms']:8.1f} ms  "
        f"max {result['max_ms']:8.1f} ms  ({result['bytes']:,} bytes, {result['requests']} timed)",
        flush=True,
    )


# --- the section -----------------------------------------------------------------------------


def section_text(measured: dict, host: dict) -> str:
    seeded, results, profile = measured["seeded"], measured["results"], measured["profile"]
    worst = max(result["p95_ms"] for result in results.values())
    met = worst < TARGET_MS
    rows = ", ".join(f"{count:,} {name}" for name, count in seeded["rows"].items())
    statements = profile["statements"]
    lines = [
        "## Season report",
        "",
        "The admins' dashboard, `GET /api/reports/season`, on a big school: 5,000",
        "classes, 200,000 seats taken, 1,000,000 attendance actions. Target: p95 under",
        f"{TARGET_MS:,} ms, warm. Measured {measured['measured']} UTC (load average "
        f"{measured['load']} as the timing began): "
        + ("**met**" if met else "**not met**")
        + f", p95 {worst:,.0f} ms.",
        "",
        "| request | requests timed | p50 ms | p95 ms | max ms | bytes |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for label, result in [*results.items(), *measured["exports"].items()]:
        lines.append(
            f"| {label} | {result['requests']} | {result['p50_ms']:,.0f} | "
            f"{result['p95_ms']:,.0f} | {result['max_ms']:,.0f} | {result['bytes']:,} |"
        )
    lines += [
        "",
        "The timed requests are answered from the report kept in the shared cache for",
        "`SEASON_REPORT_FRESH_SECONDS` (300), as an admin's are: beat makes the current seasons'",
        "again before theirs grow stale (`camp.tasks.season_reports`), and other days asked are",
        "made once and kept as long. Made afresh, in process and warm, as beat makes it and as",
        f"the first admin to ask for other days waits for it: {profile['total_ms']:,.0f} ms,",
        f"{profile['database_ms']:,.0f} ms of it in {len(statements)} SQL statements, the",
        "slowest:",
        "",
    ]
    if statements:
        lines += [
            f"- {statement['ms']:,.0f} ms: `{' '.join(statement['sql'].split())[:90]}...`"
            for statement in statements[:5]
        ]
    lines += [
        "",
        f"Rows: {rows}; "
        + (
            f"seeded in {seeded['seed_s']:.0f} s with bulk SQL"
            if seeded["seed_s"] is not None
            else "seeded with bulk SQL by an earlier run (--reuse)"
        )
        + ", a database of",
        f"{seeded['database_size']}. One season of {SEASON_WEEKS} weeks, in its week "
        f"{WEEKS_PAST + 1} (registration opened {seeded['registration_opened']}):",
        f"{FAMILIES:,} families of {CHILDREN_PER_FAMILY} children with {CLASSES_PER_CHILD} seats "
        "each, bought at one checkout per family (every kind",
        "of adjustment, credit, a fifth on a plan of three parts, some overdue), "
        f"{CANCELLATIONS:,} seats",
        "given back (refunds, credit), live and lapsed holds, waitlists on the full classes,",
        "care records and policies for most children, ten weekly meetings per class and the",
        "attendance of the meetings past (some undone), with each meeting's tally.",
        "",
        "Requests one after another, from one client, with an admin's token: first",
        f"{WARMUP_REQUESTS} untimed (one for each export), then those timed (fewer for a slow",
        f"answer: about {TIMED_SECONDS} s of them, at least {MIN_TIMED}). The server: gunicorn",
        f"with `bench.settings`, {host['cores']} sync workers, as for the endpoints above.",
        "`make bench` runs it; alone, `.venv/bin/python bench/reports.py` (or `bench/run.py",
        "--reports-only`) writes this section again.",
        "",
        f"Machine: {host['cpu']}, {host['cores']} cores, {host['memory_gib']:.1f} GiB, Linux "
        f"{host['kernel']},",
        f"Python {host['python']}, PostgreSQL {host['postgres']}; client, server and database "
        "on the one machine.",
    ]
    return "\n".join(lines)


def section_lines(measured: dict, host: dict) -> list[str]:
    """The section between its markers, as lines of bench/run.py's page."""
    return marked(SECTION, section_text(measured, host)).splitlines() + [""]


def measured_and_written(output: Path, count: int = REQUESTS, *, reuse: bool = False) -> None:
    """The season report measured, and its section of the page at `output` written again."""
    work = Path(tempfile.mkdtemp(prefix="camp-bench-reports-"))
    measured = measure(work, count, reuse=reuse)
    page = output.read_text() if output.exists() else ""
    output.write_text(section_put(page, SECTION, section_text(measured, run.machine(DATABASE_URL))))
    print(f"==> Wrote the season report's section of {output} (logs in {work})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=REQUESTS, help="timed requests each")
    parser.add_argument("--output", type=Path, default=ROOT / "docs" / "performance.md")
    parser.add_argument(
        "--reuse",
        action="store_true",
        help="time the database seeded by an earlier run, migrated, instead of seeding again",
    )
    arguments = parser.parse_args()
    measured_and_written(arguments.output, arguments.requests, reuse=arguments.reuse)


if __name__ == "__main__":
    if sys.argv[1:2] == ["seed"]:
        sys.path.insert(0, str(ROOT))
        print(json.dumps(seed()))
    elif sys.argv[1:2] == ["described"]:
        sys.path.insert(0, str(ROOT))
        print(json.dumps(described()))
    elif sys.argv[1:2] == ["queries"]:
        sys.path.insert(0, str(ROOT))
        print(json.dumps(queries_of_one_report(sys.argv[2])))
    else:
        main()
