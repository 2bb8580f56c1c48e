"""A piece as the school and its families see it: its class and season, its stage, the children
tagged on it (first names), and its pictures with a key in their addresses."""

from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers

from artwork.files import picture_sources
from artwork.models import Stage
from classes.serializers import SchoolTimeField


@extend_schema_serializer(component_name="ArtworkPicture")
class ArtworkPictureSerializer(serializers.Serializer):
    """What an <img> of the piece needs (`artwork.files.picture_sources`)."""

    src = serializers.CharField()
    srcset = serializers.CharField(help_text="Empty for a picture narrower than every copy.")
    sizes = serializers.CharField()
    width = serializers.IntegerField()
    height = serializers.IntegerField()
    download = serializers.CharField(help_text="The JPEG, as an attachment.")


@extend_schema_serializer(component_name="ArtworkParticipant")
class ArtworkParticipantSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="participant_id")
    firstName = serializers.CharField(source="participant.first_name")  # noqa: N815 - the API's names


@extend_schema_field(ArtworkPictureSerializer)
class PictureField(serializers.Field):
    """The piece's pictures: `keyed` for a reader the key lets in, or as every visitor asks for
    them (the public gallery's, served while the piece is public)."""

    def __init__(self, *, keyed: bool, **kwargs):
        self.keyed = keyed
        super().__init__(source="*", read_only=True, **kwargs)

    def to_representation(self, artwork):
        return picture_sources(artwork, keyed=self.keyed)


@extend_schema_serializer(component_name="Artwork")
class ArtworkOutputSerializer(serializers.Serializer):
    """A piece for those who may read it: its pictures' addresses carry a key
    (`artwork.files.picture_key`), good for a few hours."""

    id = serializers.IntegerField()
    classId = serializers.IntegerField(source="camp_class_id")  # noqa: N815
    className = serializers.CharField(source="camp_class.name")  # noqa: N815
    seasonId = serializers.IntegerField(source="camp_class.season_id", allow_null=True)  # noqa: N815
    seasonName = serializers.CharField(source="camp_class.season.name", allow_null=True)  # noqa: N815
    title = serializers.CharField()
    stage = serializers.ChoiceField(choices=Stage.choices)
    takenOn = serializers.DateField(source="taken_on")  # noqa: N815
    readyAt = SchoolTimeField(source="ready_at", allow_null=True)  # noqa: N815
    approvedAt = SchoolTimeField(source="approved_at", allow_null=True)  # noqa: N815
    participants = ArtworkParticipantSerializer(source="children.all", many=True)
    picture = PictureField(keyed=True)
