import { t } from "ttag";

/*
 * The school's commitment to the draw's seed (its SHA-256, published before the wishes close),
 * and why it matters; or that it is not published yet.
 */
export function Commitment({ seedHash }) {
  if (!seedHash) {
    return (
      <p className="mb-2">
        {t`The school has not published its commitment to the draw's seed yet. It does so before the wishes close.`}
      </p>
    );
  }
  return (
    <>
      <p className="mb-1">{t`The school committed to its seed:`}</p>
      <p className="mb-1">
        <code className="text-body text-break">{seedHash}</code>
      </p>
      <p className="small text-body-secondary mb-2">
        {t`This is the SHA-256 of the seed, a secret that decides the draw's order. It is published before the wishes close and the seed after the draw, so the school cannot pick a seed that favours anyone, and anyone can check the two match.`}
      </p>
    </>
  );
}
