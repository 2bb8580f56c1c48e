import { Picture } from "../../../components/ui/Picture";

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
    <div className="table-responsive">
      <table className="table table-hover align-middle">
        <caption className="visually-hidden">Users and their roles</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Profile</th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user, index) => (
            <tr key={user._id}>
              <th scope="row">{firstNumber + index}</th>
              <td>
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
              </td>
              <td>{user.name}</td>
              <td className="text-break">{user.email}</td>
              <td className="text-capitalize">{user.role}</td>
              <td>
                <div className="d-flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn btn-sm btn-primary"
                    disabled={busy || user.role === "admin"}
                    onClick={() => onMakeAdmin(user)}
                  >
                    Make Admin
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary"
                    disabled={busy || user.role === "instructor" || isMe(user)}
                    aria-describedby={isMe(user) ? "own-role-note" : undefined}
                    onClick={() => onMakeInstructor(user)}
                  >
                    Make Instructor
                  </button>
                </div>
                {isMe(user) && (
                  <p id="own-role-note" className="small text-body-secondary mb-0 mt-1">
                    Your own role: another admin can change it.
                  </p>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
