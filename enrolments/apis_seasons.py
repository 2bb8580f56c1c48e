"""GET /api/seasons: the school's seasons and when each takes registrations, for the caller.

Here rather than in classes, which owns seasons: whether a family has early access is read from
its enrolments (`enrolments.seasons`). When that opens registration for them is
`classes.registration`'s answer, as the rules' is."""

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from classes.registration import registration_opens_at, registration_shut
from classes.selectors import season_list
from classes.serializers import SchoolTimeField
from enrolments.seasons import early_access_seasons
from extras.serializers import ExtendedCareOutputSerializer


class _ExtendedCareField(serializers.ListField):
    def get_attribute(self, season) -> list:
        return list(season.extended_care.all())


class SeasonOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    startsOn = serializers.DateField(source="starts_on")  # noqa: N815 - the API's names
    endsOn = serializers.DateField(source="ends_on")  # noqa: N815
    # Moments in the school's own offset, as a class's are, so "09:00" reads as its morning.
    opensAt = SchoolTimeField(source="opens_at")  # noqa: N815
    closesAt = SchoolTimeField(source="closes_at")  # noqa: N815
    earlyAccessOpensAt = SchoolTimeField(source="early_access_opens_at", allow_null=True)  # noqa: N815
    hasEarlyAccess = serializers.SerializerMethodField()  # noqa: N815
    # When the caller may register: the early-access opening when they have it.
    opensForYouAt = serializers.SerializerMethodField()  # noqa: N815
    registrationOpen = serializers.SerializerMethodField()  # noqa: N815
    # Optional in the schema: the browser app's stubs from before it stay valid.
    extendedCare = _ExtendedCareField(  # noqa: N815
        child=ExtendedCareOutputSerializer(), required=False
    )
    # How its seats go: first come, or a draw among wishes made in a window (`lottery`).
    allocation = serializers.CharField(required=False)
    wishesOpenAt = SchoolTimeField(source="wishes_open_at", allow_null=True, required=False)  # noqa: N815
    wishesCloseAt = SchoolTimeField(source="wishes_close_at", allow_null=True, required=False)  # noqa: N815
    drawAt = SchoolTimeField(source="draw_at", allow_null=True, required=False)  # noqa: N815

    def get_hasEarlyAccess(self, season) -> bool:  # noqa: N802
        return season.pk in self.context["early_access"]

    @extend_schema_field(OpenApiTypes.DATETIME)
    def get_opensForYouAt(self, season) -> str:  # noqa: N802
        moment = registration_opens_at(season, early_access=self.get_hasEarlyAccess(season))
        return SchoolTimeField().to_representation(moment)

    def get_registrationOpen(self, season) -> bool:  # noqa: N802
        shutting = registration_shut(
            season=season, early_access=self.get_hasEarlyAccess(season), now=self.context["now"]
        )
        return shutting is None


class SeasonListApi(APIView):
    """GET /api/seasons: every season, earliest first, with whether the signed-in family has
    early access and when it may register."""

    permission_classes = [AllowAny]

    @extend_schema(
        summary="The school's seasons, when each opens and closes, and the caller's early access",
        responses={200: SeasonOutputSerializer(many=True)},
    )
    def get(self, request):
        seasons = list(season_list().prefetch_related("extended_care"))
        context = {
            "early_access": early_access_seasons(request.user, seasons),
            "now": timezone.now(),
        }
        return Response(SeasonOutputSerializer(seasons, many=True, context=context).data)
