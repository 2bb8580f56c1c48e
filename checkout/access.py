"""A family's selection as paying for it reads it: their own, or not found (never refused, so
another family's is not told)."""

from django.utils.translation import gettext as _

from accounts.models import User
from checkout.pricing import early_bird_known
from core.errors import NotFound
from payments.prepared import SelectionToPay, selection_to_pay


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
        raise NotFound(_("No such selected class."))
    early_bird_known(found.selection.camp_class, found.early_bird)
    return found
