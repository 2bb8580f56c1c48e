"""A piece as its class's staff and its children's families see it: its class and season, its
stage, the children tagged (first names), and its picture's addresses, each with a key that
opens it for this reader (`artwork.files.picture_sources`). Read through
`artwork.selectors.pieces.pieces_shown`."""

from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers

from artwork.files import picture_sources
from artwork.models import Stage
from classes.serializers import SchoolTimeField


@extend_schema_serializer(component_name="ArtworkPicture")
class ArtworkPictureSerializer(serializers.Serializer):
    src = serializers.CharField(help_text="The largest WebP copy, or the JPEG when narrower.")
    srcset = serializers.CharField(help_text="Every WebP copy with its width; may be empty.")
    sizes = serializers.CharField()
    width = serializers.IntegerField()
    height = serializers.IntegerField()
    download = serializers.CharField(help_text="The JPEG, as an attachment.")


@extend_schema_serializer(component_name="ArtworkParticipant")
class ArtworkParticipantSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="participant_id")
    firstName = serializers.CharField(source="participant.first_name")  # noqa: N815 - the API's names


@extend_schema_serializer(component_name="Artwork")
class ArtworkOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    classId = serializers.IntegerField(source="camp_class_id")  # noqa: N815
    className = serializers.CharField(source="camp_class.name")  # noqa: N815
    seasonId = serializers.IntegerField(source="camp_class.season_id", allow_null=True)  # noqa: N815
    seasonName = serializers.CharField(source="camp_class.season.name", allow_null=True)  # noqa: N815
    title = serializers.CharField()
    stage = serializers.ChoiceField(choices=Stage.choices)
    takenOn = serializers.DateField(source="taken_on", help_text="The school's day.")  # noqa: N815
    readyAt = SchoolTimeField(source="ready_at", allow_null=True)  # noqa: N815
    approvedAt = SchoolTimeField(  # noqa: N815
        source="approved_at",
        allow_null=True,
        help_text="When an admin approved it for the public gallery, which shows it while "
        "every child tagged has photo consent.",
    )
    participants = ArtworkParticipantSerializer(source="children.all", many=True)
    picture = serializers.SerializerMethodField()

    @extend_schema_field(ArtworkPictureSerializer)
    def get_picture(self, artwork) -> dict:
        return picture_sources(artwork, keyed=True)
