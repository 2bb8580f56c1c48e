import { useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { msgid, ngettext, t } from "ttag";

import { DismissibleAlert } from "../../../components/ui/DismissibleAlert";
import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { useDebouncedValue } from "../../../hooks/useDebouncedValue";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import {
  USERS_PAGE_SIZE,
  useMakeUserAdmin,
  useMakeUserInstructor,
  useSetUserRole,
  useUsersPage,
} from "../../../api/users";
import { RoleChangeDialog, personName, roleName } from "../components/RoleChangeDialog";
import { UndoToast } from "../components/UndoToast";
import { UsersTable } from "../components/UsersTable";

// The server is asked once typing pauses this long.
export const SEARCH_DELAY_MS = 300;
// As long as the longest e-mail address; the server refuses longer.
const SEARCH_MAX_LENGTH = 254;

function pageOf(value) {
  const page = Number.parseInt(value ?? "", 10);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/*
 * Manage Users: every user, a page at a time, searched by name or e-mail (kept in the address as
 * ?search=&page=, so a reload keeps the place). A role change is asked for in a dialog first and
 * can be undone from the message that follows, which gives back the role the person had.
 */
export function ManageUsersPage() {
  useTitle(t`Manage Users`);
  const { user: me } = useAuth();
  const searchId = useId();
  const headingRef = useRef(null);
  const [params, setParams] = useSearchParams();
  const search = (params.get("search") ?? "").trim();
  const page = pageOf(params.get("page"));

  const [typed, setTyped] = useState(search);
  const settled = useDebouncedValue(typed, SEARCH_DELAY_MS).trim();
  // Only a newly settled search moves the address (Enter may have moved it already); a new
  // search starts at its first page.
  const lastSettled = useRef(settled);
  useEffect(() => {
    if (settled === lastSettled.current) return;
    lastSettled.current = settled;
    if (settled !== search) setParams(settled ? { search: settled } : {}, { replace: true });
  }, [settled, search, setParams]);

  const { data, error } = useUsersPage({ search, page });
  // While searching, the heading still counts every user: one row asked for its total.
  const { data: everyone } = useUsersPage(search ? { page: 1, pageSize: 1 } : null);
  const total = search ? everyone?.total : data?.total;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / USERS_PAGE_SIZE));

  const makeAdmin = useMakeUserAdmin();
  const makeInstructor = useMakeUserInstructor();
  const setRole = useSetUserRole();
  const [asking, setAsking] = useState(null);
  const [busy, setBusy] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const [toast, setToast] = useState(null);
  const [failure, setFailure] = useState("");

  function goToPage(number) {
    const next = { page: String(number) };
    if (search) next.search = search;
    setParams(next, { replace: true });
  }

  function ask(user, role, actionLabel, change) {
    setFailure("");
    setAsking({ user, role, actionLabel, change });
  }

  async function confirmChange() {
    const { user, role, change } = asking;
    setBusy(true);
    try {
      await change(user._id);
      setAsking(null);
      const person = personName(user);
      const newRole = roleName(role);
      setToast({
        message: t`${person} is successfully made as ${newRole}`,
        undo: { user, role: user.role },
      });
    } catch (changeError) {
      setAsking(null);
      setFailure(changeError.message);
    } finally {
      setBusy(false);
    }
  }

  async function undoChange() {
    const { user, role } = toast.undo;
    setUndoing(true);
    try {
      await setRole(user._id, role);
      const person = personName(user);
      const oldRole = roleName(role);
      setToast({ message: t`${person} is ${oldRole} again.` });
    } catch (undoError) {
      setToast(null);
      setFailure(t`The change could not be undone. ${undoError.message}`);
    } finally {
      setUndoing(false);
      // The Undo button is gone: the page's heading holds the focus, not the page body.
      headingRef.current?.focus();
    }
  }

  function closeToast() {
    const focusInToast = Boolean(document.activeElement?.closest?.(".toast"));
    setToast(null);
    if (focusInToast) headingRef.current?.focus();
  }

  const shownTotal = total ?? "…";
  const matches = data?.total;
  let content;
  if (data) {
    content =
      data.items.length === 0 ? (
        <p className="text-body-secondary text-center py-4 mb-0">
          {search ? t`No user’s name or email holds “${search}”.` : t`No users yet.`}
        </p>
      ) : (
        <UsersTable
          users={data.items}
          busy={busy || undoing}
          myEmail={me?.email}
          firstNumber={(page - 1) * USERS_PAGE_SIZE + 1}
          onMakeAdmin={(user) => ask(user, "admin", t`Make Admin`, makeAdmin)}
          onMakeInstructor={(user) => ask(user, "instructor", t`Make Instructor`, makeInstructor)}
        />
      );
  } else if (error) {
    content = <ErrorAlert title={t`The users could not be loaded.`} error={error} />;
  } else {
    content = <Loading label={t`Loading users…`} />;
  }

  return (
    <section aria-labelledby="manage-users-heading">
      <h1 id="manage-users-heading" ref={headingRef} tabIndex={-1} className="h2 mb-4">
        {t`Total Users: ${shownTotal}`}
      </h1>
      <form
        role="search"
        className="mb-3"
        onSubmit={(event) => {
          // Enter searches at once, without waiting for the pause.
          event.preventDefault();
          const words = typed.trim();
          if (words !== search) setParams(words ? { search: words } : {}, { replace: true });
        }}
      >
        <label htmlFor={searchId} className="form-label">
          {t`Search users`}
        </label>
        <input
          id={searchId}
          type="search"
          className="form-control"
          placeholder={t`Name or email`}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </form>
      <p className="small text-body-secondary" aria-live="polite">
        {search && data && !error
          ? ngettext(
              msgid`${matches} user matches “${search}”.`,
              `${matches} users match “${search}”.`,
              matches,
            )
          : ""}
      </p>
      <DismissibleAlert message={failure} onClose={() => setFailure("")} />
      {content}
      {data && pages > 1 && (
        <nav
          aria-label={t`Pages of users`}
          className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3"
        >
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={page <= 1}
            onClick={() => goToPage(page - 1)}
          >
            {t`Previous`}
          </button>
          <span>
            {ngettext(
              msgid`Page ${page} of ${pages} · ${matches} user`,
              `Page ${page} of ${pages} · ${matches} users`,
              matches,
            )}
          </span>
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={page >= pages}
            onClick={() => goToPage(page + 1)}
          >
            {t`Next`}
          </button>
        </nav>
      )}
      {asking && (
        <RoleChangeDialog
          user={asking.user}
          role={asking.role}
          actionLabel={asking.actionLabel}
          busy={busy}
          onConfirm={confirmChange}
          onClose={() => setAsking(null)}
        />
      )}
      <UndoToast
        message={toast?.message ?? ""}
        onUndo={toast?.undo ? undoChange : undefined}
        busy={undoing}
        onClose={closeToast}
      />
    </section>
  );
}
