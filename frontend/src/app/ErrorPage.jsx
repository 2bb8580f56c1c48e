import { Component } from "react";
import { Link } from "react-router-dom";
import { t } from "ttag";

import { PageShell } from "../components/layout/PageShell";
import { paths } from "../config/paths";
import { useTitle } from "../hooks/useTitle";

// Spec: the status defaults to 404; the message is the error's own. A path no route names has
// no error: it is "Not Found".
function describe(error) {
  return { status: error?.status || 404, message: error?.message || t`Not Found` };
}

export function ErrorPage({ error = null }) {
  const { status, message } = describe(error);
  useTitle(status === 404 ? t`Page not found` : t`Something went wrong`);

  return (
    <PageShell>
      <section className="container py-5 text-center" aria-labelledby="error-heading">
        <p className="display-1 fw-bold text-primary mb-0">{status}</p>
        <h1 id="error-heading" className="h2 mb-3">
          {message}
        </h1>
        <p className="text-body-secondary mb-4">
          {t`The page you were looking for could not be shown.`}
        </p>
        <Link className="btn btn-primary" to={paths.home}>
          {t`Back to the Homepage`}
        </Link>
      </section>
    </PageShell>
  );
}

/*
 * An error while drawing a page (or fetching its module) shows the error page in its place,
 * until the person moves to another page.
 */
export class RouteErrorBoundary extends Component {
  state = { error: null };

  static getDerivedStateFromError(error) {
    return { error };
  }

  componentDidUpdate(previous) {
    if (this.state.error && previous.location !== this.props.location) {
      this.setState({ error: null });
    }
  }

  render() {
    return this.state.error ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
