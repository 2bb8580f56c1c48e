"""The first text of each school page: what the data migration seeds, and what a page shows
should its row ever be missing. Admins rewrite it in the back office; the retention periods
and promises here are the school's to confirm before it opens.

Bodies use the small format of `SitePage.body`: paragraphs between blank lines, "## " headings,
"- " list items.
"""

# Prose: each paragraph is one line, as an admin would type it in the back office.
# ruff: noqa: E501

from pages.models import PageSlug

ABOUT = """\
Since 2003, Camp Art & Craft School has given young makers a summer place to learn art and craft by doing it. What began as one painting class in a borrowed classroom is now a school of working artists who teach painting, drawing, pottery, weaving, paper craft, woodwork and more.

## How we teach

- Small groups: every class keeps a handful of seats, so each camper gets real time with the instructor.
- Hands-on from the first day: campers learn by making, and take their work home.
- Working artists: our instructors exhibit, sell and teach their craft all year round.
- Every level: from a first brush stroke to a finished portfolio piece, with classes for children, teens and adults.

## How a summer works

Instructors propose their classes in the spring, and the school reviews each one before it is listed. Families choose classes on All Classes, select them for each child, and pay online to take a seat. When a class is full, you can join its waitlist, and we offer a freed seat to the first family waiting.

## Visit us

Our studios are at 1250 Maple Avenue, Portland. Write to us through the Contact page, or call +1 (503) 555-0143. We look forward to making things with you."""

TERMS = """\
These terms apply to everyone who uses this site: families who enrol in classes, instructors who teach them, and visitors who browse. By creating an account you accept them.

## Accounts

You are responsible for your account and for keeping your sign-in details to yourself. An account holder is an adult; children take part through their parent's or guardian's account, who enrols them and acts for them.

## Enrolling and paying

- A seat is yours once your payment succeeds; while you pay, the seat is held for you for a few minutes.
- Prices are shown on each class and charged in US dollars. Card details go straight to our payment provider, Stripe.
- Classes have age ranges; we check a child's age on the first day of the class against the date of birth you give.

## Cancellations and refunds

You can cancel an enrolment from My Enrolled Classes until the class ends. The refund follows the refund policy shown beside Pay when you paid. If the school cancels a class, you get a full refund.

## Behaviour in class

We want every studio to be safe and kind. Instructors may ask a camper who puts others at risk to leave a session; we will talk with the family the same day.

## Instructors

Instructors are responsible for what they write about their classes, and for the pictures they upload. The school reviews each class before it is listed and may decline or cancel one.

## Changes

We may update these terms; the date of the last change is shown on this page. Questions are welcome through the Contact page."""

PRIVACY = """\
We run a school for children, so we take care with what we know about them. This page says what we keep, who sees it, how long we keep it, and how you can have a copy or have it removed.

## What we keep about children

When you add a child to your family, we keep:

- their first and last name;
- their date of birth, to check the age range of the classes you choose for them;
- the notes you write for the instructor;
- the name and phone number of their emergency contact;
- their care record: allergies and what to do, medications, medical conditions, dietary needs and their doctor (the medical part, kept encrypted), their emergency contacts, who may collect them, whether they may leave on their own, and whether they may be photographed; with every earlier version of it;
- the school's policies you accepted for them and for your family: the version, the name you typed, when, and from which address and browser;
- the classes they are selected for, enrolled in or waiting for.

## What we keep about you

Your name, e-mail address and photo if you give one; your family's selections, enrolments, waitlist places and payments; and the messages you send us. Card numbers never reach us: they go straight to Stripe, our payment provider, and we keep only the payment's reference and amount.

## Who sees it

- You, the family: everything about your own family, on My Family and in your dashboard.
- The instructor of a class: for each child who holds a seat in it, their name, date of birth and age, notes, emergency contact, and your name and e-mail; from the care record, their allergies and what to do, the medication given at camp, emergency contacts, who may collect them and photo consent, but not their medical conditions, diet or doctor unless the school marks the class as needing them; only for their own classes, and only while the child holds a seat.
- The school's admins, who run enrolments, refunds and safety.

Each time an instructor or admin opens a child's care record, we note who and when, and you can see that list on the child's care record page.

Nobody else sees a child's details. We do not sell or share your data for advertising. We send e-mail through our mail provider and payments through Stripe, only to do those jobs.

## How long we keep it

We keep your family's details while your account is open. The medical part of a child's care record is erased a year after their last class ended. When you remove a child from My Family, their name, date of birth, notes, emergency contact and care record are deleted at once; their past enrolments and payments stay on record under the name they were paid for. Payment records are kept for seven years, as tax law requires. Messages sent through the Contact page are kept for up to two years.

## A copy of your data

Signed in, open My Family and press Download my data: you get a copy of everything we keep about your family (your account, your children and their care records, the policies you accepted, their selections, enrolments and payments) as one file. The same copy is at GET /api/account/export for your own tools.

## Having it removed

You can remove a child yourself on My Family once they hold no seat for a class to come. To close your account and have your family's details removed, write to us through the Contact page; we do it within 30 days and tell you when it is done, keeping only the payment records the law requires.

## Questions

Write to us through the Contact page about anything on this page."""

