"""Moving about a page with the keyboard alone, as the keyboard tests do: what has the focus,
and pressing Tab until a named control has it."""

import re

from playwright.sync_api import Page

# What a keyboard user's screen reader would call the focused element, and what it is.
_FOCUSED = """() => {
    const el = document.activeElement;
    const label = el.labels && el.labels.length ? el.labels[0].innerText : "";
    return {
        tag: el.tagName,
        role: el.getAttribute("role") || "",
        name: (el.getAttribute("aria-label") || label || el.getAttribute("placeholder")
            || el.innerText || "").trim().replace(/\\s+/g, " "),
        disabled: Boolean(el.disabled),
    };
}"""


def focused(page: Page) -> dict:
    return page.evaluate(_FOCUSED)


def tab_to(page: Page, name: str | re.Pattern, *, backwards: bool = False, most: int = 60) -> None:
    """Press Tab (Shift+Tab backwards) until the focused element is called `name`."""
    key = "Shift+Tab" if backwards else "Tab"
    for _ in range(most):
        page.keyboard.press(key)
        now = focused(page)["name"]
        if name.search(now) if isinstance(name, re.Pattern) else now == name:
            return
    raise AssertionError(f"{name!r} is not {most} presses of {key} away")


# Where the focused element stands in the page's order, and whether the keyboard user sees it:
# once its ring has faded in, an outline or a ring (a box shadow) is drawn. In a date input the
# focus is on its month, day or year (the input matches :focus and draws the field's ring), then
# on its calendar button, which Chromium rings itself out of the page's styles' reach (the input
# no longer matches :focus then).
_FOCUS_SEEN = """async () => {
    const el = document.activeElement;
    await Promise.all(el.getAnimations().map((a) => a.finished.catch(() => null)));
    const style = getComputedStyle(el);
    const outlined = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const calendarButton = el.type === "date" && !el.matches(":focus");
    return {
        order: [...document.querySelectorAll("*")].indexOf(el),
        visible: el !== document.body
            && (outlined || style.boxShadow !== "none" || calendarButton),
    };
}"""


def focus_seen(page: Page) -> dict:
    return page.evaluate(_FOCUS_SEEN)


def tab_through(page: Page, count: int) -> list[str]:
    """Press Tab `count` times, each time checking that the focus is drawn and moved forward in
    the page's order (or stayed on a date input, whose day, month and year take a Tab each):
    the names of the controls it passed through, once each."""
    names = [focused(page)["name"]]
    before = focus_seen(page)["order"]
    for _ in range(count):
        page.keyboard.press("Tab")
        seen = focus_seen(page)
        assert seen["visible"], f"No focus ring on {focused(page)}"
        assert seen["order"] >= before, f"The focus went back up the page to {focused(page)}"
        before = seen["order"]
        name = focused(page)["name"]
        if name != names[-1]:
            names.append(name)
    return names
