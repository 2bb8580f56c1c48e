"""An incident report as a PDF (fpdf2, US Letter), as the reader may see it
(`health.selectors.incidents.incident_shown`): the family's holds no internal notes and no
internal addendum; the school's has both, each marked "Internal". In the active language, the
reader's."""

from datetime import datetime

from django.conf import settings
from django.utils.formats import date_format
from django.utils.translation import gettext
from fpdf import FPDF
from fpdf.enums import XPos, YPos

from core.pdf_text import printable
from core.school_time import school_timezone
from health.models import Incident


def _moment(moment: datetime | None) -> str:
    if moment is None:
        return ""
    local = moment.astimezone(school_timezone())
    return gettext("%(day)s at %(time)s") % {
        "day": date_format(local, gettext("M j, Y")),
        "time": date_format(local, gettext("g:i A")),
    }


class _IncidentPdf(FPDF):
    def footer(self):
        self.set_y(-15)
        self.set_font("Helvetica", size=8)
        page = gettext("Page %(page)s/%(pages)s") % {"page": self.page_no(), "pages": "{nb}"}
        self.cell(0, 10, printable(page), align="C")

    def text_line(self, text: str = "", *, size: int = 10, style: str = "", height: float = 5):
        self.set_font("Helvetica", style=style, size=size)
        self.multi_cell(0, height, printable(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)

    def field(self, label: str, value: str) -> None:
        """A heading and its text, left out when there is nothing to say."""
        if not value:
            return
        self.text_line(label, style="B")
        self.text_line(value)
        self.ln(2)


def _facts(incident: Incident) -> list[tuple[str, str]]:
    camp_class = incident.meeting.camp_class
    kind = incident.get_kind_display()
    if incident.body_area:
        kind += f" ({incident.get_body_area_display()})"
    return [
        (gettext("Children"), ", ".join(child.name for child in incident.shown_children)),
        (gettext("Class"), camp_class.name),
        (gettext("When"), _moment(incident.at)),
        (gettext("Where"), incident.location or camp_class.location),
        (gettext("Kind"), kind),
        (gettext("What happened"), incident.description),
        (gettext("First aid given"), incident.first_aid),
        (gettext("Who was told"), incident.told),
        (gettext("A parent was told"), _moment(incident.parent_told_at)),
        (gettext("Follow-up"), incident.follow_up),
        (gettext("Reported by"), f"{incident.reported_by_name}, {_moment(incident.recorded_at)}"),
    ]


def incident_pdf(incident: Incident) -> bytes:
    """The report as `incident_shown` prepared it for its reader."""
    pdf = _IncidentPdf(format="letter")
    pdf.set_title(
        printable(
            gettext("%(school)s: incident report %(number)s")
            % {"school": settings.SCHOOL_NAME, "number": incident.pk}
        )
    )
    pdf.set_author(printable(settings.SCHOOL_NAME))
    pdf.set_auto_page_break(auto=True, margin=20)
    pdf.add_page()
    pdf.text_line(settings.SCHOOL_NAME, size=16, style="B", height=8)
    pdf.text_line(settings.SCHOOL_ADDRESS)
    if settings.SCHOOL_PHONE:
        pdf.text_line(gettext("Phone: %(phone)s") % {"phone": settings.SCHOOL_PHONE})
    pdf.ln(6)
    pdf.text_line(
        gettext("Incident report %(number)s") % {"number": incident.pk},
        size=14,
        style="B",
        height=7,
    )
    status = gettext("Open: under review by the school")
    if incident.closed_at:
        status = gettext("Closed by %(name)s, %(moment)s") % {
            "name": incident.closed_by_name,
            "moment": _moment(incident.closed_at),
        }
    pdf.text_line(status)
    pdf.ln(4)
    for label, value in _facts(incident):
        pdf.field(label, value)
    if incident.shows_internal:
        pdf.field(
            gettext("Internal notes (Internal: not shown to the family)"), incident.internal_notes
        )
    if incident.shown_addenda:
        pdf.text_line(gettext("Added since"), size=12, style="B", height=7)
        for addendum in incident.shown_addenda:
            marked = f" ({gettext('Internal')})" if addendum.internal else ""
            pdf.field(f"{addendum.by_name}, {_moment(addendum.at)}{marked}", addendum.text)
    return bytes(pdf.output())
