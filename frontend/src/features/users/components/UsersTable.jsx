// Every user with the two role buttons; the one for the role the user has is disabled.
// While one change is on its way every button waits, so two changes never cross.
export function UsersTable({ users, busy, onMakeAdmin, onMakeInstructor }) {
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
              <th scope="row">{index + 1}</th>
              <td>
                {user.photo ? (
                  <img
                    src={user.photo}
                    alt={user.name || user.email}
                    width="48"
                    height="48"
                    // A long table: only the rows scrolled to download their photos.
                    loading="lazy"
                    decoding="async"
                    className="rounded-circle object-fit-cover border"
                    referrerPolicy="no-referrer"
                  />
                ) : (
                  <span className="text-body-secondary">No photo</span>
                )}
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
                    disabled={busy || user.role === "instructor"}
                    onClick={() => onMakeInstructor(user)}
                  >
                    Make Instructor
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
