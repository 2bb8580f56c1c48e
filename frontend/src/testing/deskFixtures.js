// A family at the front desk, as the desk's family search answers it: the account holder, Ana,
// and her daughter Mia, whose care record still lacks two things.
export const holder = {
  id: 30,
  firstName: "Ana",
  lastName: "Lopez",
  name: "Ana Lopez",
  dateOfBirth: null,
  isAccountHolder: true,
  careMissing: [],
  careToConfirm: false,
};
export const mia = {
  ...holder,
  id: 31,
  firstName: "Mia",
  name: "Mia Lopez",
  dateOfBirth: "2017-05-02",
  isAccountHolder: false,
  careMissing: ["emergencyContacts", "policy:liability-waiver"],
};
export const family = {
  id: 40,
  name: "Ana Lopez",
  email: "ana@family.test",
  phone: "555-0101",
  credit: 0,
  participants: [holder, mia],
};
