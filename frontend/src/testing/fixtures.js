// Data shaped like the server's JSON (spec section 3), for stubbed API answers.
let nextId = 1;

export function makeClass(overrides = {}) {
  const id = nextId++;
  return {
    _id: id,
    nameClass: `Class ${id}`,
    image: `https://images.camp.test/classes/${id}.jpg`,
    price: 45.5,
    seats: 10,
    instructorName: "Ada Brush",
    instructorEmail: "ada@camp.test",
    status: "Approved",
    enroll: 3,
    ...overrides,
  };
}

export function makeInstructor(overrides = {}) {
  const id = nextId++;
  return {
    name: `Instructor ${id}`,
    photo: `https://images.camp.test/people/${id}.jpg`,
    email: `instructor${id}@camp.test`,
    ...overrides,
  };
}

// One selected class of student@camp.test (the signedIn("student") session's e-mail).
export function makeSelection(overrides = {}) {
  return {
    _id: 11,
    classId: 3,
    nameClass: "Watercolor Basics",
    image: "https://images.camp.test/classes/3.jpg",
    instructorEmail: "ada@camp.test",
    instructorName: "Ada Brush",
    email: "student@camp.test",
    price: 45.5,
    seats: 4,
    enroll: 2,
    status: "Selected",
    ...overrides,
  };
}
