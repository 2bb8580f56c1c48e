import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import { jt, t } from "ttag";

import { LinkedText } from "../../../components/ui/LinkedText";
import { formatLocalDateTime } from "../../../components/ui/localTime";

export const CLASS_MESSAGES_ID = "class-messages";

// Who sent a message, when known, and when, said as one sentence.
function SentBy({ message }) {
  const sentTime = (
    <time key="sent" dateTime={message.sentAt}>
      {formatLocalDateTime(message.sentAt)}
    </time>
  );
  return message.senderName ? jt`From ${message.senderName}, ${sentTime}` : sentTime;
}

/*
 * What the class's instructor or the school wrote to the reader's family, newest first: as the
 * e-mail said it, plain text with its web addresses clickable. The e-mail's link back here
 * (`#class-messages`) brings the section into view once it has arrived.
 */
export function ClassMessages({ messages }) {
  const { hash } = useLocation();
  const section = useRef(null);
  useEffect(() => {
    if (hash === `#${CLASS_MESSAGES_ID}`) section.current?.scrollIntoView?.();
  }, [hash]);

  return (
    <div className="row g-4 g-lg-5 mt-0">
      <section
        id={CLASS_MESSAGES_ID}
        ref={section}
        className="col-lg-7"
        aria-labelledby="class-messages-heading"
      >
        <h2 id="class-messages-heading" className="h4">
          {t`Messages from the class`}
        </h2>
        <ol className="list-unstyled mb-0">
          {messages.map((message) => (
            <li key={message.id} className="border-top pt-3 mb-3">
              <article aria-labelledby={`class-message-${message.id}`}>
                <h3 id={`class-message-${message.id}`} className="h6 mb-1 text-break">
                  {message.subject}
                </h3>
                <p className="small text-body-secondary mb-2">
                  <SentBy message={message} />
                </p>
                <LinkedText text={message.body} className="text-break" />
              </article>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
