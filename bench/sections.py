"""docs/performance.md is written by more than one command: each owns a part of its own.

`make bench` writes the page; another command writes a section between two markers,
`<!-- name -->` and `<!-- /name -->`, which `make bench` keeps when it writes the page again.
"""

import re

MARKED = re.compile(r"<!-- (?P<name>[a-z][a-z0-9-]*) -->\n.*?<!-- /(?P=name) -->\n", re.DOTALL)


def marked(name: str, body: str) -> str:
    """`body` between the markers of the section called `name`."""
    return f"<!-- {name} -->\n{body.rstrip()}\n<!-- /{name} -->\n"


def section_put(page: str, name: str, body: str) -> str:
    """The page with its section `name` replaced by `body`, or added at its end."""
    section = marked(name, body)
    for found in MARKED.finditer(page):
        if found["name"] == name:
            return page[: found.start()] + section + page[found.end() :]
    return page.rstrip("\n") + "\n\n" + section if page.strip() else section


def sections_kept(old_page: str, new_page: str) -> str:
    """The new page, with every marked section of the old page that it lacks added back."""
    present = {found["name"] for found in MARKED.finditer(new_page)}
    page = new_page
    for found in MARKED.finditer(old_page):
        if found["name"] not in present:
            page = page.rstrip("\n") + "\n\n" + found.group(0)
    return page
