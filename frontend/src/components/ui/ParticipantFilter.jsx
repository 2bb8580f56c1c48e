import { useId } from "react";
import { t } from "ttag";

/*
 * The participants that rows of a family's lists name (participantId, participantName), each
 * once, by name: the filter's choices, as {value, label}. A row without a participantId cannot
 * be asked for on its own, so it offers no choice.
 */
export function participantsNamedIn(...lists) {
  const names = new Map();
  for (const rows of lists) {
    for (const row of rows ?? []) {
      if (row.participantId === null || row.participantId === undefined) continue;
      const value = String(row.participantId);
      if (!names.has(value)) names.set(value, row.participantName || t`Participant ${value}`);
    }
  }
  return [...names]
    .map(([value, label]) => ({ value, label }))
    .sort((first, second) => first.label.localeCompare(second.label));
}

/*
 * "Show: Everyone / Mia Lopez / ..." above a family's list. `everyone` is the whole list, whose
 * rows name the family's participants; `shown` is the narrowed one on screen. A family whose rows
 * name one person has nothing to narrow, so nothing is drawn, unless a participant is chosen
 * already (a reload, a shared link): the way back to everyone stays in view.
 */
export function ParticipantFilter({ everyone, shown, participantId, onChange }) {
  const id = useId();
  const options = participantsNamedIn(everyone, shown);
  if (options.length < 2 && !participantId) return null;
  // A participant the rows do not name (a child no longer in the family) still shows as chosen.
  const listed = !participantId || options.some((option) => option.value === participantId);
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-4">
      <label htmlFor={id} className="form-label fw-semibold mb-0">
        {t`Show`}
      </label>
      <select
        id={id}
        className="form-select w-auto mw-100"
        value={participantId}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t`Everyone`}</option>
        {!listed && <option value={participantId}>{t`Participant ${participantId}`}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
