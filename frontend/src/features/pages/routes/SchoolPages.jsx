import { Link } from "react-router-dom";

import { useSitePage } from "../../../api/sitePages";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { contact } from "../../../components/layout/Footer";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { PageText } from "../components/PageText";

// One chunk for every page of the footer: one lazy route entry fewer in the first load.
export { ContactPage } from "./ContactPage";

const lastChange = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
});

/*
 * One of the school's pages that admins write in the back office. `title` is the footer's name
 * for it, shown in the tab until the page's own title arrives; `lastChange` dates the policies
 * (their readers want to know which version they read) with the words that precede the date.
 */
function SchoolPage({ slug, title, lastChange: lastChangeWords = null, children }) {
  const { page, error } = useSitePage(slug);
  useTitle(page?.title ?? title);

  let content;
  if (page) {
    content = (
      <article aria-labelledby="school-page-heading">
        <h1 id="school-page-heading" className="mb-3 text-break">
          {page.title}
        </h1>
        {lastChangeWords && page.updatedAt && (
          <p className="text-body-secondary small">
            {lastChangeWords} {lastChange.format(new Date(page.updatedAt))}
          </p>
        )}
        <PageText body={page.body} />
        {children}
      </article>
    );
  } else if (error) {
    content = (
      <>
        <h1 className="mb-3">{title}</h1>
        <ErrorAlert title="This page could not be loaded." error={error} />
      </>
    );
  } else {
    content = <Loading label={`Loading ${title}…`} />;
  }
  return (
    <div className="container py-5">
      <div className="school-page mx-auto">{content}</div>
    </div>
  );
}

export function AboutPage() {
  return (
    <SchoolPage slug="about" title="About us">
      <div className="d-flex flex-wrap gap-2 mt-4">
        <Link className="btn btn-primary" to={paths.classes}>
          See the classes
        </Link>
        <Link className="btn btn-outline-primary" to={paths.contact}>
          Contact us
        </Link>
      </div>
    </SchoolPage>
  );
}

export function TermsPage() {
  return <SchoolPage slug="terms" title="Terms of use" lastChange="Last updated" />;
}

export function PrivacyPage() {
  return <SchoolPage slug="privacy" title="Privacy policy" lastChange="Last updated" />;
}

export function CookiesPage() {
  return <SchoolPage slug="cookies" title="Cookie policy" lastChange="Last updated" />;
}

/*
 * The accessibility statement: the school's words, then how to reach the office, with the same
 * address, phone and e-mail as Contact and the footer. Its date is the statement's last saving
 * in the back office, which is when the school last reviewed it.
 */
export function AccessibilityPage() {
  return (
    <SchoolPage slug="accessibility" title="Accessibility statement" lastChange="Last reviewed">
      <section className="mt-4" aria-labelledby="accessibility-contact-heading">
        <h2 id="accessibility-contact-heading" className="h4">
          Contact the school
        </h2>
        <ul className="list-unstyled">
          <li>
            E-mail: <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </li>
          <li>
            Phone: <a href={contact.phoneHref}>{contact.phone}</a>
          </li>
          <li>
            Post: {contact.street}, {contact.city}
          </li>
        </ul>
        <Link className="btn btn-outline-primary" to={paths.contact}>
          Write to us
        </Link>
      </section>
    </SchoolPage>
  );
}
