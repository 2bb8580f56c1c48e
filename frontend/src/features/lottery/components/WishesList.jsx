import { t } from "ttag";

import { friendsPlacedWords } from "./friendsWords";
import { classNameOf, namesInWords, personName } from "./lotteryWords";

/*
 * The family's wishes as they stand, to read (before the window opens, once it has closed, after
 * the draw): each person's classes in order, who is placed together, and with which friends.
 */
export function WishesList({ people, wishes, classesById, headingLevel = 2 }) {
  const Heading = `h${headingLevel}`;
  const nameOf = (id) => {
    const person = people.find((candidate) => candidate._id === id);
    return person ? personName(person) : t`A child of your family`;
  };
  const wished = wishes.children.filter((child) => child.choices.length > 0);
  return (
    <section aria-labelledby="wishes-list-heading" className="mb-4">
      <Heading id="wishes-list-heading" className="h4">
        {t`Your wishes`}
      </Heading>
      {wished.length === 0 ? (
        <p className="text-body-secondary">{t`Your family made no wishes.`}</p>
      ) : (
        wished.map((child) => {
          const name = nameOf(child.participantId);
          return (
            <div key={child.participantId} className="mb-3">
              <p className="fw-semibold mb-1">{name}</p>
              <ol className="mb-0" aria-label={t`Wishes for ${name}`}>
                {child.choices.map((classId) => (
                  <li key={classId}>{classNameOf(classesById, classId)}</li>
                ))}
              </ol>
            </div>
          );
        })
      )}
      {wishes.together.map((group) => {
        const names = namesInWords(group.map(nameOf));
        return (
          <p key={group.join(" ")} className="mb-0">
            {t`Placed together: ${names}.`}
          </p>
        );
      })}
      {wishes.friends?.status === "confirmed" && (
        <p className="mb-0">{friendsPlacedWords(wishes.friends, people)}</p>
      )}
    </section>
  );
}
