import { Link } from "react-router-dom";
import { t } from "ttag";

import { useSitePage } from "../../../api/sitePages";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { paths } from "../../../config/paths";
import { useTitle } from "../../../hooks/useTitle";
import { LOCALE } from "../../../lib/language";
import { PageText } from "../components/PageText";

// One chunk for every page of the footer: one lazy route entry fewer in the first load.
export { ContactPage } from "./ContactPage";

const lastChange = new Intl.DateTimeFormat(LOCALE, {
  year: "numeric",
  month: "long",
  day: "numeric",
});

/*
 * One of the school's pages that admins write in the back office. `title` is the footer's name
 * for it, shown in the tab until the page's own title arrives; `showLastChange` dates the
 * policies, whose readers want to know which version they read.
 */
function SchoolPage({ slug, title, showLastChange = false, children }) {
  const { page, error } = useSitePage(slug);
  useTitle(page?.title ?? title);

  let content;
  if (page) {
    const updated = page.updatedAt ? lastChange.format(new Date(page.updatedAt)) : null;
    content = (
      <article aria-labelledby="school-page-heading">
        <h1 id="school-page-heading" className="mb-3 text-break">
          {page.title}
        </h1>
        {showLastChange && page.updatedAt && (
          <p className="text-body-secondary small">{t`Last updated ${updated}`}</p>
        )}
        <PageText body={page.body} />
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
  return <SchoolPage slug="terms" title={t`Terms of use`} showLastChange />;
}

export function PrivacyPage() {
  return <SchoolPage slug="privacy" title={t`Privacy policy`} showLastChange />;
}

export function CookiesPage() {
  return <SchoolPage slug="cookies" title={t`Cookie policy`} showLastChange />;
}
