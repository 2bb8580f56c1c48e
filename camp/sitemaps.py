"""The sitemap: the pages search engines should know, with each class's last change, and the
gallery's pictures (Google's image extension) of the pieces the public may see now.

Built by django.contrib.sitemaps from the request's own host and scheme (without the sites
framework the sitemap views use a RequestSite), as robots.txt names it.
"""

from django.contrib.sitemaps import Sitemap
from django.db.models import Max
from django.urls import reverse

from artwork.files import picture_sources
from artwork.selectors.gallery import sitemap_pieces
from classes.selectors import sitemap_classes, sitemap_instructors

GALLERY_PAGE = "/gallery"
# The browser app's public lists (frontend/src/config/paths.js), in the order a visitor meets them.
LIST_PAGES = ("/", "/all-classes", "/all-instructors", GALLERY_PAGE)
# The school's own pages, in the footer's order (their text is in the pages app).
SCHOOL_PAGES = ("/about", "/contact", "/terms", "/privacy", "/cookies", "/accessibility")


class ListPagesSitemap(Sitemap):
    def items(self):
        return LIST_PAGES + SCHOOL_PAGES

    def location(self, path: str) -> str:
        return path

    def get_urls(self, page=1, site=None, protocol=None):
        urls = super().get_urls(page=page, site=site, protocol=protocol)
        origin = f"{self.get_protocol(protocol)}://{self.get_domain(site)}"
        for url in urls:
            if url["item"] == GALLERY_PAGE:
                url["pictures"] = [origin + src for src in gallery_pictures()]
        return urls


# As many pictures as one page's entry may name (Google's image sitemaps).
MOST_PICTURES = 1_000


def gallery_pictures() -> list[str]:
    """The newest public pieces' pictures, as the gallery shows them (the largest copy): a
    piece the public may not see is never named here."""
    return [
        picture_sources(piece, keyed=False)["src"] for piece in sitemap_pieces()[:MOST_PICTURES]
    ]


class ClassesSitemap(Sitemap):
    """Every approved class's page; a class under review or denied has none."""

    def items(self):
        return sitemap_classes()

    def location(self, camp_class) -> str:
        return reverse("class-page", args=[camp_class.pk])

    def lastmod(self, camp_class):
        return camp_class.updated_at

    def get_latest_lastmod(self):
        # One query, rather than Django's default of reading every class for its maximum.
        return self.items().aggregate(latest=Max("updated_at"))["latest"]


class InstructorsSitemap(Sitemap):
    """The page of every instructor who teaches an approved class."""

    def items(self):
        return sitemap_instructors()

    def location(self, instructor) -> str:
        return reverse("instructor-page", args=[instructor.pk])


SITEMAPS = {
    "pages": ListPagesSitemap,
    "classes": ClassesSitemap,
    "instructors": InstructorsSitemap,
}
