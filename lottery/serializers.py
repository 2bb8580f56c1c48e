"""The lottery's JSON, in the API's names."""

from rest_framework import serializers

from classes.serializers import SchoolTimeField
from core.api import ServiceInputSerializer
from lottery.models import Outcome


class ChildWishesSerializer(serializers.Serializer):
    participantId = serializers.IntegerField(min_value=1)  # noqa: N815 - the API's names
    # Most wanted first; at most LOTTERY_MAX_CHOICES, which the service checks by name.
    choices = serializers.ListField(child=serializers.IntegerField(min_value=1), max_length=50)


class WishesInputSerializer(ServiceInputSerializer):
    children = ChildWishesSerializer(many=True)
    together = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(min_value=1), max_length=20),
        required=False,
        default=list,
        max_length=20,
    )


class WaitlistedSerializer(serializers.Serializer):
    classId = serializers.IntegerField(source="class_id")  # noqa: N815
    rank = serializers.IntegerField()
    position = serializers.IntegerField()


class ChildResultSerializer(serializers.Serializer):
    participantId = serializers.IntegerField(source="participant_id")  # noqa: N815
    # The class the child got, or null for none.
    classId = serializers.IntegerField(source="class_id", allow_null=True)  # noqa: N815
    rank = serializers.IntegerField(allow_null=True)
    whyNotFirst = serializers.ChoiceField(  # noqa: N815
        source="why_not_first", choices=["", "full", "together"]
    )
    waitlisted = WaitlistedSerializer(many=True)
    # The seat's offer (a waitlist entry: accept it, then pay) while it waits to be paid.
    offerId = serializers.IntegerField(source="offer_id", allow_null=True, required=False)  # noqa: N815
    seat = serializers.ChoiceField(
        choices=["held", "accepted", "paid", "lapsed"], allow_null=True, required=False
    )


class FamilyResultSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    families = serializers.IntegerField()
    children = ChildResultSerializer(many=True)
    # Until when the seats the draw gave are held for the family to pay.
    payBy = SchoolTimeField(source="pay_by", allow_null=True, required=False)  # noqa: N815


class ChildWishesOutputSerializer(serializers.Serializer):
    participantId = serializers.IntegerField()  # noqa: N815
    choices = serializers.ListField(child=serializers.IntegerField())

    def to_representation(self, instance):
        participant_id, choices = instance
        return {"participantId": participant_id, "choices": choices}


class FriendsInputSerializer(ServiceInputSerializer):
    # The other family's code, as it appears on its wishes page.
    code = serializers.CharField(max_length=16)
    childIds = serializers.ListField(  # noqa: N815 - the API's names
        child=serializers.IntegerField(min_value=1), min_length=1, max_length=20
    )


class FriendsConfirmInputSerializer(ServiceInputSerializer):
    childIds = serializers.ListField(  # noqa: N815
        child=serializers.IntegerField(min_value=1), min_length=1, max_length=20
    )


class FamilyFriendsSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    # "asked": this family asked and waits; "invited": the other family asked this one.
    status = serializers.ChoiceField(choices=["asked", "invited", "confirmed"])
    familyName = serializers.CharField(source="family_name")  # noqa: N815
    theirChildren = serializers.ListField(  # noqa: N815
        source="their_children", child=serializers.CharField()
    )
    childIds = serializers.ListField(source="child_ids", child=serializers.IntegerField())  # noqa: N815


class WishesOutputSerializer(serializers.Serializer):
    seasonId = serializers.IntegerField(source="season.pk")  # noqa: N815
    # The family's own name on the public draw page; null before its first wish.
    code = serializers.CharField(source="entry.code", allow_null=True, default=None)
    maxChoices = serializers.IntegerField()  # noqa: N815
    children = ChildWishesOutputSerializer(many=True)
    together = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()))
    # Once the draw is made: the family's place and what each child got.
    result = FamilyResultSerializer(allow_null=True, required=False)
    # The family's pair of friends in the draw, if any (`POST /api/seasons/{id}/friends`).
    friends = FamilyFriendsSerializer(allow_null=True, required=False)


class AllocatedSerializer(serializers.Serializer):
    code = serializers.CharField()
    # The child's number within its family (1 first, by the child's id): no names in public.
    child = serializers.IntegerField()
    classId = serializers.IntegerField(source="class_id")  # noqa: N815
    rank = serializers.IntegerField()
    outcome = serializers.ChoiceField(choices=Outcome.choices)
    position = serializers.IntegerField(allow_null=True)


class SeatsSharedSerializer(serializers.Serializer):
    classId = serializers.IntegerField()  # noqa: N815
    seats = serializers.IntegerField()

    def to_representation(self, instance):
        class_id, seats = instance
        return {"classId": class_id, "seats": seats}


class DrawOutputSerializer(serializers.Serializer):
    """Before the draw, only `seedHash` (null until the school commits); after, everything
    `manage.py draw_verify` needs beside the wishes."""

    seedHash = serializers.CharField(source="seed_hash", allow_null=True)  # noqa: N815
    seed = serializers.CharField(required=False)
    drawnAt = serializers.DateTimeField(source="drawn_at", required=False)  # noqa: N815
    # The families' codes in the draw's order.
    order = serializers.ListField(child=serializers.CharField(), required=False)
    seats = SeatsSharedSerializer(many=True, required=False)
    allocations = AllocatedSerializer(many=True, required=False)

    def to_representation(self, page):
        if page.seed is None:
            return {"seedHash": page.seed_hash}
        return super().to_representation(page)
