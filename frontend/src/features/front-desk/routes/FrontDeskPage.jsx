import { useState } from "react";
import { Link } from "react-router-dom";
import { t } from "ttag";

import { frontDeskPaths } from "../../../config/frontDeskPaths";
import { useTitle } from "../../../hooks/useTitle";
import { AddChildForm } from "../components/AddChildForm";
import { DeskCheckoutForm } from "../components/DeskCheckoutForm";
import { DeskPaymentPanel } from "../components/DeskPaymentPanel";
import { DeskResult } from "../components/DeskResult";
import { FamilyCard } from "../components/FamilyCard";
import { FamilyFinder } from "../components/FamilyFinder";
import { NewFamilyForm } from "../components/NewFamilyForm";

/*
 * The front desk: the office (or an admin) finds the family on the telephone or at the counter,
 * or registers it; adds its children with their care records taken by phone; chooses their
 * classes; and takes the payment. One family at a time, step by step down the page.
 */
export function FrontDeskPage() {
  useTitle(t`Front desk`);
  const [family, setFamily] = useState(null);
  const [checkout, setCheckout] = useState(null);
  const [result, setResult] = useState(null);

  function choose(next) {
    setFamily(next);
    setCheckout(null);
    setResult(null);
  }

  function childAdded(child) {
    setFamily((before) => ({ ...before, participants: [...before.participants, child] }));
  }

  function childChanged(child) {
    setFamily((before) => ({
      ...before,
      participants: before.participants.map((other) => (other.id === child.id ? child : other)),
    }));
  }

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
        <h1>{t`Front desk`}</h1>
        <Link to={frontDeskPaths.day}>{t`The day's takings`}</Link>
      </div>
      {!family ? (
        <>
          <FamilyFinder onChoose={choose} />
          <NewFamilyForm onCreated={choose} />
        </>
      ) : (
        <>
          <FamilyCard
            family={family}
            onChangeFamily={() => choose(null)}
            onChildChanged={childChanged}
          />
          {result ? (
            <DeskResult
              result={result}
              family={family}
              onNext={() => {
                setCheckout(null);
                setResult(null);
              }}
            />
          ) : checkout ? (
            <DeskPaymentPanel checkout={checkout} family={family} onDone={setResult} />
          ) : (
            <>
              <AddChildForm family={family} onAdded={childAdded} />
              <DeskCheckoutForm family={family} onOpened={setCheckout} />
            </>
          )}
        </>
      )}
    </>
  );
}
