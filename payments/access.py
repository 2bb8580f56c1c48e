"""Reading a payment (or a checkout's receipt) on someone's behalf: the account that paid it, or
an admin; anyone else's is as good as absent (not found, never refused, so its existence is not
told)."""

from django.utils.translation import gettext as _

from accounts.models import Role, User
from core.errors import NotFound
from payments.models import Payment
from payments.selectors import CheckoutReceipt, checkout_receipt_read, payment_find


def access_payment(*, viewer: User, payment_id: int) -> Payment:
    """The payment, when `viewer` paid it or is an admin; not found otherwise."""
    payment = payment_find(payment_id=payment_id)
    if payment is None or (payment.student_id != viewer.pk and viewer.role != Role.ADMIN):
        raise NotFound(_("No such payment."))
    return payment


def access_checkout_receipt(*, viewer: User, checkout_id: int) -> CheckoutReceipt:
    """A paid checkout's one receipt, when `viewer` is the family that paid it or an admin; not
    found otherwise, as for a checkout not paid (there is no receipt yet)."""
    receipt = checkout_receipt_read(checkout_id=checkout_id)
    if receipt is None or (receipt.checkout.family_id != viewer.pk and viewer.role != Role.ADMIN):
        raise NotFound(_("No such receipt."))
    return receipt
