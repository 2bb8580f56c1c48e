import { useId } from "react";
import { t } from "ttag";

import { Dialog } from "../../../components/ui/Dialog";
import { SelectButton } from "./SelectButton";

function Choice({ choice, autoFocus, onChoose }) {
  const reasonId = useId();
  return (
    <li>
      <SelectButton
        className="btn btn-outline-primary w-100 text-start"
        off={!choice.canTake}
        describedBy={choice.reason ? reasonId : undefined}
        autoFocus={autoFocus}
        onPress={() => onChoose(choice.participant)}
      >
        {choice.label}
      </SelectButton>
      {choice.reason && (
        <p id={reasonId} className="small text-body-secondary mt-1 mb-0">
          {choice.reason}
        </p>
      )}
    </li>
  );
}

/*
 * Asked when a family of several presses Select: whom is the class for? Each participant is a
 * button (`choices` from selectAvailability); one who cannot take the class is off but still
 * reachable, with the reason beside it. Keyboard users start on the first who can. Joining a
 * waitlist asks the same (`title` says so, `choices` from waitlistChoices).
 */
export function ForWhomDialog({ classItem, choices, onChoose, onClose, title }) {
  const first = choices.find((choice) => choice.canTake);
  return (
    <Dialog
      title={title ?? t`Who is ${classItem.nameClass} for?`}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t`Cancel`}
        </button>
      }
    >
      <ul className="list-unstyled d-grid gap-3 mb-0">
        {choices.map((choice) => (
          <Choice
            key={choice.participant._id}
            choice={choice}
            autoFocus={choice === first}
            onChoose={onChoose}
          />
        ))}
      </ul>
    </Dialog>
  );
}
