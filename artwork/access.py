"""Who may photograph a class's pieces, list them, and change one: the class's instructor, or
any class's for an admin (`classes.access.access_class_for_instructor`). To another instructor a
class's pieces are as good as absent: which children a class has is not theirs to learn. (The
office photographs nothing.)"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import Role, User
from artwork.models import Artwork
from classes.access import access_class_for_instructor
from classes.models import Class
from core.errors import NotFound, Refused

NO_SUCH_PIECE = gettext_lazy("No such piece.")


def access_class_for_artwork(*, user: User, class_id: int) -> Class:
    """A class whose pieces this person photographs and lists."""
    try:
        return access_class_for_instructor(user=user, class_id=class_id)
    except Refused as refused:
        raise NotFound(_("No such class.")) from refused


def access_artwork_for_staff(*, user: User, artwork_id: int, lock: bool = False) -> Artwork:
    """A piece of a class this person teaches, or any for an admin; locked when asked, so that
    the changes to one piece are decided one at a time."""
    pieces = Artwork.objects.select_related("camp_class")
    if lock:
        pieces = pieces.select_for_update(of=("self",))
    artwork = pieces.filter(pk=artwork_id).first()
    if artwork is None or not (
        user.role == Role.ADMIN
        or (user.role == Role.INSTRUCTOR and artwork.camp_class.instructor_id == user.pk)
    ):
        raise NotFound(NO_SUCH_PIECE)
    return artwork
