import { formatPrice } from "../../../components/ui/formatPrice";
import { isFull, seatsLeft } from "./unitFacts";

// A unit's price and what is left of it, said beside its label (and read with its checkbox).
export function UnitFacts({ id, unit, refusal }) {
  const full = isFull(unit);
  return (
    <div id={id} className="small text-body-secondary">
      {formatPrice(unit.price)} ·{" "}
      <span className={full ? "fw-semibold text-danger-emphasis" : undefined}>
        {seatsLeft(unit)}
      </span>
      {refusal && !full && <span className="d-block">{refusal}</span>}
    </div>
  );
}
