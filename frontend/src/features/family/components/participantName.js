import { t } from "ttag";

// "Mia Lopez"; the account holder without a name on file is "Myself".
export function participantName(participant) {
  const parts = [participant.firstName, participant.lastName].map((part) => (part ?? "").trim());
  return parts.filter(Boolean).join(" ") || t`Myself`;
}
