import { Link } from "react-router-dom";

import { useSitePage } from "../../../api/sitePages";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
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
 * for it, shown in the tab until the page's own title arrives; `showLastChange` dates the
 * policies, whose readers want to know which version they read.
 */
function SchoolPage({ slug, title, showLastChange = false, children }) {
  const { page, error } = useSitePage(slug);
  useTitle(page?.title ?? title);

  let content;
  if (page) {
    content = (
      <article aria-labelledby="school-page-heading">
        <h1 id="school-page-heading" className="mb-3 text-break">
          {page.title}
        </h1>
        {showLastChange && page.updatedAt && (
          <p className="text-body-secondary small">
            Last updated {lastChange.format(new Date(page.updatedAt))}
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
  return <SchoolPage slug="terms" title="Terms of use" showLastChange />;
}

export function PrivacyPage() {
  return <SchoolPage slug="privacy" title="Privacy policy" showLastChange />;
}

export function CookiesPage() {
  return <SchoolPage slug="cookies" title="Cookie policy" showLastChange />;
}
