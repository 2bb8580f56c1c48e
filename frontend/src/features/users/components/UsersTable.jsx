import { t } from "ttag";

import { LongText } from "../../../components/ui/LongText";
import { Picture } from "../../../components/ui/Picture";
import { Cell, Row, RowHeader, StackedTable } from "../../../components/ui/StackedTable";

// The row's place in the list: a sign every language reads.
const NUMBER = "#";
const COLUMNS = [NUMBER, t`Profile`, t`Name`, t`Email`, t`Role`, t`Actions`];

// The role each user has, in the page's language.
const ROLE_LABELS = { admin: t`admin`, instructor: t`instructor`, student: t`student` };

// Every user with the two role buttons; the one for the role the user has is disabled.
// While one change is on its way every button waits, so two changes never cross. The signed-in
// admin's own row offers no change: the server refuses an admin taking away their own role.
// Rows are numbered from `firstNumber`, the place of the page's first user in the whole list.
export function UsersTable({
  users,
  busy,
  onMakeAdmin,
  onMakeInstructor,
  myEmail,
  firstNumber = 1,
}) {
  const me = myEmail?.toLowerCase();
  const isMe = (user) => Boolean(me) && user.email.toLowerCase() === me;
  return (
    <StackedTable caption={t`Users and their roles`} columns={COLUMNS} className="table-hover">
      {users.map((user, index) => (
        <Row key={user._id}>
          <RowHeader label={NUMBER}>{firstNumber + index}</RowHeader>
          <Cell label={t`Profile`}>
            <Picture
              src={user.photo}
              alt={user.name || user.email}
              person
              width={48}
              height={48}
              round
              // A long table: only the rows scrolled to download their photos.
              priority="lazy"
              className="border"
              referrerPolicy="no-referrer"
            />
          </Cell>
          <Cell label={t`Name`}>
            <LongText text={user.name} />
          </Cell>
          <Cell label={t`Email`}>
            <LongText text={user.email} />
          </Cell>
          <Cell label={t`Role`} className="text-capitalize">
            {ROLE_LABELS[user.role] ?? user.role}
          </Cell>
          <Cell label={t`Actions`}>
            <div className="d-flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={busy || user.role === "admin"}
                onClick={() => onMakeAdmin(user)}
              >
                {t`Make Admin`}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                disabled={busy || user.role === "instructor" || isMe(user)}
                aria-describedby={isMe(user) ? "own-role-note" : undefined}
                onClick={() => onMakeInstructor(user)}
              >
                {t`Make Instructor`}
              </button>
            </div>
            {isMe(user) && (
              <p id="own-role-note" className="small text-body-secondary mb-0 mt-1">
                {t`Your own role: another admin can change it.`}
              </p>
            )}
          </Cell>
        </Row>
      ))}
    </StackedTable>
  );
}
