import { screen, within } from "@testing-library/react";

import { stubApi } from "../../../testing/api";
import { expectNoSeriousA11yViolations } from "../../../testing/axe";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { MyPaymentHistoryPage } from "./MyPaymentHistoryPage";
import { expectSizedLazyImage } from "../../../testing/images";

const myPayments = "/payments/student%40camp.test";

function payment(overrides) {
  return {
    _id: 7,
    email: "student@camp.test",
    studentName: "Sam Student",
    transactionId: "pi_3Pay",
    price: 45.5,
    date: "2025-06-01T10:30:00Z",
    nameClass: "Watercolor Basics",
    image: "https://images.camp.test/classes/3.jpg",
    instructorEmail: "ada@camp.test",
    instructorName: "Ada Brush",
    payId: 11,
    classId: 3,
    seats: 3,
    enroll: 3,
    status: "enrolled",
    refundReason: "",
    ...overrides,
  };
}

function renderPage() {
  return renderRoutes(
    [{ path: "/dashboard/my-payment-history", element: <MyPaymentHistoryPage /> }],
    {
      route: "/dashboard/my-payment-history",
      auth: signedIn("student"),
    },
  );
}

test("each payment is a row with number, banner, class, instructor, price, date, transaction and status", async () => {
  const refunded = payment({
    _id: 8,
    nameClass: "Pottery Wheel",
    price: 120,
    date: "2025-06-02T08:05:00Z",
    status: "refunded",
    refundReason: "The last seat went to someone else.",
  });
  stubApi({ [myPayments]: [refunded, payment()] });
  renderPage();

  const table = await screen.findByRole("table");
  expect(document.title).toBe("My Payment History | Camp");
  const headers = within(table)
    .getAllByRole("columnheader")
    .map((header) => header.textContent);
  expect(headers).toEqual([
    "#",
    "Banner",
    "Class Name",
    "Instructor Email",
    "Price",
    "Payment Date",
    "Transaction",
    "Status",
  ]);
  const [, first, second] = within(table).getAllByRole("row");
  const expectedDate = new Intl.DateTimeFormat(undefined, {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date("2025-06-01T10:30:00Z"));
  expect(within(second).getByRole("rowheader")).toHaveTextContent("2");
  expect(within(second).getByRole("img", { name: "Watercolor Basics" })).toHaveAttribute(
    "src",
    "https://images.camp.test/classes/3.jpg",
  );
  expectSizedLazyImage(within(second).getByRole("img", { name: "Watercolor Basics" }));
  expect(within(second).getByText("ada@camp.test")).toBeInTheDocument();
  expect(within(second).getByText("$45.50")).toBeInTheDocument();
  expect(within(second).getByText(expectedDate)).toHaveAttribute(
    "datetime",
    "2025-06-01T10:30:00Z",
  );
  expect(within(second).getByText("pi_3Pay")).toBeInTheDocument();
  expect(within(second).getByText("Enrolled")).toBeInTheDocument();
  expect(within(first).getByRole("rowheader")).toHaveTextContent("1");
  expect(within(first).getByText("$120.00")).toBeInTheDocument();
  expect(within(first).getByText("Refunded")).toBeInTheDocument();
  expect(within(first).getByText("The last seat went to someone else.")).toBeInTheDocument();
  await expectNoSeriousA11yViolations();
});

test("without payments the page says so", async () => {
  stubApi({ [myPayments]: [] });
  renderPage();

  expect(await screen.findByText("You have not made any payments yet.")).toBeInTheDocument();
  expect(screen.queryByRole("table")).not.toBeInTheDocument();
});
