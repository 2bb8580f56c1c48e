import { Link } from "react-router-dom";
import { jt, t } from "ttag";

import { useSitePage } from "../../../api/sitePages";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { contact } from "../../../components/layout/Footer";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { SCHOOL_LANGUAGE } from "../../../lib/language";
import { formatSchoolDay } from "../../../lib/schoolClock";
import { PageText } from "../components/PageText";

// One chunk for every page of the footer but Contact: one lazy route entry fewer in the first
// load.

/*
 * One of the school's pages that admins write in the back office, in the school's language.
 * `title` is the footer's name for it, shown in the tab until the page's own title arrives;
 * `dated` dates the policies (their readers want to know which version they read), "updated",
 * or "reviewed" for the statement.
 */
function SchoolPage({ slug, title, dated = null, children }) {
  const { page, error } = useSitePage(slug);
  useTitle(page?.title ?? title);

  let content;
  if (page) {
    // Only the dated pages write a date: About, the most read, loads no date data for it.
    const updated = dated && page.updatedAt ? formatSchoolDay(page.updatedAt) : null;
    content = (
      <article aria-labelledby="school-page-heading">
        <h1 id="school-page-heading" className="mb-3 text-break" lang={SCHOOL_LANGUAGE}>
          {page.title}
        </h1>
        {dated && page.updatedAt && (
          <p className="text-body-secondary small">
            {dated === "reviewed" ? t`Last reviewed ${updated}` : t`Last updated ${updated}`}
          </p>
        )}
        <div lang={SCHOOL_LANGUAGE}>
          <PageText body={page.body} />
        </div>
        {children}
      </article>
    );
  } else if (error) {
    content = (
      <>
        <h1 className="mb-3">{title}</h1>
        <ErrorAlert title={t`This page could not be loaded.`} error={error} />
      </>
    );
  } else {
    content = <Loading label={t`Loading ${title}…`} />;
  }
  return (
    <div className="container py-5">
      <div className="school-page mx-auto">{content}</div>
    </div>
  );
}

export function AboutPage() {
  return (
    <SchoolPage slug="about" title={t`About us`}>
      <div className="d-flex flex-wrap gap-2 mt-4">
        <Link className="btn btn-primary" to={paths.classes}>
          {t`See the classes`}
        </Link>
        <Link className="btn btn-outline-primary" to={paths.contact}>
          {t`Contact us`}
        </Link>
      </div>
    </SchoolPage>
  );
}

export function TermsPage() {
  return <SchoolPage slug="terms" title={t`Terms of use`} dated="updated" />;
}

export function PrivacyPage() {
  return <SchoolPage slug="privacy" title={t`Privacy policy`} dated="updated" />;
}

export function CookiesPage() {
  return <SchoolPage slug="cookies" title={t`Cookie policy`} dated="updated" />;
}

/*
 * The accessibility statement: the school's words, then how to reach the office, with the same
 * address, phone and e-mail as Contact and the footer. Its date is the statement's last saving
 * in the back office, which is when the school last reviewed it.
 */
export function AccessibilityPage() {
  const email = (
    <a key="email" href={`mailto:${contact.email}`}>
      {contact.email}
    </a>
  );
  const phone = (
    <a key="phone" href={contact.phoneHref}>
      {contact.phone}
    </a>
  );
  const street = contact.street;
  const city = contact.city;
  return (
    <SchoolPage slug="accessibility" title={t`Accessibility statement`} dated="reviewed">
      <section className="mt-4" aria-labelledby="accessibility-contact-heading">
        <h2 id="accessibility-contact-heading" className="h4">
          {t`Contact the school`}
        </h2>
        <ul className="list-unstyled">
          <li>{jt`E-mail: ${email}`}</li>
          <li>{jt`Phone: ${phone}`}</li>
          <li>{t`Post: ${street}, ${city}`}</li>
        </ul>
        <Link className="btn btn-outline-primary" to={paths.contact}>
          {t`Write to us`}
        </Link>
      </section>
    </SchoolPage>
  );
}
