"""A piece photographed at its class by the class's instructor (or an admin), perhaps on a phone
with no signal and sent later, more than once; then titled, tagged and moved through its stages.

A photograph's `client_id`, the device's id for it, makes every sending after the first answer
the first's piece, with nothing decoded, stored or counted again. A class adds at most
`ARTWORK_DAILY_COUNT` pieces and `ARTWORK_DAILY_BYTES` of stored files in a school day, counted
under the class's lock, so that two phones sending at once cannot both take the last place.
"""

from datetime import date, datetime, time, timedelta
from uuid import uuid4

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Count, Sum
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import User
from artwork.access import access_artwork_for_staff, access_class_for_artwork
from artwork.images import StoredPictures, pictures_delete, pictures_store
from artwork.models import Artwork, ArtworkChild, Stage
from classes.models import Class
from core.client_ids import sent_before
from core.errors import InvalidInput, TooMany
from core.school_time import school_timezone, school_today
from enrolments.selectors import roster_for

STAGE_UNKNOWN = gettext_lazy("Choose in progress, drying, firing or ready.")


def _sent_before(*, actor: User, class_id: int, client_id: str) -> Artwork | None:
    return sent_before(
        Artwork.objects,
        client_id=client_id,
        same={"taken_by_id": actor.pk, "camp_class_id": class_id},
        what="photograph",
    )


def _children_tagged(
    *, class_id: int, participant_ids: list[int], tagged_already=frozenset()
) -> list[int]:
    """The children named, each with an active seat in the class (or tagged on the piece
    already: a child who has left the class stays on what they made); any other is named in
    the refusal by its id."""
    wanted = list(dict.fromkeys(participant_ids))
    seats = roster_for(classes=Class.objects.filter(pk=class_id)).filter(participant_id__in=wanted)
    on_roster = set(seats.values_list("participant_id", flat=True))
    off = [str(pk) for pk in wanted if pk not in on_roster and pk not in tagged_already]
    if off:
        raise InvalidInput(
            {
                "participant_ids": [
                    _(
                        "Not on this class's roster: %(names)s. Choose children who hold a "
                        "seat in the class."
                    )
                    % {"names": ", ".join(off)}
                ]
            }
        )
    return wanted


def _stage_checked(stage: str) -> Stage:
    if stage not in Stage.values:
        raise InvalidInput({"stage": [STAGE_UNKNOWN]})
    return Stage(stage)


def _school_midnight(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=school_timezone())


def _day_limit_reached(*, camp_class: Class, done: str, code: str, limit: int, day: date):
    resets_at = _school_midnight(day + timedelta(days=1))
    again = date_format(resets_at.astimezone(school_timezone()), "l, F j")
    return TooMany(
        _(
            "%(name)s %(done)s today, the most a class may in a day. You can "
            "photograph more from midnight (school time), %(again)s."
        )
        % {"name": camp_class.name, "done": done, "again": again},
        resets_at=resets_at,
        code=code,
        details={"limit": limit, "resetsAt": resets_at.isoformat()},
    )


def _day_limits_checked(*, camp_class: Class, day: date, adding_bytes: int) -> None:
    """Refused (`TooMany`) when the class has photographed as many pieces today as it may, or
    when `adding_bytes` more would store more than it may."""
    today = Artwork.objects.filter(camp_class=camp_class, taken_on=day).aggregate(
        pieces=Count("id"), stored=Sum("stored_bytes")
    )
    count, most_bytes = settings.ARTWORK_DAILY_COUNT, settings.ARTWORK_DAILY_BYTES
    if today["pieces"] >= count:
        raise _day_limit_reached(
            camp_class=camp_class,
            done=f"has photographed {count} pieces",
            code="artwork_daily_count",
            limit=count,
            day=day,
        )
    if (today["stored"] or 0) + adding_bytes > most_bytes:
        raise _day_limit_reached(
            camp_class=camp_class,
            done=f"has stored {most_bytes / (1024 * 1024):g} MB of photographs",
            code="artwork_daily_bytes",
            limit=most_bytes,
            day=day,
        )


