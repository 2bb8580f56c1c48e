"""What the opening's line tells a family of the classes it wants: GET
/api/waitingRoom/fullClasses."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from core.openapi import errors
from wanted_classes.selectors import wanted_classes_full

# The class pages a browser keeps as looked at, and sends while its family waits in line.
MAX_CLASSES_WATCHED = 10


@extend_schema_serializer(component_name="WantedClassFull")
class FullClassOutputSerializer(serializers.Serializer):
    """A class a family wants that is full now (`selectors.FullClass`)."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    unitLabel = serializers.CharField(  # noqa: N815
        source="unit_label", help_text='The week or day of a series ("Week 2"); "" for a class.'
    )
    waitlistOpen = serializers.BooleanField(  # noqa: N815
        source="waitlist_open", help_text="Whether its waitlist takes families now."
    )


class WantedClassesFullApi(APIView):
    """GET /api/waitingRoom/fullClasses?watching=3,7: of the classes a family wants, those full
    now, so a family waiting in the opening's line learns it before its turn, and may join the
    waitlist from there (`waiting_room.gate` does not hold that join back).

    Beside the line's own calls (waiting_room.apis), which read no database: this one reads the
    family's selections and the classes' seats, each class's kept a few seconds for everyone
    (`wanted_classes_full`), and the page asks it at a slower pace of its own. A visitor has no
    selections: only the classes it looked at count."""

    throttle_classes = []

    @extend_schema_serializer(component_name="WantedClassesFullQuery")
    class QuerySerializer(serializers.Serializer):
        watching = serializers.CharField(
            required=False,
            allow_blank=True,
            help_text="The ids of the class pages the family looked at, separated by commas, "
            f"at most {MAX_CLASSES_WATCHED}.",
        )

        def validate_watching(self, value: str) -> list[int]:
            parts = [part.strip() for part in value.split(",") if part.strip()]
            if not all(part.isdigit() and len(part) < 12 for part in parts):
                raise serializers.ValidationError(_("Give class ids as numbers, like 3,7,9."))
            if len(parts) > MAX_CLASSES_WATCHED:
                raise serializers.ValidationError(
                    _("Ask about %(MAX_CLASSES_ASKED)s classes at most at once.")
                    % {"MAX_CLASSES_ASKED": MAX_CLASSES_WATCHED}
                )
            return [int(part) for part in parts]

    @extend_schema(
        summary="Of the classes the family selected or looked at, those full now (anyone; a "
        "signed-in family's own selections)",
        parameters=[QuerySerializer],
        responses={200: FullClassOutputSerializer(many=True), **errors(400, 401)},
    )
    def get(self, request):
        query = self.QuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        full = wanted_classes_full(
            user=request.user, watching=query.validated_data.get("watching", [])
        )
        return Response(FullClassOutputSerializer(full, many=True).data)
