import { stageLabel } from "./artworkWords";

// A piece's stage; ready for pick-up stands out, as it asks the family to come for it.
export function StageBadge({ stage }) {
  const ready = stage === "ready";
  return (
    <span className={`badge ${ready ? "text-bg-success" : "text-bg-light border"} artwork-stage`}>
      {stageLabel(stage)}
    </span>
  );
}
