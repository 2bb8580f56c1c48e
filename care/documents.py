"""A child's documents as files: what an upload is, read from its bytes, and how it is kept.

A family's immunisation record or allergy action plan is medical: it is encrypted with the care
records' keys (`care.encryption.care_fernet`) before it reaches the storage (the
`care_documents` alias: a folder of its own, or a private bucket), under a random name that
says nothing of the child. What the file is comes from its content, never from its name or the
type the browser sent: a PDF that pypdf can read, or a PNG or JPEG that Pillow can. The bytes
are kept as the family gave them (a scan is evidence, not a picture to improve).
"""

import io
import logging
import re
import uuid
from dataclasses import dataclass
from pathlib import PurePosixPath, PureWindowsPath

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import storages
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from PIL import Image
from pypdf import PdfReader

from care.encryption import care_fernet
from core.errors import InvalidInput

STORAGE_ALIAS = "care_documents"
WRONG_TYPE = gettext_lazy("Upload a PDF, PNG or JPEG file.")
PDF, PNG, JPEG = "application/pdf", "image/png", "image/jpeg"
# What each kind of file starts with; the rest is checked by opening it.
_SIGNATURES = ((b"%PDF-", PDF), (b"\x89PNG\r\n\x1a\n", PNG), (b"\xff\xd8\xff", JPEG))
_EXTENSIONS = {PDF: (".pdf",), PNG: (".png",), JPEG: (".jpg", ".jpeg")}
_PILLOW_FORMATS = {PNG: "PNG", JPEG: "JPEG"}
FILE_NAME_MAX = 200

# pypdf tells of every repair it makes to a sloppy PDF; a family's scanner makes many.
logging.getLogger("pypdf").setLevel(logging.ERROR)


@dataclass(frozen=True)
class CheckedFile:
    content: bytes
    content_type: str
    file_name: str


def document_storage():
    return storages[STORAGE_ALIAS]


def _too_large() -> InvalidInput:
    megabytes = settings.CARE_DOCUMENT_MAX_BYTES / (1024 * 1024)
    return InvalidInput(
        {"file": [_("The file is larger than %(megabytes)s MB.") % {"megabytes": f"{megabytes:g}"}]}
    )


def _content_type_of(content: bytes) -> str:
    for signature, content_type in _SIGNATURES:
        if content.startswith(signature):
            return content_type
    raise InvalidInput({"file": [WRONG_TYPE]})


def _opened(content: bytes, content_type: str) -> None:
    """The file opens as what it says it is; else the family is told it is not one."""
    try:
        if content_type == PDF:
            reader = PdfReader(io.BytesIO(content))
            if reader.is_encrypted and not reader.decrypt(""):
                raise InvalidInput({"file": [_("Upload the PDF without its password.")]})
            if len(reader.pages) < 1:
                raise ValueError("no page")
        else:
            with Image.open(io.BytesIO(content), formats=[_PILLOW_FORMATS[content_type]]) as image:
                image.verify()
    except InvalidInput:
        raise
    except Exception:
        # pypdf and Pillow report damaged files through many exception types; to the family
        # they all mean the same.
        raise InvalidInput({"file": [WRONG_TYPE]}) from None


def _file_name(sent: str, content_type: str) -> str:
    """The family's name for the file, without any folder, its extension the content's own: a
    PNG called plan.pdf is downloaded as plan.png."""
    name = PureWindowsPath(PurePosixPath(sent or "").name).name
    name = re.sub(r"[\x00-\x1f\x7f\"\\/]", "", name).strip(" .") or "document"
    stem, dot, extension = name.rpartition(".")
    if not dot:
        stem, extension = name, ""
    if f".{extension.lower()}" in _EXTENSIONS[content_type]:
        return name[-FILE_NAME_MAX:]
    suffix = _EXTENSIONS[content_type][0]
    return (stem or name)[: FILE_NAME_MAX - len(suffix)] + suffix


def document_checked(upload: UploadedFile) -> CheckedFile:
    """The upload's bytes and what they are, or `InvalidInput` naming `file`."""
    # The size the upload handler counted: a huge file is refused before it is read.
    if upload.size is None or upload.size > settings.CARE_DOCUMENT_MAX_BYTES:
        raise _too_large()
    upload.seek(0)
    content = upload.read(settings.CARE_DOCUMENT_MAX_BYTES + 1)
    if len(content) > settings.CARE_DOCUMENT_MAX_BYTES:
        raise _too_large()
    if not content:
        raise InvalidInput({"file": [_("The file is empty.")]})
    content_type = _content_type_of(content)
    _opened(content, content_type)
    return CheckedFile(content, content_type, _file_name(upload.name, content_type))


def document_sealed_store(content: bytes) -> str:
    """The content encrypted and stored under a new random name; answers the name."""
    token = care_fernet().encrypt(content)
    return document_storage().save(f"{uuid.uuid4().hex}.sealed", ContentFile(token))


def document_opened(storage_name: str) -> bytes:
    with document_storage().open(storage_name, "rb") as stored:
        return care_fernet().decrypt(stored.read())


def document_resealed(storage_name: str) -> str:
    """The same content under the newest key, stored under a new name (the old one is left
    for the caller to remove once the row names the new): a crash loses nothing."""
    with document_storage().open(storage_name, "rb") as stored:
        token = care_fernet().rotate(stored.read())
    return document_storage().save(f"{uuid.uuid4().hex}.sealed", ContentFile(token))


def document_removed(storage_name: str) -> None:
    document_storage().delete(storage_name)
