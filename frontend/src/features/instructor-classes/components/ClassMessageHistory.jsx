import { msgid, ngettext, t } from "ttag";

import { LinkedText } from "../../../components/ui/LinkedText";
import { formatLocalDateTime } from "../../../components/ui/localTime";
import { audienceSentTo } from "./classMessageSchema";

function familiesCount(count) {
  return ngettext(msgid`${count} family`, `${count} families`, count);
}

/*
 * What was written to the class's families, newest first: each message's subject, when, to whom
 * and to how many families, who wrote it, and, opened, the message as the families read it.
 */
export function ClassMessageHistory({ messages }) {
  return (
    <ol className="list-unstyled mb-0">
      {messages.map((message) => (
        <li key={message.id} className="border rounded p-3 mb-3">
          <article aria-labelledby={`class-message-${message.id}`}>
            <h3 id={`class-message-${message.id}`} className="h6 mb-2 text-break">
              {message.subject}
              {message.announcement && (
                <span className="badge text-bg-secondary ms-2 align-middle">{t`Announcement`}</span>
              )}
            </h3>
            <dl className="row small mb-2">
              <dt className="col-sm-3 mb-0">{t`Sent`}</dt>
              <dd className="col-sm-9 mb-1">
                <time dateTime={message.sentAt}>{formatLocalDateTime(message.sentAt)}</time>
              </dd>
              <dt className="col-sm-3 mb-0">{t`To`}</dt>
              <dd className="col-sm-9 mb-1">{audienceSentTo(message.audience)}</dd>
              {message.recipients !== undefined && (
                <>
                  <dt className="col-sm-3 mb-0">{t`Recipients`}</dt>
                  <dd className="col-sm-9 mb-1">{familiesCount(message.recipients)}</dd>
                </>
              )}
              <dt className="col-sm-3 mb-0">{t`From`}</dt>
              <dd className="col-sm-9 mb-1 text-break">
                {message.senderName || t`Someone no longer at the school`}
              </dd>
            </dl>
            <details>
              <summary>{t`Read the message`}</summary>
              <LinkedText text={message.body} className="mt-2 text-break" />
            </details>
          </article>
        </li>
      ))}
    </ol>
  );
}
