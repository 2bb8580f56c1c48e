// Every client route in one place.
export const paths = {
  home: "/",
  instructors: "/all-instructors",
  instructorPage: (id) => `/instructors/${id}`,
  classes: "/all-classes",
  classPage: (id) => `/classes/${id}`,
  // Children's artwork the school shows the world: approved, every child with photo consent.
  gallery: "/gallery",
  login: "/login",
  register: "/register",
  forgotPassword: "/forgot-password",
  // The school's own pages, linked from the footer.
  about: "/about",
  contact: "/contact",
  terms: "/terms",
  privacy: "/privacy",
  cookies: "/cookies",
  accessibility: "/accessibility",
  // The opening morning's line, where a family waits for its turn to register.
  waitingRoom: "/waiting-room",
  // A lottery season's draw, for anyone to check: the seed's commitment, then the order and
  // every wish's outcome.
  seasonDraw: (seasonId) => `/seasons/${seasonId}/draw`,
  // The link at the foot of every announcement e-mail: no sign-in, the token is the key.
  unsubscribe: (token) => `/unsubscribe/${token}`,
  // The link of the e-mail telling a family an instalment failed: it leads to the balance below.
  balanceLink: (enrolmentId) => `/balance/${enrolmentId}`,
  // The office and admins: registering a family in person or by phone (its other pages are in
  // frontDeskPaths.js, out of the first load).
  frontDesk: "/frontDesk",
  dashboard: {
    root: "/dashboard",
    allUsers: "/dashboard/all-users",
    manageClasses: "/dashboard/manage-classes",
    // Admins: children of upcoming classes whose care record or policies are not complete.
    careMissing: "/dashboard/care-missing",
    // Admins: each day's attendance by meeting, and who is still here now.
    attendance: "/dashboard/attendance",
    // Admins: the season at a glance, in charts and tables that export.
    reports: "/dashboard/reports",
    // Admins: the opening morning's line as it moves, and a button to pause it.
    waitingRoom: "/dashboard/waiting-room",
    // Admins: incident reports to review and close.
    incidents: "/dashboard/incidents",
    // Admins: children's artwork to approve for the public gallery, or withdraw from it.
    artwork: "/dashboard/artwork",
    myClasses: "/dashboard/my-classes",
    // Instructors and admins: today's class meetings, to take attendance on a phone.
    today: "/dashboard/today",
    addClass: "/dashboard/add-class",
    updateClass: (id) => `/dashboard/update-class/${id}`,
    classRoster: (id) => `/dashboard/my-classes/${id}/roster`,
    // Writing to a class's families, and what was written before.
    classMessages: (id) => `/dashboard/my-classes/${id}/messages`,
    // One child's care record, as the class's instructor (or an admin) may read it.
    participantCare: (classId, participantId) =>
      `/dashboard/my-classes/${classId}/participants/${participantId}/care`,
    profile: "/dashboard/profile",
    mySelectedClasses: "/dashboard/my-selected-classes",
    myEnrolledClasses: "/dashboard/my-enrolled-classes",
    myPaymentHistory: "/dashboard/my-payment-history",
    receipt: (paymentId) => `/dashboard/receipts/${paymentId}`,
    // A family's checkout's one receipt: every class of it, and its one card charge.
    checkoutReceipt: (checkoutId) => `/dashboard/receipts/checkouts/${checkoutId}`,
    // What is left to pay for a seat paid by a plan, and paying it (`?pay=due` or `?pay=all`).
    balance: (enrolmentId) => `/dashboard/balance/${enrolmentId}`,
    family: "/dashboard/family",
    // One person's care record (allergies, contacts, consents), from their card on My Family.
    careRecord: (participantId) => `/dashboard/family/${participantId}/care`,
    // The offer e-mail links to an entry here: `#offer-<entry id>`.
    waitlist: "/dashboard/waitlist",
    // A family's wishes for a lottery season's draw, and what the draw gave each child.
    seasonWishes: (seasonId) => `/dashboard/seasons/${seasonId}/wishes`,
    payment: (id) => `/dashboard/payment/${id}`,
    checkout: (id) => `/dashboard/checkout/${id}`,
  },
};

export function dashboardHomeFor(role) {
  if (role === "admin") return paths.dashboard.allUsers;
  if (role === "instructor") return paths.dashboard.myClasses;
  if (role === "office") return paths.frontDesk;
  return paths.dashboard.mySelectedClasses;
}
