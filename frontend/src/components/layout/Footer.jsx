import { Link } from "react-router-dom";
import { t } from "ttag";

import { config } from "../../config/config";
import { paths } from "../../config/paths";
import { Logo } from "./Logo";
import { siteLinks } from "./Navbar";

export const contact = {
  street: "1250 Maple Avenue",
  city: "Portland, OR 97205",
  phone: "+1 (503) 555-0143",
  phoneHref: "tel:+15035550143",
  email: "hello@camp-artschool.example",
};

function FacebookIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H7.9v3h2.6V21h3z" />
    </svg>
  );
}

function InstagramIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.8" fill="currentColor" stroke="none" />
    </svg>
  );
}

function YouTubeIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d="M21.6 7.2a2.6 2.6 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.6 2.6 0 0 0 2.4 7.2 27 27 0 0 0 2 12a27 27 0 0 0 .4 4.8 2.6 2.6 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.6 2.6 0 0 0 1.8-1.8A27 27 0 0 0 22 12a27 27 0 0 0-.4-4.8zM10 15V9l5.2 3-5.2 3z" />
    </svg>
  );
}

const socialLinks = [
  { name: "Facebook", href: "https://www.facebook.com/", Icon: FacebookIcon },
  { name: "Instagram", href: "https://www.instagram.com/", Icon: InstagramIcon },
  { name: "YouTube", href: "https://www.youtube.com/", Icon: YouTubeIcon },
];

// The school's own pages, whose text admins write in the back office.
const schoolLinks = {
  [t`School`]: [
    { to: paths.about, label: t`About us` },
    { to: paths.contact, label: t`Contact` },
  ],
  [t`Legal`]: [
    { to: paths.terms, label: t`Terms of use` },
    { to: paths.privacy, label: t`Privacy policy` },
    { to: paths.cookies, label: t`Cookie policy` },
    { to: paths.accessibility, label: t`Accessibility` },
  ],
};

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer bg-body-tertiary border-top mt-5">
      <div className="container py-5">
        <div className="row g-4">
          <div className="col-12 col-lg-4">
            <p className="h4 mb-2">
              <Logo />
            </p>
            <p className="text-body-secondary">
              {t`Summer camp art and craft learning school, providing practical training since 2003.`}
            </p>
            <ul className="list-unstyled d-flex gap-2 mb-0">
              {socialLinks.map(({ name, href, Icon }) => (
                <li key={name}>
                  <a
                    className="btn btn-outline-secondary d-inline-flex p-2"
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t`${config.siteName} on ${name} (opens in a new tab)`}
                  >
                    <Icon />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <nav className="col-6 col-md-4 col-lg-2" aria-label={t`Footer`}>
            <h2 className="h6 text-uppercase">{t`Explore`}</h2>
            <ul className="list-unstyled mb-0">
              {siteLinks.map(({ to, label }) => (
                <li key={to} className="mb-1">
                  <Link to={to}>{label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          {Object.entries(schoolLinks).map(([heading, links]) => (
            <div className="col-6 col-md-4 col-lg-2" key={heading}>
              <h2 className="h6 text-uppercase">{heading}</h2>
              <ul className="list-unstyled mb-0">
                {links.map(({ to, label }) => (
                  <li key={to} className="mb-1">
                    <Link to={to}>{label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className="col-12 col-md-4 col-lg-2">
            <h2 className="h6 text-uppercase">{t`Contact us`}</h2>
            <address className="mb-0">
              {contact.street}
              <br />
              {contact.city}
              <br />
              <a href={contact.phoneHref}>{contact.phone}</a>
              <br />
              <a href={`mailto:${contact.email}`} className="text-break">
                {contact.email}
              </a>
            </address>
          </div>
        </div>
      </div>
      <div className="border-top">
        <p className="container py-3 mb-0 small text-body-secondary">
          {t`© ${year} ${config.siteName}. All rights reserved.`}
        </p>
      </div>
    </footer>
  );
}
