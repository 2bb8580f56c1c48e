import { useEffect, useRef, useState } from "react";
import { t } from "ttag";

import { contact } from "../../../components/layout/Footer";
import { useTitle } from "../../../hooks/useTitle";
import { ContactForm } from "../components/ContactForm";

const FALLBACK_THANKS = t`Thank you! Your message has reached the school.`;

/*
 * Contact: a form that reaches the school's office by e-mail (and its back office), beside the
 * school's address and phone. Once sent, the thanks replaces the form and takes the focus, so
 * a screen reader hears it and the keyboard is not left on a button that is gone.
 */
export function ContactPage() {
  useTitle(t`Contact us`);
  const [thanks, setThanks] = useState("");
  const [sentBefore, setSentBefore] = useState(false);
  const thanksRef = useRef(null);

  useEffect(() => {
    if (thanks) thanksRef.current?.focus();
  }, [thanks]);

  return (
    <div className="container py-5">
      <div className="row g-5">
        <section className="col-lg-7" aria-labelledby="contact-heading">
          <h1 id="contact-heading" className="mb-3">
            {t`Contact us`}
          </h1>
          <p className="text-body-secondary">
            {t`Questions about a class, enrolling, payments or anything else? Write to us and the school's office answers by e-mail, usually within two working days.`}
          </p>
          {thanks ? (
            <div className="alert alert-success" role="status" tabIndex={-1} ref={thanksRef}>
              <p className="mb-2">{thanks}</p>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={() => {
                  setSentBefore(true);
                  setThanks("");
                }}
              >
                {t`Write another message`}
              </button>
            </div>
          ) : (
            <ContactForm
              focusFirstField={sentBefore}
              onSent={(message) => setThanks(message || FALLBACK_THANKS)}
            />
          )}
        </section>
        <aside className="col-lg-5" aria-labelledby="visit-heading">
          <h2 id="visit-heading" className="h4">
            {t`Visit or call`}
          </h2>
          <address className="mb-0">
            {contact.street}
            <br />
            {contact.city}
            <br />
            <a href={contact.phoneHref}>{contact.phone}</a>
          </address>
        </aside>
      </div>
    </div>
  );
}
