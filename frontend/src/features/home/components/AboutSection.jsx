import { Link } from "react-router-dom";
import { t } from "ttag";

import { paths } from "../../../config/paths";

const highlights = [
  {
    title: t`Small groups`,
    text: t`Every class keeps a handful of seats so each camper gets real time with the instructor.`,
  },
  {
    title: t`Hands-on from day one`,
    text: t`Campers learn by making: painting, pottery, weaving, paper craft and more.`,
  },
  {
    title: t`Working artists`,
    text: t`Our instructors exhibit, sell and teach their craft all year round.`,
  },
];

export function AboutSection() {
  return (
    <section className="py-5" aria-labelledby="about-heading">
      <div className="row g-4 align-items-center">
        <div className="col-lg-5">
          <h2 id="about-heading" className="mb-3">
            {t`About Us`}
          </h2>
          <p className="lead">
            {t`Since 2003 our summer camp has given young makers a place to learn art and craft by doing it.`}
          </p>
          <p className="text-body-secondary">
            {t`Each summer our instructors open classes for every level, from a first brush stroke to a finished portfolio piece. Campers choose the classes they like, and leave with new skills, new friends and work to be proud of.`}
          </p>
          {/* The spec's "button" leads to the About page, so it is a link that looks like one. */}
          <Link className="btn btn-primary" to={paths.about}>
            {t`More About Us`}
          </Link>
        </div>
        <div className="col-lg-7">
          <ul className="row row-cols-1 row-cols-md-3 g-3 list-unstyled mb-0">
            {highlights.map(({ title, text }) => (
              <li className="col" key={title}>
                <div className="h-100 p-3 rounded-3 border bg-body-tertiary">
                  <h3 className="h6 fw-bold">{title}</h3>
                  <p className="small mb-0">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
