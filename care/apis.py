"""A child's care record, its history and who read it; the school's policies and their
acceptances. What each reader receives is cut to what they may see before it is shaped."""

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from accounts.permissions import IsStudent
from care.access import access_care, access_care_of_family_or_admin, access_own_care
from care.models import (
    CareChange,
    CarePart,
    CareRead,
    CareRecord,
    CareRecordVersion,
    Severity,
    empty_medical,
)
from care.selectors import (
    CLASS_SCOPE,
    FULL_SCOPE,
    care_history_of,
    care_missing_for,
    care_reads_of,
    confirmation_due,
    emergency_contacts_required,
    policies_current,
    policies_for,
    policy_current,
    record_of,
    records_of,
    taken_to_confirm,
)
from care.services import (
    care_reads_logged,
    care_record_confirm,
    care_record_save,
    care_record_update,
    may_leave_alone_allowed,
    policies_accept,
    policy_accept,
)
from core.api import ServiceInputSerializer
from core.errors import InvalidInput, NotFound
from core.openapi import errors

TEXT_MAX = 2000
LINE_MAX = 200


class AllergySerializer(serializers.Serializer):
    name = serializers.CharField(max_length=LINE_MAX)
    severity = serializers.ChoiceField(choices=Severity.choices)
    action = serializers.CharField(max_length=TEXT_MAX, allow_blank=True)


class MedicationSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=LINE_MAX)
    dose = serializers.CharField(max_length=LINE_MAX, allow_blank=True)
    schedule = serializers.CharField(max_length=LINE_MAX, allow_blank=True)
    atCamp = serializers.BooleanField(source="at_camp")  # noqa: N815 - the API's names


class DoctorSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=LINE_MAX, allow_blank=True)
    phone = serializers.CharField(max_length=40, allow_blank=True)


class ContactSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=LINE_MAX)
    relationship = serializers.CharField(max_length=60)
    phone = serializers.CharField(max_length=40)


@extend_schema_serializer(component_name="CareRecordInput")
class CareRecordInputSerializer(ServiceInputSerializer):
    allergies = AllergySerializer(many=True, max_length=30)
    medications = MedicationSerializer(many=True, max_length=30)
    conditions = serializers.CharField(max_length=TEXT_MAX, allow_blank=True)
    dietary = serializers.CharField(max_length=TEXT_MAX, allow_blank=True)
    doctor = DoctorSerializer()
    emergencyContacts = ContactSerializer(many=True, max_length=10, source="emergency_contacts")  # noqa: N815
    pickups = ContactSerializer(many=True, max_length=10)
    mayLeaveAlone = serializers.BooleanField(source="may_leave_alone")  # noqa: N815
    photoConsent = serializers.BooleanField(source="photo_consent", allow_null=True)  # noqa: N815


