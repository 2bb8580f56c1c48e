// First: the care record's missing items are named as their module is imported.
import "../../../testing/inSpanish";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

import { loadStripeJs } from "../../../lib/loadStripeJs";
import { listPage, respond, stubApi } from "../../../testing/api";
import { fakeStripe } from "../../../testing/fakeStripe";
import { family } from "../../../testing/deskFixtures";
import { makeCheckoutLine, makeClass } from "../../../testing/fixtures";
import { renderRoutes, signedIn } from "../../../testing/renderWithProviders";
import { FrontDeskPage } from "./FrontDeskPage";

jest.mock("../../../lib/loadStripeJs", () => ({ loadStripeJs: jest.fn() }));

// A desk visit typed key by key, from the search to the payment.
jest.setTimeout(30000);

const otherLopez = { ...family, id: 41, name: "Bea Lopez", email: "bea@family.test" };

const listed = makeClass({ _id: 3, nameClass: "Watercolor Basics" });
const catalog = "/classes?status=Approved&page=1&page_size=24";
const opened = {
  id: 9,
  status: "open",
  lines: [makeCheckoutLine({ participantId: 31, participantName: "Mia Lopez", price: 60 })],
  promoCode: null,
  promoCodeProblem: "",
  credit: 0,
  total: 60,
  later: 0,
  holdExpiresAt: new Date(Date.now() + 15 * 60 * 1000).toISOString(),
  clientSecret: "seti_9_secret_abc",
};

function renderPage(answers = {}) {
  stubApi({
    "/frontDesk/families?q=lopez": [family],
    [catalog]: listPage([listed], 1),
    "/classes/3": { ...listed, addOns: [], questions: [] },
    ...answers,
  });
  renderRoutes([{ path: "/frontDesk", element: <FrontDeskPage /> }], {
    route: "/frontDesk",
    auth: signedIn("office"),
  });
  return userEvent.setup();
}

beforeEach(() => {
  loadStripeJs.mockReset();
  loadStripeJs.mockResolvedValue(fakeStripe());
});

test("the desk speaks Spanish from the search to the payment taken in cash", async () => {
  const user = renderPage({
    "POST /frontDesk/checkouts": respond(201, opened),
    "POST /frontDesk/checkouts/9/payment": respond(201, {
      checkout: { ...opened, status: "paid", clientSecret: null },
      payments: [],
    }),
  });

  expect(screen.getByRole("heading", { level: 1, name: "Recepción" })).toBeInTheDocument();
  expect(document.title).toMatch(/^Recepción/);
  expect(screen.getByRole("link", { name: "Los ingresos del día" })).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "Buscar una familia" })).toBeInTheDocument();
  await user.type(screen.getByLabelText("Nombre, correo electrónico o teléfono"), "lopez");
  expect(await screen.findByText("1 familia encontrada")).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Elegir a Ana Lopez" }));

  expect(screen.getByRole("button", { name: "Otra familia" })).toBeInTheDocument();
  const children = within(screen.getByRole("list", { name: "Niños" }));
  expect(children.getByText("Falta: contactos de emergencia")).toBeInTheDocument();
  expect(children.getByText("Por firmar en línea: liability waiver")).toBeInTheDocument();
  expect(
    children.getByRole("button", { name: "Tomar por teléfono la ficha de cuidado de Mia" }),
  ).toBeInTheDocument();
  const addChild = within(screen.getByRole("region", { name: "Agregar un niño" }));
  expect(
    addChild.getByRole("group", { name: "Ficha de cuidado, tomada por teléfono" }),
  ).toBeVisible();

  const classes = within(screen.getByRole("region", { name: "Clases para Ana Lopez" }));
  await user.click(
    await classes.findByRole("button", { name: "Agregar Watercolor Basics para Mia" }),
  );
  expect(classes.getByText("Watercolor Basics para Mia")).toBeInTheDocument();
  await user.click(classes.getByRole("button", { name: "Ir al pago" }));

  expect(await screen.findByRole("heading", { name: "Pago" })).toBeInTheDocument();
  expect(screen.getByText("A pagar ahora: $60.00")).toBeInTheDocument();
  expect(screen.getByRole("group", { name: "Cómo paga la familia" })).toBeInTheDocument();
  await user.click(screen.getByRole("radio", { name: "Efectivo" }));
  await user.click(screen.getByRole("button", { name: "Cobrar $60.00" }));

  expect(await screen.findByRole("heading", { name: "Pagado e inscrito" })).toHaveFocus();
  expect(
    screen.getByText("Pagado en efectivo: $60.00. El recibo se envió a ana@family.test."),
  ).toBeInTheDocument();
  expect(screen.getByText("Inscripción: Watercolor Basics para Mia Lopez")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Otro pago para Ana Lopez" })).toBeInTheDocument();
  expect(
    screen.queryByText(/Front desk|Find a family|Still needed|Paid and enrolled|receipt was sent/),
  ).not.toBeInTheDocument();
});

test("several families found are counted, and a new family's form refuses in Spanish", async () => {
  const user = renderPage({ "/frontDesk/families?q=lopez": [family, otherLopez] });

  await user.type(screen.getByLabelText("Nombre, correo electrónico o teléfono"), "lopez");
  expect(await screen.findByText("2 familias encontradas")).toBeInTheDocument();
  expect(screen.getByRole("list", { name: "Familias encontradas" })).toBeInTheDocument();

  const form = within(screen.getByRole("region", { name: "Registrar una familia nueva" }));
  await user.type(form.getByLabelText("Correo electrónico"), "ana");
  await user.click(form.getByRole("button", { name: "Registrar a la familia" }));

  await waitFor(() =>
    expect(form.getByLabelText("Nombre del titular de la cuenta")).toHaveAccessibleDescription(
      /Ingrese el nombre del titular de la cuenta\./,
    ),
  );
  expect(form.getByLabelText("Correo electrónico")).toHaveAccessibleDescription(
    /Ingrese un correo electrónico como nombre@ejemplo\.com\./,
  );
  expect(screen.queryByText(/families found|Enter the account holder|Register/)).toBeNull();
});

test("a cheque without its number is refused in Spanish", async () => {
  const user = renderPage({ "POST /frontDesk/checkouts": respond(201, opened) });
  await user.type(screen.getByLabelText("Nombre, correo electrónico o teléfono"), "lopez");
  await user.click(await screen.findByRole("button", { name: "Elegir a Ana Lopez" }));
  await user.click(
    await screen.findByRole("button", { name: "Agregar Watercolor Basics para Mia" }),
  );
  await user.click(screen.getByRole("button", { name: "Ir al pago" }));
  await screen.findByRole("heading", { name: "Pago" });

  await user.click(screen.getByRole("radio", { name: "Cheque" }));
  await user.click(screen.getByRole("button", { name: "Cobrar $60.00" }));

  expect(await screen.findByRole("alert")).toHaveTextContent("Ingrese el número del cheque.");
  expect(screen.getByLabelText("Número de cheque")).toBeInTheDocument();
  expect(screen.queryByText(/Enter the cheque's number|Cheque number/)).toBeNull();
});
