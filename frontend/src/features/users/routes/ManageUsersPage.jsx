import { useState } from "react";

import { ErrorAlert } from "../../../components/ui/ErrorAlert";
import { Loading } from "../../../components/ui/Loading";
import { Toast } from "../../../components/ui/Toast";
import { useTitle } from "../../../hooks/useTitle";
import { useAuth } from "../../../lib/auth";
import { useMakeUserAdmin, useMakeUserInstructor, useUsers } from "../../../api/users";
import { UsersTable } from "../components/UsersTable";

export function ManageUsersPage() {
  useTitle("Manage Users");
  const { user: me, refreshRole } = useAuth();
  const { data: users, error } = useUsers();
  const makeAdmin = useMakeUserAdmin();
  const makeInstructor = useMakeUserInstructor();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState("");
  const [failure, setFailure] = useState("");

  async function changeRole(user, change, roleName) {
    setBusy(true);
    setFailure("");
    try {
      await change(user._id);
      setNotice(`${user.name || user.email} is successfully made as ${roleName}`);
      // An admin who changed their own role leaves this page through the guard.
      if (user.email === me?.email)
        refreshRole().catch((refreshError) => console.error(refreshError));
    } catch (changeError) {
      setFailure(changeError.message);
    } finally {
      setBusy(false);
    }
  }

  let content;
  if (users) {
    content = (
      <UsersTable
        users={users}
        busy={busy}
        onMakeAdmin={(user) => changeRole(user, makeAdmin, "an admin")}
        onMakeInstructor={(user) => changeRole(user, makeInstructor, "an instructor")}
      />
    );
  } else if (error) {
    content = <ErrorAlert title="The users could not be loaded." error={error} />;
  } else {
    content = <Loading label="Loading users…" />;
  }

  return (
    <section aria-labelledby="manage-users-heading">
      <h1 id="manage-users-heading" className="h2 mb-4">
        Total Users: {users ? users.length : "…"}
      </h1>
      {failure && (
        <div className="alert alert-danger alert-dismissible" role="alert">
          {failure}
          <button
            type="button"
            className="btn-close"
            aria-label="Close"
            onClick={() => setFailure("")}
          />
        </div>
      )}
      {content}
      <Toast message={notice} onClose={() => setNotice("")} />
    </section>
  );
}