class CareRecordSectionInputSerializer(CareRecordInputSerializer):
    """A section of the record: only the fields sent, each checked as a whole save checks it
    (a contact without a phone is refused here as there), not DRF's partial, which would let a
    row's own fields go missing."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        sent = getattr(self, "initial_data", None)
        sent = sent if isinstance(sent, dict) else {}
        for name in [name for name in self.fields if name not in sent]:
            self.fields.pop(name)

    def validate(self, attrs):
        if not attrs:
            raise serializers.ValidationError(_("Send at least one part of the care record."))
        return attrs


class CareRecordOutputSerializer(serializers.Serializer):
    """The record as its reader may see it: keys an instructor may not read are left out
    (not null), so no hidden field is ever sent."""

    participantId = serializers.IntegerField(source="participant_id")  # noqa: N815
    allergies = AllergySerializer(many=True)
    medications = MedicationSerializer(many=True)
    conditions = serializers.CharField(required=False)
    dietary = serializers.CharField(required=False)
    doctor = DoctorSerializer(required=False)
    emergencyContacts = ContactSerializer(many=True, source="emergency_contacts")  # noqa: N815
    pickups = ContactSerializer(many=True)
    mayLeaveAlone = serializers.BooleanField(source="may_leave_alone")  # noqa: N815
    photoConsent = serializers.BooleanField(source="photo_consent", allow_null=True)  # noqa: N815
    confirmedAt = serializers.DateTimeField(source="confirmed_at", allow_null=True)  # noqa: N815
    # Taken by phone by the office at the front desk (null: never); `takenToConfirm` while the
    # family has not confirmed it since.
    takenAt = serializers.DateTimeField(source="taken_at", allow_null=True, required=False)  # noqa: N815
    takenToConfirm = serializers.BooleanField(source="taken_to_confirm", required=False)  # noqa: N815
    complete = serializers.BooleanField()
    missing = serializers.ListField(child=serializers.CharField())
    needsConfirmation = serializers.BooleanField(source="needs_confirmation")  # noqa: N815
    emergencyContactsRequired = serializers.IntegerField(  # noqa: N815
        source="emergency_contacts_required"
    )
    mayLeaveAloneAllowed = serializers.BooleanField(source="may_leave_alone_allowed")  # noqa: N815
    leaveAloneMinAge = serializers.IntegerField(source="leave_alone_min_age")  # noqa: N815


# What an instructor of a class reads (without a class marked for full records): what a day of
# camp needs, never the conditions, the diet or the doctor.
HIDDEN_FROM_CLASS = ("conditions", "dietary", "doctor")


def _contact_given(participant) -> list[dict]:
    """Before a record is first saved, the emergency contact given when the child was added,
    as a draft of the record's first one: the family types nothing twice."""
    if not participant.emergency_contact_name:
        return []
    return [
        {
            "name": participant.emergency_contact_name,
            "relationship": "",
            "phone": participant.emergency_contact_phone,
        }
    ]


def care_answer(
    participant, record: CareRecord | None, *, scope: str, missing: list[str] | None = None
) -> dict:
    now = timezone.now()
    medical = record.medical if record is not None else {}
    if missing is None:
        # The record is read already: only the policies are asked of the database.
        records = {participant.pk: record} if record is not None else {}
        missing = care_missing_for([participant], now=now, records=records)[participant.pk]
    answer = {
        "participant_id": participant.pk,
        "allergies": medical.get("allergies", []),
        "medications": medical.get("medications", []),
        "conditions": medical.get("conditions", ""),
        "dietary": medical.get("dietary", ""),
        "doctor": medical.get("doctor", {"name": "", "phone": ""}),
        "emergency_contacts": (
            record.emergency_contacts if record is not None else _contact_given(participant)
        ),
        "pickups": record.pickups if record is not None else [],
        "may_leave_alone": record.may_leave_alone if record is not None else False,
        "photo_consent": record.photo_consent if record is not None else None,
        "confirmed_at": record.confirmed_at if record is not None else None,
        "taken_at": record.taken_at if record is not None else None,
        "taken_to_confirm": taken_to_confirm(record),
        "complete": not missing,
        "missing": missing,
        "needs_confirmation": confirmation_due(record, now=now),
        "emergency_contacts_required": emergency_contacts_required(participant),
        "may_leave_alone_allowed": may_leave_alone_allowed(participant),
        "leave_alone_min_age": settings.CARE_LEAVE_ALONE_MIN_AGE,
    }
    if scope == CLASS_SCOPE:
        for name in HIDDEN_FROM_CLASS:
            del answer[name]
        answer["medications"] = [m for m in answer["medications"] if m.get("at_camp")]
    return answer


def _care_saved(request, participant_id: int, input_serializer, save) -> Response:
    """The family's own child's record saved whole or in part (`save`), answered in full."""
    participant = access_own_care(family=request.user, participant_id=participant_id)
    data = input_serializer(data=request.data)
    data.is_valid(raise_exception=True)
    record = data.call_service(
        save, participant=participant, by=request.user, **data.validated_data
    )
    answer = care_answer(participant, record, scope=FULL_SCOPE)
    return Response(CareRecordOutputSerializer(answer).data)


