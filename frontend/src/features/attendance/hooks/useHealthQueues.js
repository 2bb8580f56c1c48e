import { useCallback, useState } from "react";

import { sendIncident, useSendDose } from "../../../api/todayHealth";
import { useOfflineQueue } from "./useOfflineQueue";

export const INCIDENT_DATABASE = "camp-incidents";
export const DOSE_DATABASE = "camp-medications";

/*
 * Incident reports written on this device, kept and sent as useOfflineQueue does; `sent` are the
 * ones the server has recorded during this visit, as they were kept, with the report's id.
 */
export function useIncidentQueue() {
  const [sent, setSent] = useState([]);
  const heard = useCallback((answer, entry) => {
    setSent((known) => [...known, { ...entry, id: answer.id }]);
  }, []);
  return { ...useOfflineQueue(INCIDENT_DATABASE, sendIncident, heard), sent };
}

// Doses given, refused or missed on this device, kept and sent as useOfflineQueue does.
export function useDoseQueue() {
  const send = useSendDose();
  return useOfflineQueue(DOSE_DATABASE, send);
}
