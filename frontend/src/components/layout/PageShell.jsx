import { Footer } from "./Footer";
import { Navbar } from "./Navbar";

// Navigation bar, main content and footer: every public page, and the error page, sit inside it.
export function PageShell({ children }) {
  return (
    <div className="d-flex flex-column min-vh-100">
      <a className="visually-hidden-focusable btn btn-primary position-absolute m-2" href="#main">
        Skip to main content
      </a>
      <Navbar />
      <main id="main" className="flex-grow-1" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