class ParticipantCareApi(APIView):
    """GET /api/participants/{id}/care: the family, an instructor of a class the child holds a
    seat in (part of it), admins; each staff read is logged. PUT: the family saves it whole;
    PATCH: one section of it (the fields sent), as the record's page saves each on its own."""

    permission_classes = [IsAuthenticated]
    family_throttle_scope = "family_writes"

    @extend_schema(
        summary="A participant's care record, as the caller may see it",
        responses={200: CareRecordOutputSerializer, **errors(401, 404)},
    )
    def get(self, request, participant_id: int):
        participant, scope = access_care(reader=request.user, participant_id=participant_id)
        care_reads_logged(participants=[participant], reader=request.user, part=CarePart.RECORD)
        answer = care_answer(participant, record_of(participant.pk), scope=scope)
        return Response(CareRecordOutputSerializer(answer).data)

    @extend_schema(
        summary="Save a child's whole care record (saving confirms it)",
        request=CareRecordInputSerializer,
        responses={200: CareRecordOutputSerializer, **errors(400, 401, 404)},
    )
    def put(self, request, participant_id: int):
        return _care_saved(request, participant_id, CareRecordInputSerializer, care_record_save)

    @extend_schema(
        summary="Save a section of a child's care record: the fields sent (saving confirms it)",
        request=CareRecordInputSerializer(partial=True),
        responses={200: CareRecordOutputSerializer, **errors(400, 401, 404)},
    )
    def patch(self, request, participant_id: int):
        return _care_saved(
            request, participant_id, CareRecordSectionInputSerializer, care_record_update
        )


class ParticipantCareConfirmationApi(APIView):
    """POST /api/participants/{id}/care/confirmation: "still correct", for another season."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Confirm a child's care record unchanged",
        request=None,
        responses={200: CareRecordOutputSerializer, **errors(401, 404, 409)},
    )
    def post(self, request, participant_id: int):
        participant = access_own_care(family=request.user, participant_id=participant_id)
        record = care_record_confirm(participant=participant, by=request.user)
        answer = care_answer(participant, record, scope=FULL_SCOPE)
        return Response(CareRecordOutputSerializer(answer).data)


class CareSnapshotSerializer(serializers.Serializer):
    """The record as one change left it."""

    allergies = AllergySerializer(many=True)
    medications = MedicationSerializer(many=True)
    conditions = serializers.CharField()
    dietary = serializers.CharField()
    doctor = DoctorSerializer()
    emergencyContacts = ContactSerializer(many=True, source="emergency_contacts")  # noqa: N815
    pickups = ContactSerializer(many=True)
    mayLeaveAlone = serializers.BooleanField(source="may_leave_alone")  # noqa: N815
    photoConsent = serializers.BooleanField(source="photo_consent", allow_null=True)  # noqa: N815


class CareVersionOutputSerializer(serializers.Serializer):
    changedAt = serializers.DateTimeField(source="changed_at")  # noqa: N815
    changedBy = serializers.CharField(source="changed_by")  # noqa: N815
    change = serializers.ChoiceField(choices=CareChange.choices)
    # The record's fields the change touched, by the API's names.
    fields = serializers.ListField(child=serializers.CharField())
    record = CareSnapshotSerializer()


# The service's names of a record's fields, as the API says them.
API_NAMES = {field.source: name for name, field in CareRecordInputSerializer().fields.items()}


def versions_data(versions) -> list[dict]:
    shaped = [
        {
            "changed_at": version.changed_at,
            "changed_by": version.changed_by_name,
            "change": version.change,
            "fields": [API_NAMES.get(name, name) for name in version.fields],
            "record": {**empty_medical(), **version.snapshot},
        }
        for version in versions
    ]
    return CareVersionOutputSerializer(shaped, many=True).data


def care_exports(participants: list) -> list[dict]:
    """Each participant's record, its history and who read it, for their family's data export:
    six queries however many participants."""
    ids = [participant.pk for participant in participants]
    records = records_of(ids)
    missing = care_missing_for(participants, records=records)
    histories: dict[int, list] = {participant_id: [] for participant_id in ids}
    for version in CareRecordVersion.objects.filter(participant_id__in=ids):
        histories[version.participant_id].append(version)
    reads: dict[int, list] = {participant_id: [] for participant_id in ids}
    for read in CareRead.objects.filter(participant_id__in=ids):
        reads[read.participant_id].append(read)
    return [
        {
            "participantId": participant.pk,
            "record": CareRecordOutputSerializer(
                care_answer(
                    participant,
                    records.get(participant.pk),
                    scope=FULL_SCOPE,
                    missing=missing[participant.pk],
                )
            ).data,
            "history": versions_data(histories[participant.pk]),
            "accessLog": CareReadOutputSerializer(reads[participant.pk], many=True).data,
        }
        for participant in participants
    ]


class ParticipantCareHistoryApi(APIView):
    """GET /api/participants/{id}/care/history: every version, newest first (the family and
    admins); every version's medical fields, so an admin's read is logged as the record's is."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Every change of a participant's care record, newest first",
        responses={200: CareVersionOutputSerializer(many=True), **errors(401, 404)},
    )
    def get(self, request, participant_id: int):
        participant = access_care_of_family_or_admin(
            reader=request.user, participant_id=participant_id
        )
        care_reads_logged(participants=[participant], reader=request.user, part=CarePart.HISTORY)
        return Response(versions_data(care_history_of(participant_id=participant.pk)))


