"""The ledger written for the money moved before it existed, from the records each way of
moving money kept: a payment's own charge and the credit its checkout spent on it, the
instalments paid, the refunds on record, the credit given back for a seat, and the school's
refunds of a whole seat, made at Stripe with no refund on record."""

from decimal import Decimal

from django.db import migrations

ZERO = Decimal("0.00")
FREE_TRANSACTION_PREFIX = "free_"
PAID_AS = {"card": "charge", "credit": "credit_spent", "offline": "offline"}


def _ledger_written(apps, schema_editor):
    Payment = apps.get_model("payments", "Payment")
    LedgerEntry = apps.get_model("payments", "LedgerEntry")
    for payment in Payment.objects.order_by("id").iterator(chunk_size=500):
        LedgerEntry.objects.bulk_create(_entries_of(apps, payment))


def _entries_of(apps, payment):
    LedgerEntry = apps.get_model("payments", "LedgerEntry")
    entries, rooms, came_in_at = [], {}, {}

    def entry(kind, amount, at, **fields):
        entries.append(
            LedgerEntry(
                family_id=payment.student_id,
                payment_id=payment.pk,
                kind=kind,
                amount=amount,
                at=at,
                **fields,
            )
        )

    def came_in(kind, instalment_id, amount, at):
        if amount > ZERO:
            entry(kind, amount, at, instalment_id=instalment_id)
            rooms[(kind, instalment_id)] = amount
            came_in_at[(kind, instalment_id)] = at

    if payment.price > ZERO and not payment.transaction_id.startswith(FREE_TRANSACTION_PREFIX):
        came_in("charge", None, payment.price, payment.date)
    credit = -sum(
        (Decimal(str(a["amount"])) for a in payment.adjustments if a.get("kind") == "credit"),
        ZERO,
    )
    came_in("credit_spent", None, credit, payment.date)
    for instalment in payment.instalments.filter(status="paid").order_by("paid_at", "id"):
        came_in(
            PAID_AS[instalment.paid_by],
            instalment.pk,
            instalment.amount,
            instalment.paid_at or instalment.created_at,
        )

    def newest_first(ways):
        for way in ways:
            keys = [
                key
                for key in rooms
                if (key[0] == "charge") == (way == "card")
                and (way != "checkout" or key == ("credit_spent", None))
                and (way != "other" or (key[0] != "charge" and key[1] is not None))
            ]
            keys.sort(key=lambda key: (key[1] is not None, came_in_at[key]), reverse=True)
            yield from keys

    for refund in payment.refunds.order_by("created_at", "id"):
        key = ("charge", refund.instalment_id)
        entry(
            "refund",
            refund.amount,
            refund.created_at,
            drawn_from="charge",
            instalment_id=refund.instalment_id,
            refund_id=refund.pk,
        )
        rooms[key] = rooms.get(key, ZERO) - refund.amount

    refunded_by_the_school = payment.status == "refunded"
    if refunded_by_the_school:
        # Every card charge went back whole at Stripe, with no refund on record.
        for key in list(newest_first(["card"])):
            if rooms[key] > ZERO:
                entry(
                    "refund",
                    rooms[key],
                    payment.refunded_at or payment.date,
                    drawn_from="charge",
                    instalment_id=key[1],
                )
                rooms[key] = ZERO
    ways = ["other", "checkout"] if refunded_by_the_school else ["card", "other", "checkout"]
    for credit_entry in payment.credit_entries.filter(amount__gt=0).order_by("at", "id"):
        left = credit_entry.amount
        for key in list(newest_first(ways)):
            take = min(rooms[key], left)
            if take <= ZERO:
                continue
            entry(
                "credit_given",
                take,
                credit_entry.at,
                drawn_from=key[0],
                instalment_id=key[1],
                credit_entry_id=credit_entry.pk,
            )
            rooms[key] -= take
            left -= take
        # What is left over was the school's bonus on a refund taken as credit: no family money.
    return entries


class Migration(migrations.Migration):
    dependencies = [("payments", "0017_the_ledger")]

    operations = [migrations.RunPython(_ledger_written, migrations.RunPython.noop)]
