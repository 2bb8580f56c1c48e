import { Link, isRouteErrorResponse, useRouteError } from "react-router-dom";

import { PageShell } from "../components/layout/PageShell";
import { paths } from "../config/paths";
import { useTitle } from "../hooks/useTitle";

// Spec: the status defaults to 404; the message is the router's status text or the error's own.
function describe(error) {
  if (isRouteErrorResponse(error)) {
    return { status: error.status, message: error.statusText || "Not Found" };
  }
  return { status: error?.status || 404, message: error?.message || "Not Found" };
}

export function ErrorPage() {
  const { status, message } = describe(useRouteError());
  useTitle(status === 404 ? "Page not found" : "Something went wrong");

  return (
    <PageShell>
      <section className="container py-5 text-center" aria-labelledby="error-heading">
        <p className="display-1 fw-bold text-primary mb-0">{status}</p>
        <h1 id="error-heading" className="h2 mb-3">
          {message}
        </h1>
        <p className="text-body-secondary mb-4">
          The page you were looking for could not be shown.
        </p>
        <Link className="btn btn-primary" to={paths.home}>
          Back to the Homepage
        </Link>
      </section>
    </PageShell>
  );
}
