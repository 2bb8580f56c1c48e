"""A lottery season's rows: each family's entry (its secret code and priority tier), its wishes
and groups of children, the school's commitment to a seed, and the draw's result.

The draw itself is `lottery.draw`, a pure function of the seed, the entries and the seats; these
rows keep what it was given and what it gave, so the draw page and `draw_verify` read them back.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone

from accounts.models import Participant
from classes.models import Class, Season


class Tier(models.IntegerChoices):
    """Who is drawn first: each tier in turn, in this order, then every other family."""

    RETURNING = 1, "Returning family"
    SCHOLARSHIP = 2, "Scholarship"
    STAFF = 3, "Staff children"
    EVERYONE = 9, "Everyone else"


class Entry(models.Model):
    """One family in one season's draw, from its first wish. `code` names the family on the
    public draw page: only the family (and the school) knows which is theirs."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="+")
    family = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    code = models.CharField(max_length=16)
    tier = models.PositiveSmallIntegerField(choices=Tier.choices, default=Tier.EVERYONE)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["season", "family"], name="lottery_entry_once"),
            models.UniqueConstraint(fields=["season", "code"], name="lottery_entry_code_unique"),
            models.CheckConstraint(
                condition=models.Q(tier__in=Tier.values), name="lottery_entry_tier_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.code} ({self.season})"


class Wish(models.Model):
    """A child's class at a rank: 1 is the class most wanted."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="wishes")
    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="+")
    rank = models.PositiveSmallIntegerField()
    camp_class = models.ForeignKey(Class, on_delete=models.CASCADE, related_name="+")

    class Meta:
        verbose_name_plural = "wishes"
        ordering = ["entry", "participant", "rank"]
        constraints = [
            models.UniqueConstraint(
                fields=["entry", "participant", "rank"], name="lottery_wish_rank_once"
            ),
            models.UniqueConstraint(
                fields=["entry", "participant", "camp_class"], name="lottery_wish_class_once"
            ),
            models.CheckConstraint(condition=models.Q(rank__gte=1), name="lottery_wish_rank_gte_1"),
        ]

    def __str__(self) -> str:
        return f"{self.participant_id}: {self.rank}. {self.camp_class_id}"


class Together(models.Model):
    """A child in one of the family's groups: children of a group are placed together, each
    at the same rank of their wishes, or not at all."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="together")
    group = models.PositiveSmallIntegerField()
    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="+")

    class Meta:
        verbose_name_plural = "together"
        ordering = ["entry", "group", "participant"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "participant"], name="lottery_together_once"),
            models.CheckConstraint(
                condition=models.Q(group__gte=1), name="lottery_together_group_gte_1"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.participant_id} in group {self.group}"