COOKIES = """\
This site keeps very little in your browser, and nothing for advertising or tracking.

## What we keep in your browser

- Your sign-in: when you log in, the site keeps your session in your browser's local storage (an access token and a note that you are signed in), and our sign-in provider, Firebase, keeps its own sign-in record there too. Log Out removes them.
- Your theme: the choice of light or dark, in local storage, so the next page opens the way you like it.
- The back office: admins who open it get a session cookie and a security (CSRF) cookie from it.

## On the payment page

The payment page loads Stripe, our payment provider, to take your card safely. Stripe sets its own cookies there to prevent fraud; they are Stripe's, described in Stripe's own cookie policy. No other page loads Stripe.

## No tracking

We use no analytics, advertising or social media cookies. The social links in the footer take you to those sites only when you press them.

## Clearing them

You can clear this site's storage and cookies in your browser's settings at any time; you will then need to log in again."""

ACCESSIBILITY = """\
We want everyone to be able to find a class, enrol a child and run a class on this site: people who use a screen reader, a keyboard alone, voice control, a magnifier or a phone.

## What the site meets

This site aims to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA. Every page works in the light and the dark theme, on a phone and on a laptop, and follows your device's setting for reduced motion.

## How we test it

- Automated checks: every page, in both themes and at a phone's and a laptop's width, is checked with axe-core against the WCAG 2.1 A and AA rules each time the site changes; a change that breaks one is not released.
- Keyboard checks: we complete real tasks (logging in, adding a child, saving a profile) with the keyboard alone, checking that the focus is always visible, moves in reading order, stays inside an open dialog and comes back when it closes.
- Announcements: your place in the waiting room's line, the total at checkout and form errors are announced by screen readers, each error next to its field.

## Known limits

- Pictures of classes and artwork are described by the words their instructors give them, which may be short.
- The card field on the payment page is provided by Stripe, our payment provider; we do not control its markup.
- Documents the school sends by e-mail outside this site may not meet the same standard.

## Asking for help or another format

If something on this site is hard for you to use, or you need information in another format (large print, a phone call, a plain-text e-mail), tell us. We answer within two working days and can enrol a child for you over the phone.

## Our review

We review this statement whenever the site changes in a way that touches it, and at least once a year; the date of the last review is shown on this page."""

SEED_PAGES: dict[str, tuple[str, str]] = {
    PageSlug.ABOUT: (PageSlug.ABOUT.label, ABOUT),
    PageSlug.TERMS: (PageSlug.TERMS.label, TERMS),
    PageSlug.PRIVACY: (PageSlug.PRIVACY.label, PRIVACY),
    PageSlug.COOKIES: (PageSlug.COOKIES.label, COOKIES),
    PageSlug.ACCESSIBILITY: (PageSlug.ACCESSIBILITY.label, ACCESSIBILITY),
}
