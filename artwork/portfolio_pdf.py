"""A child's portfolio as a PDF (fpdf2, US Letter), for the family to keep at the season's end:
a cover naming the child (first name) and the season, then a page per piece, oldest first: its
title, class and day, and its picture, the stored JPEG (`artwork.files.ORIGINAL`), which fpdf2
embeds as it is, without encoding it again. Every word of ours in the active language, which
the view sets to the family's."""

import io
from datetime import date

from django.conf import settings
from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext
from fpdf import FPDF
from fpdf.enums import XPos, YPos

from artwork.files import ORIGINAL, artwork_storage
from artwork.models import Artwork
from artwork.selectors.family import Portfolio
from core.pdf_text import printable
from core.school_time import school_today

# The room kept under a piece's picture, for the footer.
BOTTOM_MARGIN = 20


def _day(day: date) -> str:
    # The month's name and the order of day, month and year, in the reader's language.
    return date_format(day, gettext("F j, Y"))


def _first_name(portfolio: Portfolio) -> str:
    participant = portfolio.participant
    return participant.first_name or participant.name or gettext("Your child")


def _portfolio_of(name: str) -> str:
    return gettext("%(name)s's portfolio") % {"name": name}


class _PortfolioPdf(FPDF):
    def footer(self):
        self.set_y(-15)
        self.set_font("Helvetica", size=8)
        footer = gettext("%(school)s - page %(page)s") % {
            "school": settings.SCHOOL_NAME,
            "page": self.page_no(),
        }
        self.cell(0, 10, printable(footer), align="C")

    def text_line(self, text: str, *, size: int = 11, style: str = "", height: float = 6):
        self.set_font("Helvetica", style=style, size=size)
        self.multi_cell(0, height, printable(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def _picture(artwork: Artwork) -> bytes | None:
    """The piece's stored JPEG; None when the storage has lost it (the page says so)."""
    try:
        with artwork_storage().open(f"{artwork.image_stem}/{ORIGINAL}", "rb") as stored:
            return stored.read()
    except OSError:
        return None


def _cover(pdf: _PortfolioPdf, portfolio: Portfolio) -> None:
    pdf.add_page()
    pdf.text_line(settings.SCHOOL_NAME, size=14, style="B", height=8)
    pdf.ln(30)
    pdf.text_line(_portfolio_of(_first_name(portfolio)), size=26, style="B", height=12)
    season = portfolio.season.name if portfolio.season else gettext("Every season")
    pdf.text_line(season, size=16, height=9)
    pdf.ln(6)
    count = len(portfolio.pieces)
    pieces = ngettext("%(count)s piece", "%(count)s pieces", count) % {"count": count}
    pdf.text_line(pieces if count else gettext("No pieces yet."))
    pdf.text_line(gettext("Made on %(day)s") % {"day": _day(school_today())}, size=9)


def _piece_page(pdf: _PortfolioPdf, artwork: Artwork) -> None:
    pdf.add_page()
    pdf.text_line(artwork.title or gettext("Untitled"), size=18, style="B", height=9)
    pdf.text_line(artwork.camp_class.name, size=12)
    pdf.text_line(_day(artwork.taken_on), size=11)
    pdf.ln(4)
    picture = _picture(artwork)
    if picture is None:
        pdf.text_line(gettext("The picture of this piece could not be read."), size=10)
        return
    top = pdf.get_y()
    pdf.image(
        io.BytesIO(picture),
        x=pdf.l_margin,
        y=top,
        w=pdf.epw,
        h=pdf.h - top - BOTTOM_MARGIN,
        keep_aspect_ratio=True,
    )


def portfolio_pdf(portfolio: Portfolio) -> bytes:
    """The portfolio as a PDF: its cover, then a page per piece."""
    pdf = _PortfolioPdf(format="letter")
    name = _first_name(portfolio)
    pdf.set_title(printable(f"{settings.SCHOOL_NAME}: {_portfolio_of(name)}"))
    pdf.set_author(printable(settings.SCHOOL_NAME))
    pdf.set_auto_page_break(auto=True, margin=BOTTOM_MARGIN)
    _cover(pdf, portfolio)
    for artwork in portfolio.pieces:
        _piece_page(pdf, artwork)
    return bytes(pdf.output())