class Friends(models.Model):
    """Two families of a season's draw who asked to have children placed together: the inviting
    family names the friend's code and some of its children, the friend confirms with some of
    its own. Their children so named (with any group of their own family they are in) are one
    unit of the draw, placed at the later family's turn (`lottery.draw`), together or not at
    all. A family is in one such pair at most (`services.friends_invite`)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="+")
    inviting = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="+")
    invited = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="+")
    confirmed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name_plural = "friends"
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(inviting=models.F("invited")), name="lottery_friends_two"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.inviting_id} with {self.invited_id}"


class FriendChild(models.Model):
    """A child one of two friends' families placed with the other's."""

    friends = models.ForeignKey(Friends, on_delete=models.CASCADE, related_name="children")
    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="+")

    class Meta:
        verbose_name_plural = "friend children"
        constraints = [
            models.UniqueConstraint(
                fields=["friends", "participant"], name="lottery_friend_child_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.participant_id} in {self.friends_id}"


class Draw(models.Model):
    """A season's draw: the SHA-256 of the school's secret seed, published before the wishes
    close, then the seed itself when the draw is made (its hash checked against it)."""

    season = models.OneToOneField(Season, on_delete=models.CASCADE, related_name="+")
    seed_hash = models.CharField(max_length=64)
    committed_at = models.DateTimeField(default=timezone.now)
    seed = models.CharField(max_length=200, blank=True)
    drawn_at = models.DateTimeField(null=True, blank=True)
    # When the seats the draw gave stop being held for their families to pay
    # (`payment_window`): LOTTERY_PAYMENT_DAYS after the draw, as it was then.
    pay_by = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(seed="", drawn_at__isnull=True)
                | (~models.Q(seed="") & models.Q(drawn_at__isnull=False)),
                name="lottery_draw_seed_with_its_time",
            ),
        ]

    def __str__(self) -> str:
        return f"Draw of {self.season}"


class DrawPlace(models.Model):
    """A family's place in the draw's order (1 first)."""

    draw = models.ForeignKey(Draw, on_delete=models.CASCADE, related_name="places")
    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="place")
    place = models.PositiveIntegerField()

    class Meta:
        ordering = ["draw", "place"]
        constraints = [
            models.UniqueConstraint(fields=["draw", "place"], name="lottery_place_once"),
        ]

    def __str__(self) -> str:
        return f"{self.place}. {self.entry_id}"


class DrawSeats(models.Model):
    """The seats free in a wished class when the draw was made: what it shared out."""

    draw = models.ForeignKey(Draw, on_delete=models.CASCADE, related_name="seats")
    camp_class = models.ForeignKey(Class, on_delete=models.CASCADE, related_name="+")
    seats = models.PositiveIntegerField()

    class Meta:
        verbose_name_plural = "draw seats"
        constraints = [
            models.UniqueConstraint(fields=["draw", "camp_class"], name="lottery_seats_once"),
        ]

    def __str__(self) -> str:
        return f"{self.camp_class_id}: {self.seats}"


class Outcome(models.TextChoices):
    PLACED = "placed", "Placed"
    # A wish ranked above the one the child got (or any, for a child given none).
    WAITLISTED = "waitlisted", "Waitlisted"


class WhyNot(models.TextChoices):
    """Why a child did not get their first wish."""

    FULL = "full", "No seat was left when the family's turn came"
    TOGETHER = "together", "A seat was left, but not at the same rank for the whole group"


class DrawResult(models.Model):
    """What one wish came to: a seat, or a place on the class's waitlist, in the draw's order.
    Wishes ranked below the one a child got come to nothing and have no row."""

    draw = models.ForeignKey(Draw, on_delete=models.CASCADE, related_name="results")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="results")
    # Kept: a child in a draw made keeps their record (`services.participant_leaving_checked`).
    participant = models.ForeignKey(Participant, on_delete=models.PROTECT, related_name="+")
    camp_class = models.ForeignKey(Class, on_delete=models.CASCADE, related_name="+")
    rank = models.PositiveSmallIntegerField()
    outcome = models.CharField(max_length=10, choices=Outcome.choices)
    # On the class's waitlist, 1 first; empty for a seat.
    position = models.PositiveIntegerField(null=True, blank=True)
    # For the first wish not given: why.
    why_not = models.CharField(max_length=8, choices=WhyNot.choices, blank=True)
    # What the wish became on the class's waitlist (`payment_window`): the seat's offer, held
    # until the window ends, or the child's place on the list.
    waitlist_entry = models.OneToOneField(
        "enrolments.WaitlistEntry",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ["draw", "entry", "participant", "rank"]
        constraints = [
            models.UniqueConstraint(
                fields=["draw", "participant", "camp_class"], name="lottery_result_once"
            ),
            models.UniqueConstraint(
                fields=["draw", "camp_class", "position"], name="lottery_result_position_once"
            ),
            models.CheckConstraint(
                condition=models.Q(outcome=Outcome.PLACED, position__isnull=True)
                | models.Q(outcome=Outcome.WAITLISTED, position__isnull=False),
                name="lottery_result_position_if_waitlisted",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.participant_id}: {self.camp_class_id} {self.outcome}"
