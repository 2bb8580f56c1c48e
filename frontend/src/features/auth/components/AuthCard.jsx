// The frame shared by the login and register pages. `noticeTone` is "success" for good news
// (registered, e-mail sent) and "info" for news that is not (the session ended).
export function AuthCard({ title, notice, noticeTone = "success", error, children, footer }) {
  return (
    <div className="container py-5">
      <div className="row justify-content-center">
        <div className="col-sm-10 col-md-8 col-lg-6 col-xl-5">
          <h1 className="h2 mb-4 text-center">{title}</h1>
          {notice && (
            <div className={`alert alert-${noticeTone}`} role="status">
              {notice}
            </div>
          )}
          {error && (
            <div className="alert alert-danger" role="alert">
              {error}
            </div>
          )}
          <div className="card shadow-sm">
            <div className="card-body p-4">{children}</div>
          </div>
          <p className="text-center mt-3 mb-0">{footer}</p>
        </div>
      </div>
    </div>
  );
}
