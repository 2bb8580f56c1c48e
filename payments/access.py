"""Reading a payment on someone's behalf: the account that paid it, or an admin; anyone else's
payment is as good as absent (not found, never refused, so its existence is not told). And a
family's selection as paying for it reads it: their own, or not found."""

from accounts.models import Role, User
from core.errors import NotFound
from payments.models import Payment
from payments.prepared import SelectionToPay, selection_to_pay
from payments.pricing import early_bird_known
from payments.selectors import payment_find


def access_payment(*, viewer: User, payment_id: int) -> Payment:
    """The payment, when `viewer` paid it or is an admin; not found otherwise."""
    payment = payment_find(payment_id=payment_id)
    if payment is None or (payment.student_id != viewer.pk and viewer.role != Role.ADMIN):
        raise NotFound("No such payment.")
    return payment


def access_selection_to_pay(
    *, student: User, selection_id: int, setup_intent_id: str = "", transaction_id: str = ""
) -> SelectionToPay:
    """One of the student's own selections, as the payment page and the payment read it
    (`prepared.selection_to_pay`); anyone else's is not found, as `access_selection` says. The
    class's early-bird price read with it is what pricing it then uses (`price_for`)."""
    found = selection_to_pay(
        student=student,
        selection_id=selection_id,
        setup_intent_id=setup_intent_id,
        transaction_id=transaction_id,
    )
    if found is None:
        raise NotFound("No such selected class.")
    early_bird_known(found.selection.camp_class, found.early_bird)
    return found
