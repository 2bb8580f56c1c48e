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