def _artwork_kept(
    *,
    actor: User,
    class_id: int,
    client_id: str,
    pictures: StoredPictures,
    participant_ids: list[int],
    title: str,
    stage: Stage,
) -> tuple[Artwork, bool]:
    """The piece's row and its children's, under the class's lock; or the piece a twin sending
    kept first, and False."""
    camp_class = Class.objects.select_for_update().get(pk=class_id)
    earlier = _sent_before(actor=actor, class_id=class_id, client_id=client_id)
    if earlier is not None:
        return earlier, False
    day = school_today()
    _day_limits_checked(camp_class=camp_class, day=day, adding_bytes=pictures.stored_bytes)
    now = timezone.now()
    artwork = Artwork(
        camp_class=camp_class,
        client_id=client_id,
        title=title,
        stage=stage,
        image_stem=pictures.image_stem,
        widths=pictures.widths,
        width=pictures.width,
        height=pictures.height,
        stored_bytes=pictures.stored_bytes,
        taken_by=actor,
        taken_on=day,
        created_at=now,
        ready_at=now if stage == Stage.READY else None,
    )
    try:
        # A savepoint: the same client id kept by a twin sending (to another class) leaves
        # this transaction usable, to read which.
        with transaction.atomic():
            artwork.save(force_insert=True)
    except IntegrityError:
        return _sent_before(actor=actor, class_id=class_id, client_id=client_id), False
    ArtworkChild.objects.bulk_create(
        ArtworkChild(artwork=artwork, participant_id=pk, tagged_at=now) for pk in participant_ids
    )
    return artwork, True


def artwork_take(
    *,
    actor: User,
    class_id: int,
    upload,
    participant_ids: list[int],
    client_id: str = "",
    title: str = "",
    stage: str = Stage.IN_PROGRESS,
) -> tuple[Artwork, bool]:
    """A piece photographed at a class, tagged with children of its roster (maybe none yet);
    and whether it is new (a `client_id` on record answers its piece, nothing done again).

    Refused: a class not the actor's (NotFound); a child off the roster, a file that is not an
    accepted image or is too large (InvalidInput); the class's day's limits (TooMany); a client
    id used by someone else or at another class (Conflict).

    Its files are stored before its row, in a transaction of its own (so never within another's
    that could roll back after it): a row not kept deletes them."""
    client_id = client_id or uuid4().hex
    earlier = _sent_before(actor=actor, class_id=class_id, client_id=client_id)
    if earlier is not None:
        return earlier, False
    camp_class = access_class_for_artwork(user=actor, class_id=class_id)
    stage = _stage_checked(stage)
    participant_ids = _children_tagged(class_id=camp_class.pk, participant_ids=participant_ids)
    # Refused before the photograph is decoded, if the day's pieces are all taken already.
    _day_limits_checked(camp_class=camp_class, day=school_today(), adding_bytes=0)
    pictures = pictures_store(upload)
    try:
        with transaction.atomic(durable=True):
            artwork, new = _artwork_kept(
                actor=actor,
                class_id=camp_class.pk,
                client_id=client_id,
                pictures=pictures,
                participant_ids=participant_ids,
                title=title,
                stage=stage,
            )
    except BaseException:
        pictures_delete(pictures)
        raise
    if not new:
        pictures_delete(pictures)
    return artwork, new


def _tags_replaced(artwork: Artwork, participant_ids: list[int], *, now: datetime) -> None:
    tagged = set(artwork.children.values_list("participant_id", flat=True))
    wanted = _children_tagged(
        class_id=artwork.camp_class_id,
        participant_ids=participant_ids,
        tagged_already=frozenset(tagged),
    )
    artwork.children.exclude(participant_id__in=wanted).delete()
    ArtworkChild.objects.bulk_create(
        ArtworkChild(artwork=artwork, participant_id=pk, tagged_at=now)
        for pk in wanted
        if pk not in tagged
    )


@transaction.atomic
def artwork_change(
    *,
    actor: User,
    artwork_id: int,
    title: str | None = None,
    stage: str | None = None,
    participant_ids: list[int] | None = None,
) -> Artwork:
    """A piece's title, stage or children (`participant_ids` replaces them: a child newly
    tagged must hold a seat in its class), each left as it is when None. Marked ready, it is
    ready from now (its families told once, in the day's e-mail); moved back from ready, it is
    not, and its families will be told again when it is.

    Refused: a piece not the actor's class's (NotFound); a child off the roster, an unknown
    stage (InvalidInput)."""
    artwork = access_artwork_for_staff(user=actor, artwork_id=artwork_id, lock=True)
    now = timezone.now()
    changed = []
    if title is not None:
        artwork.title = title
        changed.append("title")
    if stage is not None and _stage_checked(stage) != artwork.stage:
        was_ready = artwork.stage == Stage.READY
        artwork.stage = stage
        artwork.ready_at = now if stage == Stage.READY else None
        changed += ["stage", "ready_at"]
        if was_ready:
            artwork.children.update(told_ready_at=None)
    if participant_ids is not None:
        _tags_replaced(artwork, participant_ids, now=now)
    if changed:
        artwork.save(update_fields=[*changed, "updated_at"])
    return artwork
