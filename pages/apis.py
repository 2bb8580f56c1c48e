"""The school's own pages and its Contact form, open to every visitor."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    extend_schema_serializer,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import ServiceInputSerializer
from core.errors import NotFound
from core.openapi import ErrorSerializer, errors
from core.public_cache import SameForEveryVisitor
from pages.models import CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH, PageSlug
from pages.selectors import site_page_get
from pages.services import contact_message_send

# What the sender reads once the message is on its way, honeypot or not.
CONTACT_THANKS = gettext_lazy(
    "Thank you! Your message has reached the school. We will answer by e-mail."
)


class SitePageOutputSerializer(serializers.Serializer):
    slug = serializers.ChoiceField(choices=PageSlug.choices)
    title = serializers.CharField()
    body = serializers.CharField(
        help_text='Plain text: paragraphs between blank lines, "## " headings, "- " list items.'
    )
    updatedAt = serializers.DateTimeField(  # noqa: N815 - the API's names
        source="updated_at", allow_null=True
    )


class SitePageApi(SameForEveryVisitor, APIView):
    """GET /api/pages/{slug}: one of the school's pages (about, terms, privacy, cookies,
    accessibility), the same for every visitor, so its page carries it (camp/first_screen.py)."""

    permission_classes = [AllowAny]

    @extend_schema(
        summary="One of the school's own pages, as its admins wrote it",
        responses={200: SitePageOutputSerializer, **errors(404)},
    )
    def get(self, request, slug: str):
        page = site_page_get(slug=slug)
        if page is None:
            raise NotFound(_("The school has no such page."))
        return Response(SitePageOutputSerializer(page).data)


@extend_schema_serializer(component_name="ContactInput")
class ContactInputSerializer(ServiceInputSerializer):
    """Types and hard limits; what makes a message worth sending is the service's to say."""

    name = serializers.CharField(
        max_length=CONTACT_NAME_MAX_LENGTH,
        allow_blank=True,
        error_messages={
            "max_length": gettext_lazy(
                "Your name must be at most %(CONTACT_NAME_MAX_LENGTH)s characters."
            )
            % {"CONTACT_NAME_MAX_LENGTH": CONTACT_NAME_MAX_LENGTH}
        },
    )
    email = serializers.CharField(max_length=254, allow_blank=True)
    message = serializers.CharField(
        max_length=CONTACT_MESSAGE_MAX_LENGTH,
        allow_blank=True,
        error_messages={
            "max_length": (
                gettext_lazy(
                    "Your message must be at most %(CONTACT_MESSAGE_MAX_LENGTH)s characters."
                )
                % {"CONTACT_MESSAGE_MAX_LENGTH": CONTACT_MESSAGE_MAX_LENGTH}
            )
        },
    )
    # Hidden from people in the form; a robot that fills every field fills this one too.
    website = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=500,
        help_text="Leave empty: a message with this field filled in is not sent.",
    )


class ContactApi(APIView):
    """POST /api/contact: a visitor writes to the school's office."""

    permission_classes = [AllowAny]
    throttle_scope = "contact"
    address_throttle_scope = "contact_address"

    @extend_schema(
        summary="Write to the school (kept, and e-mailed to its office)",
        request=ContactInputSerializer,
        responses={
            201: inline_serializer("ContactSent", {"message": serializers.CharField()}),
            **errors(400),
            429: OpenApiResponse(
                response=ErrorSerializer,
                description="Too many messages from this caller lately; try again later.",
            ),
        },
    )
    def post(self, request):
        data = ContactInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        # A filled honeypot is a robot: it is thanked like anyone, and nothing is kept or sent,
        # so it learns nothing to adapt to.
        if not fields.get("website"):
            data.call_service(
                contact_message_send,
                name=fields["name"],
                email=fields["email"],
                message=fields["message"],
            )
        return Response({"message": CONTACT_THANKS}, status=status.HTTP_201_CREATED)