class CareReadOutputSerializer(serializers.Serializer):
    readAt = serializers.DateTimeField(source="read_at")  # noqa: N815
    readerName = serializers.CharField(source="reader_name")  # noqa: N815
    readerRole = serializers.CharField(source="reader_role")  # noqa: N815
    # Where it was read: the record, its history, a roster's flags (record, history, roster,
    # attendance, today, export).
    part = serializers.ChoiceField(choices=CarePart.choices)


class ParticipantCareAccessLogApi(APIView):
    """GET /api/participants/{id}/care/access-log: each time someone outside the family read
    the record, its history or a roster's flags of it, and where."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Who of the school's staff read a participant's care record, newest first",
        responses={200: CareReadOutputSerializer(many=True), **errors(401, 404)},
    )
    def get(self, request, participant_id: int):
        participant = access_care_of_family_or_admin(
            reader=request.user, participant_id=participant_id
        )
        reads = care_reads_of(participant_id=participant.pk)
        return Response(CareReadOutputSerializer(reads, many=True).data)


class PolicyAcceptanceOutputSerializer(serializers.Serializer):
    policyId = serializers.IntegerField(source="version.policy_id")  # noqa: N815
    version = serializers.IntegerField(source="version.number")
    participantId = serializers.IntegerField(source="participant_id", allow_null=True)  # noqa: N815
    signedName = serializers.CharField(source="signed_name")  # noqa: N815
    acceptedAt = serializers.DateTimeField(source="accepted_at")  # noqa: N815


class PolicyOutputSerializer(serializers.Serializer):
    _id = serializers.IntegerField(source="version.policy_id")
    slug = serializers.CharField(source="version.policy.slug")
    title = serializers.CharField(source="version.policy.title")
    text = serializers.CharField(source="version.text")
    version = serializers.IntegerField(source="version.number")
    publishedAt = serializers.DateTimeField(source="version.published_at")  # noqa: N815
    perChild = serializers.BooleanField(source="version.policy.per_child")  # noqa: N815
    accepted = PolicyAcceptanceOutputSerializer(many=True)
    # Participant ids still to accept it (a per-child policy), or [null] for the family.
    due = serializers.ListField(child=serializers.IntegerField(allow_null=True))


class PolicyListApi(APIView):
    """GET /api/policies: the current policies; for a signed-in family, what they accepted and
    what is due."""

    permission_classes = []

    @extend_schema(
        summary="The school's current policies, with the signed-in family's acceptances",
        responses={200: PolicyOutputSerializer(many=True)},
    )
    def get(self, request):
        user = request.user if request.user.is_authenticated else None
        standings = policies_for(family=user)
        return Response(PolicyOutputSerializer(standings, many=True).data)


@extend_schema_serializer(component_name="PolicyAcceptanceInput")
class PolicyAcceptanceInputSerializer(ServiceInputSerializer):
    participantId = serializers.IntegerField(  # noqa: N815
        source="participant", required=False, allow_null=True
    )
    signedName = serializers.CharField(source="signed_name", max_length=LINE_MAX)  # noqa: N815


class PolicyAcceptanceCreateApi(APIView):
    """POST /api/policies/{id}/acceptances: a parent accepts the policy's current version for
    the family or one child, by typing their full name."""

    permission_classes = [IsStudent]
    family_throttle_scope = "family_writes"

    @extend_schema(
        summary="Accept a policy's current version (201; 200 if accepted already)",
        request=PolicyAcceptanceInputSerializer,
        responses={
            201: PolicyAcceptanceOutputSerializer,
            200: PolicyAcceptanceOutputSerializer,
            **errors(400, 401, 403, 404),
        },
    )
    def post(self, request, policy_id: int):
        version = policy_current(policy_id=policy_id)
        if version is None:
            raise NotFound(_("No such policy."))
        data = PolicyAcceptanceInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        participant_id = data.validated_data.get("participant")
        participant = (
            access_own_care(family=request.user, participant_id=participant_id)
            if participant_id is not None
            else None
        )
        acceptance, created = data.call_service(
            policy_accept,
            family=request.user,
            version=version,
            participant=participant,
            signed_name=data.validated_data["signed_name"],
            ip_address=BaseThrottle().get_ident(request),
            user_agent=request.headers.get("User-Agent", ""),
        )
        return Response(
            PolicyAcceptanceOutputSerializer(acceptance).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


class PolicyAcceptanceItemSerializer(serializers.Serializer):
    policyId = serializers.IntegerField(min_value=1)  # noqa: N815
    participantId = serializers.IntegerField(required=False, allow_null=True)  # noqa: N815


@extend_schema_serializer(component_name="PolicyAcceptancesInput")
class PolicyAcceptancesInputSerializer(ServiceInputSerializer):
    acceptances = PolicyAcceptanceItemSerializer(many=True, min_length=1, max_length=50)
    signedName = serializers.CharField(source="signed_name", max_length=LINE_MAX)  # noqa: N815


class PolicyAcceptancesCreateApi(APIView):
    """POST /api/policies/acceptances: a parent accepts every policy due at once, each for the
    family or one child, by typing their full name once; all are recorded or none is."""

    permission_classes = [IsStudent]
    family_throttle_scope = "family_writes"

    @extend_schema(
        summary="Accept several policies' current versions with one signature (201; 200 if all "
        "were accepted already)",
        operation_id="policies_acceptances_signed_together",
        request=PolicyAcceptancesInputSerializer,
        responses={
            201: PolicyAcceptanceOutputSerializer(many=True),
            200: PolicyAcceptanceOutputSerializer(many=True),
            **errors(400, 401, 403, 404),
        },
    )
    def post(self, request):
        data = PolicyAcceptancesInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        current = {version.policy_id: version for version in policies_current()}
        wanted = []
        unknown = []
        for index, item in enumerate(data.validated_data["acceptances"]):
            version = current.get(item["policyId"])
            if version is None:
                unknown.append(f"Item {index + 1}: No such policy.")
                continue
            participant_id = item.get("participantId")
            participant = (
                access_own_care(family=request.user, participant_id=participant_id)
                if participant_id is not None
                else None
            )
            wanted.append((version, participant))
        if unknown:
            raise InvalidInput({"acceptances": unknown})
        accepted = data.call_service(
            policies_accept,
            family=request.user,
            acceptances=wanted,
            signed_name=data.validated_data["signed_name"],
            ip_address=BaseThrottle().get_ident(request),
            user_agent=request.headers.get("User-Agent", ""),
        )
        created = any(was_created for _, was_created in accepted)
        acceptances = [acceptance for acceptance, _ in accepted]
        return Response(
            PolicyAcceptanceOutputSerializer(acceptances, many=True).data,
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )
